/**
 * The web app in AWS: its build (clients/web/dist) in a private bucket that
 * only the edge's CloudFront distribution reads (origin access control), and
 * the pieces the distribution routes with (./edge.ts): a viewer-request
 * function answering every page path (no file extension) with the app's
 * shell, so deep links from notifications open the app without mapping
 * 403/404 errors (which would also hide the API's), and one sending the
 * share pages to the API route that writes their link preview. Hashed files
 * (assets/*) are stored as immutable for a year; the shell and the other
 * files are revalidated, and written after the hashed files they name, so a
 * shell never points at a file not yet there. Old hashed files are kept for
 * browsers still holding an older shell.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { CachePolicy, Function as CloudFrontFunction, FunctionCode, FunctionRuntime } from 'aws-cdk-lib/aws-cloudfront';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { APP_SHELL, FILE_SEGMENT, HASHED_ASSETS_PREFIX, SHARE_PAGE_PATTERN, webCacheControl } from '#shared/domain/web/web-paths.ts';
import { acknowledge, arnWildcard } from './nag.ts';

/** Thrown at synth when the app has not been built: the deployment would otherwise ship nothing. */
export class WebAppNotBuilt extends Error {
  override name = 'WebAppNotBuilt';
  constructor(distDir: string) {
    super(`The web app is not built: ${join(distDir, 'index.html')} is missing. Run \`npm run web:build\` (npm run synth builds it when stale).`);
  }
}

/** The viewer-request function of the app's behaviour: a path without a file extension is a page, answered with the shell. */
export const appShellFunctionCode = (): string => `var FILE = ${FILE_SEGMENT.toString()};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (!FILE.test(uri.substring(uri.lastIndexOf('/') + 1))) request.uri = '${APP_SHELL}';
  return request;
}`;

/** The viewer-request function of the /share/* behaviour: the share page's API route, under the path the app shows. */
export const sharePageFunctionCode = (): string => `var SHARE = ${SHARE_PAGE_PATTERN.toString()};
function handler(event) {
  var request = event.request;
  var m = SHARE.exec(request.uri);
  if (m) request.uri = '/api/share-pages/' + m[1] + '/' + m[2];
  return request;
}`;

export interface WebAppProps {
  stage: 'dev' | 'prod';
  /** The build to deploy (clients/web/dist); its index.html must exist. */
  distDir: string;
  /** Where the bucket's server access logs go (prefix web/). */
  logBucket: IBucket;
}

export class WebApp extends Construct {
  readonly bucket: Bucket;
  /** Rewrites page paths to the shell (the app's behaviours). */
  readonly shellFunction: CloudFrontFunction;
  /** Rewrites /share/{kind}/{token} to its API route (the /share/* behaviour). */
  readonly shareFunction: CloudFrontFunction;
  /** The shell's cache policy: the object's no-cache is honoured (minimum TTL 0), so a deployment shows at once. */
  readonly shellCachePolicy: CachePolicy;

  constructor(scope: Construct, id: string, props: WebAppProps) {
    super(scope, id);
    if (!existsSync(join(props.distDir, 'index.html'))) throw new WebAppNotBuilt(props.distDir);
    const removalPolicy = props.stage === 'dev' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;

    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 'web/',
      removalPolicy,
    });

    const source = [Source.asset(props.distDir)];
    const hashedPrefix = HASHED_ASSETS_PREFIX.slice(1);
    const hashed = new BucketDeployment(this, 'HashedFiles', {
      sources: source,
      destinationBucket: this.bucket,
      include: [`${hashedPrefix}*`],
      exclude: ['*'],
      cacheControl: [CacheControl.fromString(webCacheControl(HASHED_ASSETS_PREFIX))],
      // Browsers holding the previous shell still ask for the previous hashed files.
      prune: false,
      memoryLimit: 512,
    });
    const shell = new BucketDeployment(this, 'ShellAndFiles', {
      sources: source,
      destinationBucket: this.bucket,
      exclude: [`${hashedPrefix}*`],
      cacheControl: [CacheControl.fromString(webCacheControl(APP_SHELL))],
      prune: true,
      memoryLimit: 512,
    });
    shell.node.addDependency(hashed);

    this.shellFunction = new CloudFrontFunction(this, 'ShellRewrite', {
      comment: 'BillWatch: page paths (no file extension) are answered with the app shell',
      code: FunctionCode.fromInline(appShellFunctionCode()),
      runtime: FunctionRuntime.JS_2_0,
    });
    this.shareFunction = new CloudFrontFunction(this, 'ShareRewrite', {
      comment: 'BillWatch: /share/{kind}/{token} is served by the API with its link preview',
      code: FunctionCode.fromInline(sharePageFunctionCode()),
      runtime: FunctionRuntime.JS_2_0,
    });
    this.shellCachePolicy = new CachePolicy(this, 'ShellCache', {
      comment: 'BillWatch web app: honours the objects Cache-Control (no-cache shell, immutable hashed files)',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.hours(1),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    acknowledgeDeploymentHelper(this, this.bucket);
  }
}

/**
 * The deployments' helper: one Lambda that aws-cdk-lib's BucketDeployment
 * makes per stack (a singleton beside the stack's other resources) to copy
 * the build from the CDK asset bucket into the app's bucket. Its code, role
 * and runtime are the library's; what it may do is its fixed set of S3
 * actions on those two buckets, and it runs only during a deployment.
 */
function acknowledgeDeploymentHelper(scope: Construct, bucket: Bucket): void {
  const stack = Stack.of(scope);
  const helper = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!helper) throw new Error('No BucketDeployment helper found to acknowledge: aws-cdk-lib renamed it');
  const library = "aws-cdk-lib's BucketDeployment helper, run by CloudFormation only while deploying the web app";
  acknowledge(helper, 'AwsSolutions-IAM4', `${library}: its role is the library's, with the basic execution policy for its logs`, [
    'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
  ]);
  acknowledge(
    helper,
    'AwsSolutions-IAM5',
    `${library}: the library grants its S3 sync these action families on the CDK asset bucket's objects and the web app bucket's objects, nothing else`,
    [
      'Action::s3:GetBucket*',
      'Action::s3:GetObject*',
      'Action::s3:List*',
      'Action::s3:Abort*',
      'Action::s3:DeleteObject*',
      `Resource::arn:${stack.partition}:s3:::cdk-hnb659fds-assets-${stack.account}-${stack.region}/*`,
      arnWildcard(bucket, '/*'),
    ],
  );
  acknowledge(helper, 'AwsSolutions-L1', `${library}: its runtime is the library's and moves with aws-cdk-lib upgrades`);
  acknowledge(helper, 'Serverless-LambdaLatestVersion', `${library}: its runtime is the library's and moves with aws-cdk-lib upgrades`);
  acknowledge(helper, 'Serverless-LambdaDLQ', `${library}: invoked synchronously by CloudFormation, which reports a failure as a failed deployment`);
  acknowledge(helper, 'Serverless-LambdaTracing', `${library}: a deployment-time copy with its logs; BucketDeployment exposes no tracing setting`);
}

/**
 * The optional edge: a CloudFront distribution in front of the HTTP API that
 * caches nothing and forwards every method, query string and header except
 * Host (API Gateway routes on its own host name), so Authorization reaches
 * the functions; the WAF WebACL of ./rate-limit-web-acl.ts attaches here.
 *
 * It closes the execute-api URL: CloudFront adds the origin secret (a
 * generated Secrets Manager value) as X-Origin-Verify to every request it
 * forwards, and the API functions refuse requests without it (403,
 * shared/http/origin-guard.ts). The endpoint itself cannot be switched off:
 * an HTTP API without its default endpoint is reachable only through a custom
 * domain, which the deployment does not have. The managed
 * AllViewerExceptHostHeader policy also forwards CloudFront's own headers,
 * among them CloudFront-Viewer-Address, the client IP the functions use
 * (TRUST_PROXY=cloudfront). Standard access logs go to the access-log bucket.
 * /bulk/* is the exception: the public bulk snapshot, cached, from the texts
 * bucket's bulk/ prefix through origin access control.
 */
import { Aws, CfnOutput, RemovalPolicy } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '#shared/http/origin-guard.ts';
import { acknowledge } from './nag.ts';

/** The key of the origin secret's JSON, loaded into the functions' environment at cold start. */
export const ORIGIN_SECRET_KEY = 'ORIGIN_VERIFY_SECRET';

export interface EdgeProps {
  api: IHttpApi;
  /** The CLOUDFRONT-scope WebACL; absent only when it could not be made (see infra/app.ts). */
  webAclArn?: string;
  /** Where CloudFront's standard access logs go (prefix cloudfront/). */
  logBucket: IBucket;
  /** The bucket whose bulk/ prefix holds the public snapshot (shared/db/bulk-snapshot.repository.ts), served at /bulk/*. */
  bulkBucket?: IBucket;
}

export class Edge extends Construct {
  readonly distribution: Distribution;
  /** The origin secret: `{"ORIGIN_VERIFY_SECRET": "<generated>"}`; API functions read it (ORIGIN_SECRET_ARN). */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: EdgeProps) {
    super(scope, id);
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: 'BillWatch origin secret: CloudFront sends it as X-Origin-Verify, the API functions require it',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({}),
        generateStringKey: ORIGIN_SECRET_KEY,
        passwordLength: 48,
        excludePunctuation: true,
      },
      // Nothing depends on the value outliving the stack: a new one is generated with the distribution.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.originSecret,
      'AwsSolutions-SMG4',
      'Rotating the origin secret must change the CloudFront origin header in the same step, which a rotation Lambda cannot do atomically; it is rotated by hand (docs/runbooks.md, "Rotate the origin secret")',
    );

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'BillWatch API edge (no caching; WAF rate limit on auth)',
      defaultBehavior: {
        origin: new HttpOrigin(`${props.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`, {
          protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          // A CloudFormation dynamic reference: the value is resolved at deploy, never written to the template.
          customHeaders: { [ORIGIN_VERIFY_HEADER]: this.originSecret.secretValueFromJson(ORIGIN_SECRET_KEY).unsafeUnwrap() },
        }),
        allowedMethods: AllowedMethods.ALLOW_ALL,
        // A redirect would turn POSTs into GETs; API clients must use HTTPS.
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        // The AllViewer family of managed policies is the one way to forward Authorization without caching on it;
        // this one leaves out Host and adds the CloudFront-* headers, CloudFront-Viewer-Address among them.
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
    });
    if (props.bulkBucket) {
      // The public snapshot: the one path of the bucket CloudFront serves (the object key is the path, so only bulk/ is
      // reachable), read through origin access control; the bucket itself stays private with public access blocked.
      this.distribution.addBehavior('/bulk/*', S3BucketOrigin.withOriginAccessControl(props.bulkBucket), {
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      });
    }
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      'The distribution serves the default *.cloudfront.net certificate, whose security policy CloudFront fixes at TLSv1; TLSv1.2_2021 needs a custom domain and ACM certificate, which the deployment does not have (API clients negotiate TLS 1.2+ anyway)',
    );
    acknowledge(this.distribution, 'AwsSolutions-CFR1', 'No geo restriction by design: the API is public and its readers may be anywhere');
    if (!props.webAclArn) {
      // Failing synth here would also block deploying the -waf stack that makes the WebACL.
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR2',
        'No WebACL until -c webAclArn names the one the -waf stack makes: synth warns (billwatch:edge-without-waf) and the application rate limits still apply',
      );
    }
    new CfnOutput(scope, 'DistributionUrl', { value: this.url, description: 'CloudFront URL in front of the API' });
  }

  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}

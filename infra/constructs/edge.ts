/**
 * The optional edge: a CloudFront distribution in front of the HTTP API (and,
 * with the web app of ./web-app.ts, in front of the app: /api/* and /share/*
 * go to the API, every other path to the app's bucket) that
 * caches nothing and forwards every method, query string and header except
 * Host (API Gateway routes on its own host name), so Authorization reaches
 * the functions; the WAF WebACL of ./rate-limit-web-acl.ts attaches here.
 *
 * It closes the execute-api URL: CloudFront adds the origin secret (a
 * generated Secrets Manager value) as X-Origin-Verify to every request it
 * forwards, and the API functions refuse requests without it (403,
 * shared/edges/http/origin-guard.ts). The endpoint itself cannot be switched off:
 * an HTTP API without its default endpoint is reachable only through a custom
 * domain, which the deployment does not have. The managed
 * AllViewerExceptHostHeader policy also forwards CloudFront's own headers,
 * among them CloudFront-Viewer-Address, the client IP the functions use
 * (TRUST_PROXY=cloudfront). Standard access logs go to the access-log bucket.
 * /bulk/* is the exception: the public bulk snapshot, cached, from the texts
 * bucket's bulk/ prefix through origin access control.
 *
 * The rate-limited auth paths (login, register, password change: the paths
 * given, from the route table) take one more hop so a WAF can count IPv6
 * clients by /64: a viewer-request function (./client-net-function.ts) writes
 * the viewer's IPv4 address or /64 into x-billwatch-client-net, after the
 * distribution's own WebACL has counted the full address, and their origin is
 * the REST API of ./auth-proxy.ts, whose regional WebACL counts that header
 * and which forwards to the HTTP API (docs/edge-rate-limit.md).
 */
import { Aws, Duration, CfnOutput, RemovalPolicy } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  type BehaviorOptions,
  type ICachePolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '#shared/edges/http/origin-guard.ts';
import { APP_CSP } from '#shared/domain/web/content-security.ts';
import { AUTH_PROXY_STAGE, AuthProxy } from './auth-proxy.ts';
import { clientNetFunctionCode } from './client-net-function.ts';
import { acknowledge } from './nag.ts';
import type { WebApp } from './web-app.ts';

/** The key of the origin secret's JSON, loaded into the functions' environment at cold start. */
export const ORIGIN_SECRET_KEY = 'ORIGIN_VERIFY_SECRET';

export interface EdgeProps {
  api: IHttpApi;
  /** The CLOUDFRONT-scope WebACL; absent only when it could not be made (see infra/app.ts). */
  webAclArn?: string;
  /** Where CloudFront's standard access logs go (prefix cloudfront/). */
  logBucket: IBucket;
  /** The bucket whose bulk/ prefix holds the public snapshot (shared/adapters/db/bulk-snapshot.repository.ts), served at /bulk/*. */
  bulkBucket?: IBucket;
  /** The web app: served for every path but /api/* and /share/* (which the API answers); without it the API is the default. */
  web?: WebApp;
  /** The rate-limited auth paths, routed through the auth proxy so they are counted per client network. */
  authPaths: readonly string[];
  stage: 'dev' | 'prod';
}

export class Edge extends Construct {
  readonly distribution: Distribution;
  /** The origin secret: `{"ORIGIN_VERIFY_SECRET": "<generated>"}`; API functions read it (ORIGIN_SECRET_ARN). */
  readonly originSecret: Secret;
  /** The REST API the auth paths pass through, with the per-network WebACL. */
  readonly authProxy: AuthProxy;
  /** Writes x-billwatch-client-net on the auth paths' behaviours. */
  readonly clientNetFunction: CloudFrontFunction;

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

    // A CloudFormation dynamic reference: the value is resolved at deploy, never written to the template.
    const originHeaders = { [ORIGIN_VERIFY_HEADER]: this.originSecret.secretValueFromJson(ORIGIN_SECRET_KEY).unsafeUnwrap() };
    const apiBehavior: BehaviorOptions = {
      origin: new HttpOrigin(`${props.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        customHeaders: originHeaders,
      }),
      allowedMethods: AllowedMethods.ALLOW_ALL,
      // A redirect would turn POSTs into GETs; API clients must use HTTPS.
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // The AllViewer family of managed policies is the one way to forward Authorization without caching on it;
      // this one leaves out Host and adds the CloudFront-* headers, CloudFront-Viewer-Address among them.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };
    this.authProxy = new AuthProxy(this, 'AuthProxy', { api: props.api, paths: props.authPaths, stage: props.stage });
    this.clientNetFunction = new CloudFrontFunction(this, 'ClientNet', {
      comment: 'BillWatch: writes x-billwatch-client-net, the viewer IPv4 address or IPv6 /64, for the auth proxy WAF',
      code: FunctionCode.fromInline(clientNetFunctionCode()),
      runtime: FunctionRuntime.JS_2_0,
    });
    const authBehavior: BehaviorOptions = {
      ...apiBehavior,
      // The origin secret goes on as before: the REST API forwards it with every other header.
      origin: new HttpOrigin(this.authProxy.domainName, {
        originPath: `/${AUTH_PROXY_STAGE}`,
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        customHeaders: originHeaders,
      }),
      functionAssociations: [{ function: this.clientNetFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    // `path*` covers what the WAF rules' STARTS_WITH covers (a trailing slash); listed before /api/* so they win.
    const authBehaviors = Object.fromEntries(props.authPaths.map((path) => [`${path}*`, authBehavior]));

    const web = props.web;
    // The app's files come from its private bucket through origin access control; people may type http://.
    const appOrigin = web && S3BucketOrigin.withOriginAccessControl(web.bucket);
    // The managed SECURITY_HEADERS policy has no Content-Security-Policy: the app's (shared/domain/web/content-security.ts) rides on
    // every file of the app (it governs only documents), with the same frame, sniffing, referrer and HSTS rules.
    const appHeaders =
      appOrigin &&
      new ResponseHeadersPolicy(this, 'AppHeaders', {
        comment: "BillWatch web app: the app's Content-Security-Policy, never framed",
        securityHeadersBehavior: {
          contentSecurityPolicy: { contentSecurityPolicy: APP_CSP, override: true },
          frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
          contentTypeOptions: { override: true },
          referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
          strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        },
      });
    const appBehavior = (cachePolicy: ICachePolicy): BehaviorOptions | undefined =>
      appOrigin && {
        origin: appOrigin,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy,
        compress: true,
        responseHeadersPolicy: appHeaders,
      };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: web
        ? 'BillWatch: the web app, and the API under /api (no caching; WAF rate limit on auth)'
        : 'BillWatch API edge (no caching; WAF rate limit on auth)',
      defaultBehavior: web
        ? {
            ...appBehavior(web.shellCachePolicy)!,
            // Page paths are answered with the shell here, not by mapping 403/404 errors, which would also mask the API's.
            functionAssociations: [{ function: web.shellFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
          }
        : apiBehavior,
      additionalBehaviors: web
        ? {
            ...authBehaviors,
            '/api/*': apiBehavior,
            // Share links are pages of the app whose HTML the API writes, with the link preview crawlers read.
            '/share/*': {
              ...apiBehavior,
              allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
              functionAssociations: [{ function: web.shareFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
            },
            // Hashed files never change: cached at the edge for as long as the objects say (a year).
            '/assets/*': appBehavior(CachePolicy.CACHING_OPTIMIZED)!,
          }
        : authBehaviors,
      defaultRootObject: web ? 'index.html' : undefined,
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
    new CfnOutput(scope, 'DistributionUrl', {
      value: this.url,
      description: web ? 'The web app, with the API under /api' : 'CloudFront URL in front of the API',
    });
  }

  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}

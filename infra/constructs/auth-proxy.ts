/**
 * The hop the login and register requests take so that a WAF can count them
 * per client network: a small API Gateway REST API (the one API Gateway
 * product WAF attaches to) whose only resource, ANY /{proxy+}, forwards the
 * request unchanged (HTTP_PROXY: path, method, query string, headers, body)
 * to the HTTP API's execute-api URL, with the REGIONAL WebACL of
 * ./client-net-web-acl.ts on its stage. The edge (./edge.ts) sends only the
 * rate-limited auth paths here, so only they pay for REST API requests; the
 * HTTP API and its handlers see the same requests as before (v2 events),
 * X-Origin-Verify and CloudFront-Viewer-Address included.
 * The stage has its own access log (JSON), throttling equal to the HTTP API's
 * stage, X-Ray tracing and error-level execution logs in a log group with a
 * retention. REST API logging needs the account's API Gateway CloudWatch role,
 * which the API sets (one role per account and region, kept on deletion).
 */
import { Aws, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat, EndpointType, HttpIntegration, LogGroupLogDestination, MethodLoggingLevel, RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ClientNetWebAcl } from './client-net-web-acl.ts';
import { STAGE_THROTTLE } from './http-api.ts';
import { acknowledge } from './nag.ts';

/** The REST API's stage, and so the distribution's origin path for it. */
export const AUTH_PROXY_STAGE = 'edge';

/** The REST stage's access log line (JSON); the path is the route's, never a secret: only the auth paths come here. */
export const AUTH_PROXY_ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  time: '$context.requestTimeEpoch',
  ip: '$context.identity.sourceIp',
  method: '$context.httpMethod',
  path: '$context.path',
  status: '$context.status',
  protocol: '$context.protocol',
  bytes: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationStatus: '$context.integration.status',
  integrationLatencyMs: '$context.integration.latency',
  integrationError: '$context.integration.error',
  wafStatus: '$context.waf.status',
  wafError: '$context.waf.error',
  error: '$context.error.message',
} as const;

export interface AuthProxyProps {
  /** The HTTP API every request is forwarded to. */
  api: IHttpApi;
  /** The rate-limited auth paths (authRateLimitedPaths in infra/stack.ts). */
  paths: readonly string[];
  stage: 'dev' | 'prod';
}

export class AuthProxy extends Construct {
  readonly restApi: RestApi;
  readonly webAcl: ClientNetWebAcl;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: AuthProxyProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    const retention = prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH;
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention, removalPolicy });

    this.restApi = new RestApi(this, 'RestApi', {
      description: 'BillWatch auth proxy: login and register pass here so a regional WAF counts IPv6 clients by /64',
      // Our own distribution is in front: an edge-optimized endpoint would add a second CloudFront hop.
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      cloudWatchRole: true,
      deployOptions: {
        stageName: AUTH_PROXY_STAGE,
        throttlingRateLimit: STAGE_THROTTLE.rateLimit,
        throttlingBurstLimit: STAGE_THROTTLE.burstLimit,
        tracingEnabled: true,
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        accessLogDestination: new LogGroupLogDestination(this.accessLogs),
        accessLogFormat: AccessLogFormat.custom(JSON.stringify(AUTH_PROXY_ACCESS_LOG_FORMAT)),
      },
    });
    // API Gateway writes execution logs to this name; made here, before the stage logs anything, so they expire.
    const executionLogs = new LogGroup(this, 'ExecutionLogs', {
      logGroupName: `API-Gateway-Execution-Logs_${this.restApi.restApiId}/${AUTH_PROXY_STAGE}`,
      retention,
      removalPolicy,
    });
    this.restApi.deploymentStage.node.addDependency(executionLogs);

    // The proxy resource alone: the edge sends only the auth paths, never the root, which answers API Gateway's 403.
    // (root.addProxy would also put the method on the root, where method.request.path.proxy does not exist.)
    this.restApi.root.addResource('{proxy+}').addMethod(
      'ANY',
      new HttpIntegration(`${props.api.apiEndpoint}/{proxy}`, {
        proxy: true,
        httpMethod: 'ANY',
        options: { requestParameters: { 'integration.request.path.proxy': 'method.request.path.proxy' } },
      }),
      { requestParameters: { 'method.request.path.proxy': true } },
    );

    this.webAcl = new ClientNetWebAcl(this, 'Waf', {
      paths: props.paths,
      stageName: AUTH_PROXY_STAGE,
      stageArn: this.restApi.deploymentStage.stageArn,
    });

    const why = 'The auth proxy only forwards to the HTTP API';
    acknowledge(
      this.restApi,
      'AwsSolutions-APIG2',
      `${why}, whose functions validate every body with the route table's zod schemas and answer 422 with a detail`,
    );
    acknowledge(
      this.restApi,
      'AwsSolutions-APIG4',
      `${why}: login and register are anonymous by design, and authorisation of every route is inside the functions (shared/edges/http/current-user.ts)`,
    );
    acknowledge(this.restApi, 'AwsSolutions-COG4', `${why}: the service signs its own JWTs; it has no Cognito user pool to authorise with`);
    acknowledge(
      this.restApi,
      'AwsSolutions-IAM4',
      "API Gateway's account-wide CloudWatch role, which REST API logging requires, uses the AWS-managed policy made for it",
      [`Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs`],
    );
  }

  /** The REST API's host name, the distribution's origin for the auth paths. */
  get domainName(): string {
    return `${this.restApi.restApiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
  }
}

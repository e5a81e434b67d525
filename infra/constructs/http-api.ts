/**
 * The HTTP API, generated from the route table: one route per row (method +
 * path) integrated with its function group's Lambda, the $default route on
 * the fallback (404 / 405), CORS preflight for the configured origins, the
 * stage throttling (100 rps, burst 200: a cap on what a flood can cost) and a
 * JSON access log line per request in its own log group. HTTP APIs have no
 * X-Ray tracing of their own; traces start at the functions.
 */
import { CfnOutput, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CorsHttpMethod, HttpApi, HttpMethod, LogGroupLogDestination, type HttpStage, type HttpRouteIntegration } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { gatewayPath, type RouteDef } from '#shared/edges/http/route.ts';
import { acknowledge } from './nag.ts';

/**
 * One access log line per request, as JSON (CloudWatch Logs Insights reads the
 * fields). Behind the edge `ip` is a CloudFront address; the viewer's is in
 * CloudFront's own logs and in the functions' rate-limit subjects.
 */
export const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  time: '$context.requestTimeEpoch',
  ip: '$context.identity.sourceIp',
  method: '$context.httpMethod',
  // The route template, never $context.path: feed, unsubscribe and share paths carry secret tokens.
  route: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  bytes: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
  userAgent: '$context.identity.userAgent',
} as const;

/** The stage's throttling limits (docs/product-rules.md, "Rate limits"). */
export const STAGE_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

export interface HttpApiProps {
  routes: readonly RouteDef[];
  /** The Lambda of each API function group. */
  groupFunction: (group: RouteDef['fn']) => IFunction;
  fallback: IFunction;
  corsOrigins: readonly string[];
  stage: 'dev' | 'prod';
}

export class Api extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    // One resource-policy statement per function instead of one per route keeps each
    // function's policy under Lambda's 20 KB limit however many routes a group grows.
    const integrationOf = (name: string, fn: IFunction) => new HttpLambdaIntegration(name, fn, { scopePermissionToRoute: false });

    this.api = new HttpApi(this, 'HttpApi', {
      description: 'BillWatch HTTP API (generated from the route table)',
      createDefaultStage: false,
      defaultIntegration: integrationOf('Fallback', props.fallback),
      corsPreflight:
        props.corsOrigins.length > 0
          ? {
              allowOrigins: [...props.corsOrigins],
              allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.PUT, CorsHttpMethod.PATCH, CorsHttpMethod.DELETE, CorsHttpMethod.OPTIONS],
              allowHeaders: ['authorization', 'content-type'],
              exposeHeaders: ['retry-after', 'allow'],
              maxAge: Duration.hours(1),
            }
          : undefined,
    });
    const prod = props.stage === 'prod';
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FORMAT)),
      },
    });

    const integrations = new Map<RouteDef['fn'], HttpRouteIntegration>();
    for (const route of props.routes) {
      let integration = integrations.get(route.fn);
      if (!integration) {
        integration = integrationOf(`Group-${route.fn}`, props.groupFunction(route.fn));
        integrations.set(route.fn, integration);
      }
      this.api.addRoutes({ path: gatewayPath(route.path), methods: [HttpMethod[route.method]], integration });
    }
    acknowledge(
      this.api,
      'AwsSolutions-APIG4',
      "Authentication is per route inside the functions (shared/edges/http/current-user.ts, the route table's auth level): public routes exist by design and user/admin routes verify the JWT",
    );
    new CfnOutput(scope, 'ApiUrl', { value: this.url, description: 'HTTP API base URL' });
  }

  /** The stage's invoke URL, without a trailing slash. */
  get url(): string {
    return this.api.apiEndpoint;
  }
}

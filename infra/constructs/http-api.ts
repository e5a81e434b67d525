/**
 * The HTTP API, generated from the route table: one route per row (method +
 * path) integrated with its function group's Lambda, the $default route on
 * the fallback (404 / 405), CORS preflight for the configured origins, and
 * the stage throttling (100 rps, burst 200: a cap on what a flood can cost).
 */
import { CfnOutput, Duration } from 'aws-cdk-lib';
import { CorsHttpMethod, HttpApi, HttpMethod, type HttpStage, type HttpRouteIntegration } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { RouteDef } from '#shared/http/route.ts';

/** The stage's throttling limits (docs/product-rules.md, "Rate limits"). */
export const STAGE_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

export interface HttpApiProps {
  routes: readonly RouteDef[];
  /** The Lambda of each API function group. */
  groupFunction: (group: RouteDef['fn']) => IFunction;
  fallback: IFunction;
  corsOrigins: readonly string[];
}

export class Api extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;

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
    this.stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
    });

    const integrations = new Map<RouteDef['fn'], HttpRouteIntegration>();
    for (const route of props.routes) {
      let integration = integrations.get(route.fn);
      if (!integration) {
        integration = integrationOf(`Group-${route.fn}`, props.groupFunction(route.fn));
        integrations.set(route.fn, integration);
      }
      this.api.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
    }
    new CfnOutput(scope, 'ApiUrl', { value: this.url, description: 'HTTP API base URL' });
  }

  /** The stage's invoke URL, without a trailing slash. */
  get url(): string {
    return this.api.apiEndpoint;
  }
}

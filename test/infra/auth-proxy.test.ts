/**
 * The per-network proxy limit (docs/edge-rate-limit.md): the route table's
 * login and register paths, and only they, leave the distribution through a
 * viewer-request function that writes x-billwatch-client-net and reach a REST
 * API that forwards them unchanged to the HTTP API, with the origin secret;
 * a REGIONAL WebACL on its stage rate-limits on that header (CUSTOM_KEYS) and
 * blocks requests without it. The CLOUDFRONT per-address rule stays in front.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '#shared/edges/http/origin-guard.ts';
import { ROUTES } from '#shared/edges/http/routes/index.ts';
import { AUTH_PROXY_STAGE } from '#infra/constructs/auth-proxy.ts';
import { CLIENT_NET_HEADER, clientNetFunctionCode } from '#infra/constructs/client-net-function.ts';
import { STAGE_THROTTLE } from '#infra/constructs/http-api.ts';
import { PROXY_LIMIT, RATE_LIMITED_BODY } from '#infra/constructs/rate-limit-web-acl.ts';
import { resourcesOf, synthStack, type SynthResult } from './synth-stack.ts';

type Behavior = {
  PathPattern: string;
  TargetOriginId: string;
  FunctionAssociations?: Array<{ EventType: string; FunctionARN: unknown }>;
  OriginRequestPolicyId?: string;
  CachePolicyId?: string;
  AllowedMethods?: string[];
};
type Origin = { Id: string; DomainName: unknown; OriginPath?: string; OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }> };
type Rule = { Name: string; Priority: number; Statement: Record<string, unknown>; Action: unknown };

/** The paths with the login and register application limits, read from the route table here, not from the stack's helper. */
const AUTH_PATHS = ROUTES.filter((r) => r.rateLimit === 'login' || r.rateLimit === 'register').map((r) => r.path);

let prod: SynthResult;
beforeAll(() => {
  prod = synthStack({ stage: 'prod' });
}, 120_000);

const only = (r: SynthResult, type: string) => {
  const found = resourcesOf(r.template, type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
};
const regionalAcl = (r: SynthResult) => {
  const found = resourcesOf(r.template, 'AWS::WAFv2::WebACL').filter(([, acl]) => acl.Properties?.Scope === 'REGIONAL');
  expect(found).toHaveLength(1);
  return found[0]!;
};
function distribution(r: SynthResult) {
  const [, dist] = only(r, 'AWS::CloudFront::Distribution');
  const config = (dist.Properties as { DistributionConfig: { CacheBehaviors: Behavior[]; Origins: Origin[] } }).DistributionConfig;
  return { behaviors: config.CacheBehaviors, originOf: (b: Behavior) => config.Origins.find((o) => o.Id === b.TargetOriginId)! };
}

describe('the auth proxy REST API', () => {
  it('is one regional ANY /{proxy+} resource whose HTTP_PROXY integration forwards the same path to the HTTP API', () => {
    const [restApiId, restApi] = only(prod, 'AWS::ApiGateway::RestApi');
    expect(restApi.Properties?.EndpointConfiguration).toEqual({ Types: ['REGIONAL'] });
    const [resourceId, resource] = only(prod, 'AWS::ApiGateway::Resource');
    expect(resource.Properties).toMatchObject({ PathPart: '{proxy+}', RestApiId: { Ref: restApiId } });
    // Nothing on the root: only the auth paths are ever sent here.
    const [, method] = only(prod, 'AWS::ApiGateway::Method');
    const httpApiId = only(prod, 'AWS::ApiGatewayV2::Api')[0];
    expect(method.Properties).toMatchObject({
      HttpMethod: 'ANY',
      ResourceId: { Ref: resourceId },
      AuthorizationType: 'NONE',
      RequestParameters: { 'method.request.path.proxy': true },
      Integration: {
        Type: 'HTTP_PROXY',
        IntegrationHttpMethod: 'ANY',
        RequestParameters: { 'integration.request.path.proxy': 'method.request.path.proxy' },
        Uri: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [httpApiId, 'ApiEndpoint'] }, '/{proxy}']] },
      },
    });
    // HTTP_PROXY passes headers through as they came, so no header mapping may replace the origin secret or the viewer address.
    expect(JSON.stringify(method.Properties)).not.toMatch(/integration\.request\.header/);
  });

  it('has a stage named as the origin path, throttled like the HTTP API, traced, with JSON access logs and expiring execution logs', () => {
    const [stageId, stage] = only(prod, 'AWS::ApiGateway::Stage');
    expect(stage.Properties).toMatchObject({
      StageName: AUTH_PROXY_STAGE,
      TracingEnabled: true,
      MethodSettings: [
        {
          HttpMethod: '*',
          ResourcePath: '/*',
          LoggingLevel: 'ERROR',
          DataTraceEnabled: false,
          ThrottlingRateLimit: STAGE_THROTTLE.rateLimit,
          ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit,
        },
      ],
    });
    const format = (stage.Properties?.AccessLogSetting as { Format: string }).Format;
    expect(JSON.parse(format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status', wafStatus: '$context.waf.status' });
    prod.template.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: { 'Fn::Join': ['', ['API-Gateway-Execution-Logs_', Match.anyValue(), `/${AUTH_PROXY_STAGE}`]] },
      RetentionInDays: 90,
    });
    const dependsOn = (prod.template.toJSON().Resources[stageId] as { DependsOn?: string[] }).DependsOn ?? [];
    expect(dependsOn.some((d) => d.startsWith('EdgeAuthProxyExecutionLogs'))).toBe(true);
  });
});

describe('the REGIONAL WebACL of the auth proxy', () => {
  it('rate-limits per x-billwatch-client-net with the edge rule limit, window and 429 body, on the auth paths', () => {
    const [, acl] = regionalAcl(prod);
    const rules = acl.Properties?.Rules as Rule[];
    const rate = rules.find((r) => 'RateBasedStatement' in r.Statement)!;
    const statement = rate.Statement.RateBasedStatement as Record<string, unknown>;
    expect(statement).toMatchObject({
      Limit: PROXY_LIMIT.limit,
      EvaluationWindowSec: PROXY_LIMIT.windowSeconds,
      AggregateKeyType: 'CUSTOM_KEYS',
      CustomKeys: [{ Header: { Name: CLIENT_NET_HEADER, TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
    });
    const searched = JSON.stringify(statement.ScopeDownStatement);
    for (const path of AUTH_PATHS) {
      expect(searched).toContain(`"SearchString":"${path}"`);
      expect(searched).toContain(`"SearchString":"/${AUTH_PROXY_STAGE}${path}"`);
    }
    expect(searched).not.toContain('"SearchString":"/api/auth/me"');
    const body = (rate.Action as { Block: { CustomResponse: { ResponseCode: number; CustomResponseBodyKey: string } } }).Block.CustomResponse;
    expect(body.ResponseCode).toBe(429);
    const bodies = acl.Properties?.CustomResponseBodies as Record<string, { Content: string; ContentType: string }>;
    expect(bodies[body.CustomResponseBodyKey]).toEqual({ Content: RATE_LIMITED_BODY.content, ContentType: 'APPLICATION_JSON' });
    expect(JSON.parse(bodies[body.CustomResponseBodyKey]!.Content)).toMatchObject({ code: 'rate_limited.proxy' });
    // The same body as the CLOUDFRONT rule's.
    const [, edgeAcl] = resourcesOf(prod.template, 'AWS::WAFv2::WebACL').find(([, a]) => a.Properties?.Scope === 'CLOUDFRONT')!;
    expect(Object.values(edgeAcl.Properties?.CustomResponseBodies as object)).toContainEqual(bodies[body.CustomResponseBodyKey]);
  });

  it('blocks, before counting, every request that lacks the header (it did not come through the edge behaviours)', () => {
    const [, acl] = regionalAcl(prod);
    const rules = (acl.Properties?.Rules as Rule[]).sort((a, b) => a.Priority - b.Priority);
    expect(rules.map((r) => r.Name)).toEqual(['not-from-edge', 'auth-rate-limit-per-network']);
    expect(rules[0]!.Statement).toEqual({
      NotStatement: {
        Statement: {
          SizeConstraintStatement: {
            FieldToMatch: { SingleHeader: { Name: CLIENT_NET_HEADER } },
            ComparisonOperator: 'GT',
            Size: 0,
            TextTransformations: [{ Priority: 0, Type: 'NONE' }],
          },
        },
      },
    });
    expect(rules[0]!.Action).toMatchObject({ Block: { CustomResponse: { ResponseCode: 403 } } });
  });

  it('is associated with the REST API stage', () => {
    const [aclId] = regionalAcl(prod);
    const [stageId] = only(prod, 'AWS::ApiGateway::Stage');
    const [restApiId] = only(prod, 'AWS::ApiGateway::RestApi');
    const [, association] = only(prod, 'AWS::WAFv2::WebACLAssociation');
    expect(association.Properties?.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    expect(association.Properties?.ResourceArn).toEqual({
      'Fn::Join': ['', [expect.stringMatching(/^arn:aws:apigateway:us-east-1::\/restapis\/$/), { Ref: restApiId }, '/stages/', { Ref: stageId }]],
    });
  });
});

describe('the distribution behaviours of the auth paths', () => {
  it('exist for exactly the route table login and register paths, ahead of /api/*, through the REST API with the origin secret', () => {
    const { behaviors, originOf } = distribution(prod);
    const [restApiId] = only(prod, 'AWS::ApiGateway::RestApi');
    const toRest = behaviors.filter((b) => JSON.stringify(originOf(b).DomainName).includes(`{"Ref":"${restApiId}"}`));
    expect(toRest.map((b) => b.PathPattern).sort()).toEqual(AUTH_PATHS.map((p) => `${p}*`).sort());
    const api = behaviors.find((b) => b.PathPattern === '/api/*')!;
    for (const b of toRest) {
      expect(behaviors.indexOf(b), b.PathPattern).toBeLessThan(behaviors.indexOf(api));
      const origin = originOf(b);
      expect(origin.OriginPath).toBe(`/${AUTH_PROXY_STAGE}`);
      // The same secret header, from the same secret, as the HTTP API origin: the functions still require it.
      const secretHeader = origin.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
      expect(secretHeader?.HeaderValue).toBeDefined();
      expect(secretHeader?.HeaderValue).toEqual(originOf(api).OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER)?.HeaderValue);
      // Like /api/*: every method, nothing cached, every viewer header (CloudFront-Viewer-Address among them) forwarded.
      expect(b).toMatchObject({ AllowedMethods: api.AllowedMethods, CachePolicyId: api.CachePolicyId, OriginRequestPolicyId: api.OriginRequestPolicyId });
    }
  });

  it('run the client-net function at viewer request, and no other behaviour does', () => {
    const { behaviors, originOf } = distribution(prod);
    const [functionId] = resourcesOf(prod.template, 'AWS::CloudFront::Function').find(([, f]) => f.Properties?.FunctionCode === clientNetFunctionCode())!;
    prod.template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: clientNetFunctionCode(),
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
    const withIt = behaviors.filter((b) => JSON.stringify(b.FunctionAssociations ?? []).includes(`"${functionId}"`));
    expect(withIt.map((b) => b.PathPattern).sort()).toEqual(AUTH_PATHS.map((p) => `${p}*`).sort());
    for (const b of withIt) {
      expect(b.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } }]);
      expect(originOf(b).OriginPath).toBe(`/${AUTH_PROXY_STAGE}`);
    }
  });
});

describe('without the edge', () => {
  it('has no auth proxy, no client-net function and no WebACL', () => {
    const dev = synthStack({ stage: 'dev' });
    for (const type of ['AWS::ApiGateway::RestApi', 'AWS::WAFv2::WebACL', 'AWS::WAFv2::WebACLAssociation', 'AWS::CloudFront::Function']) {
      dev.template.resourceCountIs(type, 0);
    }
  }, 120_000);
});

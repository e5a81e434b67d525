/**
 * Assertions on how requests and jobs reach the functions: the HTTP API
 * routes against the route table, the bus rules and schedules against the job
 * table, and the CloudFront + WAF edge in prod.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Function as LambdaFunction, InlineCode, Runtime } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '#shared/edges/http/route.ts';
import { ROUTES } from '#shared/edges/http/routes/index.ts';
import { toAwsCron } from '#shared/edges/jobs/cron.ts';
import { RUN_JOB_EVENT, type JobDef } from '#shared/edges/jobs/job.ts';
import { JOBS } from '#shared/edges/jobs/job-table.ts';
import { JobBus, JobTriggers } from '#infra/constructs/job-triggers.ts';
import { PROXY_LIMIT } from '#infra/constructs/rate-limit-web-acl.ts';
import { logicalIdOf, resourcesOf, synthStack, type SynthResult } from './synth-stack.ts';

let prod: SynthResult;
let dev: SynthResult;
beforeAll(() => {
  prod = synthStack({ stage: 'prod', corsOrigins: 'https://app.example.org,https://admin.example.org' });
  dev = synthStack({ stage: 'dev' });
});

/** The logical id of the Lambda an HTTP API route's integration invokes. */
function routeTargets(r: SynthResult): Map<string, string> {
  const resources = r.template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
  const out = new Map<string, string>();
  for (const route of Object.values(resources).filter((x) => x.Type === 'AWS::ApiGatewayV2::Route')) {
    const target = JSON.stringify(route.Properties.Target);
    const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1] ?? '';
    const uri = JSON.stringify(resources[integrationId]?.Properties.IntegrationUri);
    out.set(route.Properties.RouteKey as string, /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(uri)?.[1] ?? '');
  }
  return out;
}

describe('HTTP API', () => {
  it('has exactly one route per row of the route table, plus $default', () => {
    const keys = resourcesOf(prod.template, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties?.RouteKey);
    expect(new Set(keys)).toEqual(new Set([...ROUTES.map(routeKey), '$default']));
    expect(keys).toHaveLength(ROUTES.length + 1);
    // A gateway path variable is a whole segment: the user's calendar, /api/calendar/{token}.ics, is routed as /api/calendar/{token}.
    for (const key of keys) expect(String(key)).not.toMatch(/[^/]\{|\}[^/\s]/);
    expect(keys).toContain('GET /api/calendar/{token}');
  });

  it("sends each route to its function group's Lambda and $default to the fallback", () => {
    const targets = routeTargets(prod);
    const idOfKey = (key: string) => prod.idOf(prod.stack.functions.all.find((f) => f.spec.key === key)!.fn);
    for (const route of ROUTES) expect(targets.get(routeKey(route)), routeKey(route)).toBe(idOfKey(`api:${route.fn}`));
    expect(targets.get('$default')).toBe(idOfKey('api:$default'));
  });

  it('throttles the default stage at 100 rps with bursts of 200', () => {
    prod.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
  });

  it('answers CORS preflight for the configured origins only', () => {
    prod.template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: Match.objectLike({ AllowOrigins: ['https://app.example.org', 'https://admin.example.org'] }),
    });
    const apis = resourcesOf(dev.template, 'AWS::ApiGatewayV2::Api');
    expect(apis).toHaveLength(1);
    expect(apis[0]?.[1].Properties?.CorsConfiguration).toBeUndefined();
  });
});

describe('job triggers', () => {
  it('routes RunJob events of each job group to that group', () => {
    const groups = [...new Set(JOBS.map((j) => j.group))];
    for (const group of groups) {
      const fn = prod.stack.functions.all.find((f) => f.spec.key === `job:${group}`)!;
      prod.template.hasResourceProperties('AWS::Events::Rule', {
        EventPattern: {
          source: [RUN_JOB_EVENT.source],
          'detail-type': [RUN_JOB_EVENT.detailType],
          detail: { job: JOBS.filter((j) => j.group === group).map((j) => j.name) },
        },
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [prod.idOf(fn.fn), 'Arn'] } })],
      });
    }
  });

  it('makes one UTC schedule per scheduled job of the job table, with its cron and invocation', () => {
    const schedules = resourcesOf(prod.template, 'AWS::Scheduler::Schedule').map(([, s]) => s.Properties ?? {});
    const scheduled = JOBS.filter((j) => j.schedule);
    expect(new Set(schedules.map((s) => s.Name))).toEqual(new Set(scheduled.map((j) => j.name)));
    for (const job of scheduled) {
      const s = schedules.find((x) => x.Name === job.name)!;
      expect(s.ScheduleExpression).toBe(toAwsCron(job.schedule!));
      expect(s.ScheduleExpressionTimezone).toBe('Etc/UTC');
      expect(s.FlexibleTimeWindow).toEqual({ Mode: 'OFF' });
      expect(JSON.parse((s.Target as { Input: string }).Input)).toEqual({ job: job.name, trigger: 'schedule' });
    }
  });

  it('turns any job table into schedules and rules (construct over a sample table)', () => {
    const stack = new Stack(new App({ builtinCloudFormationValidation: false }), 'Sample');
    const fn = new LambdaFunction(stack, 'Fn', {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: new InlineCode('export const handler = () => {}'),
    });
    const jobs: JobDef[] = [
      { name: 'poll_bills', group: 'ingest', schedule: '*/15 * * * *', description: 'poll', timeoutSeconds: 300 },
      { name: 'weekly_digest', group: 'notify', schedule: '0 13 * * 1', description: 'digest', timeoutSeconds: 300 },
      { name: 'backfill_dates', group: 'ingest', description: 'admin only', timeoutSeconds: 900 },
    ];
    const jobBus = new JobBus(stack, 'Bus');
    new JobTriggers(stack, 'Triggers', {
      jobs,
      bus: jobBus.bus,
      deadLetterQueue: jobBus.deadLetterQueue,
      groupFunction: () => fn,
      scheduleGroupName: 'sample',
    });
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::Scheduler::Schedule', 2);
    template.hasResourceProperties('AWS::Scheduler::Schedule', { Name: 'poll_bills', ScheduleExpression: 'cron(0/15 * * * ? *)', GroupName: 'sample' });
    template.hasResourceProperties('AWS::Scheduler::Schedule', { Name: 'weekly_digest', ScheduleExpression: 'cron(0 13 ? * 1 *)' });
    template.hasResourceProperties('AWS::Events::Rule', { EventPattern: Match.objectLike({ detail: { job: ['poll_bills', 'backfill_dates'] } }) });
    template.resourceCountIs('AWS::Events::Rule', 2);
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'lambda:InvokeFunction', Resource: Match.anyValue() })]) },
    });
    expect(logicalIdOf(stack, fn)).toMatch(/^Fn/);
  });

  it('runs the migrations job after every successful deploy of the stack', () => {
    const system = prod.stack.functions.all.find((f) => f.spec.key === 'job:system')!;
    prod.template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: Match.objectLike({ source: ['aws.cloudformation'], detail: Match.objectLike({ 'stack-id': [{ Ref: 'AWS::StackId' }] }) }),
      Targets: [
        Match.objectLike({ Arn: { 'Fn::GetAtt': [prod.idOf(system.fn), 'Arn'] }, Input: JSON.stringify({ job: 'run_migrations', trigger: 'deploy' }) }),
      ],
    });
  });
});

describe('edge', () => {
  it('puts a WAF rate limit of 20 per minute per IP on login and register in prod', () => {
    prod.template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([
        Match.objectLike({
          Statement: {
            RateBasedStatement: Match.objectLike({ Limit: PROXY_LIMIT.limit, EvaluationWindowSec: 60, AggregateKeyType: 'IP' }),
          },
          Action: { Block: { CustomResponse: Match.objectLike({ ResponseCode: 429 }) } },
        }),
      ]),
    });
    expect(PROXY_LIMIT.limit).toBe(20);
    const acl = JSON.stringify(prod.template.findResources('AWS::WAFv2::WebACL'));
    expect(acl).toContain('"SearchString":"/api/auth/login"');
    expect(acl).toContain('"SearchString":"/api/auth/register"');
  });

  it('refuses, before counting, an auth path spelled so that it would miss the auth behaviours and the rate rules', () => {
    const [, acl] = resourcesOf(prod.template, 'AWS::WAFv2::WebACL').find(([, a]) => a.Properties?.Scope === 'CLOUDFRONT')!;
    type Rule = { Name: string; Priority: number; Statement: { AndStatement?: { Statements: unknown[] } }; Action: unknown };
    const rules = (acl.Properties?.Rules as Rule[]).sort((a, b) => a.Priority - b.Priority);
    expect(rules.map((r) => r.Name)).toEqual(['auth-path-spelled-otherwise', 'auth-rate-limit']);
    const [decoded, notRaw] = rules[0]!.Statement.AndStatement!.Statements as [unknown, { NotStatement: { Statement: unknown } }];
    const paths = ROUTES.filter((r) => r.rateLimit === 'login' || r.rateLimit === 'register').map((r) => r.path);
    const text = JSON.stringify(decoded);
    for (const path of paths) expect(text).toContain(`"SearchString":"${path}"`);
    expect(text).toContain('"TextTransformations":[{"Priority":0,"Type":"URL_DECODE"},{"Priority":1,"Type":"NORMALIZE_PATH"}]');
    // The raw spelling is the rate rule's own scope-down: a path as documented is never refused here.
    const rate = rules[1]!.Statement as unknown as { RateBasedStatement: { ScopeDownStatement: unknown } };
    expect(notRaw.NotStatement.Statement).toEqual(rate.RateBasedStatement.ScopeDownStatement);
    expect(rules[0]!.Action).toMatchObject({ Block: { CustomResponse: { ResponseCode: 400 } } });
  });

  it('fronts the API (/api/*) with an uncached CloudFront distribution that forwards everything but Host', () => {
    const aclId = resourcesOf(prod.template, 'AWS::WAFv2::WebACL').find(([, r]) => r.Properties?.Scope === 'CLOUDFRONT')?.[0];
    prod.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        WebACLId: { 'Fn::GetAtt': [aclId, 'Arn'] },
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
          }),
        ]),
      }),
    });
  });

  it('outside us-east-1 uses the WebACL it is given, and warns when it has none', () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/billwatch/abc';
    const given = synthStack({ stage: 'prod', region: 'eu-west-1', webAclArn: arn });
    // The CLOUDFRONT WebACL is the -waf stack's; the REGIONAL one of the auth proxy stays here, in the API's region.
    const scopes = (r: SynthResult) => resourcesOf(r.template, 'AWS::WAFv2::WebACL').map(([, acl]) => acl.Properties?.Scope);
    expect(scopes(given)).toEqual(['REGIONAL']);
    given.template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: arn }) });
    const none = synthStack({ stage: 'prod', region: 'eu-west-1' });
    expect(scopes(none)).toEqual(['REGIONAL']);
    Annotations.fromStack(none.stack).hasWarning('*', Match.stringLikeRegexp('has no WAF'));
  });

  it('has no distribution and no WAF in dev unless asked', () => {
    dev.template.resourceCountIs('AWS::CloudFront::Distribution', 0);
    dev.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
  });
});

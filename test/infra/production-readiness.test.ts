/**
 * The synthesized prod template is ready to run: every function traced, the
 * API stage logged, every rule and schedule target retried and
 * dead-lettered, the edge closed (no request without the origin secret gets
 * past the API functions), TLS enforced on the alarm topic, email scoped to
 * the configured SES identity, and the alarms and dashboard of
 * docs/observability.md in place. Dev without the edge changes nothing of the edge.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '#shared/edges/jobs/job-table.ts';
import { ORIGIN_VERIFY_HEADER } from '#shared/edges/http/origin-guard.ts';
import { OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { QUEUES } from '#shared/edges/queues/queue-table.ts';
import { EmailAccepted } from '#shared/adapters/messaging/messages.ts';
import { ACCESS_LOG_FORMAT } from '#infra/constructs/http-api.ts';
import { ALARM_THRESHOLDS, longestGapHours, notRunWindowHours } from '#infra/constructs/alarms.ts';
import { ORIGIN_SECRET_KEY } from '#infra/constructs/edge.ts';
import { authRateLimitedPaths } from '#infra/stack.ts';
import { ROOT, allStatements, isWebDeploymentHelper, resourcesOf, synthStack, type SynthResult } from './synth-stack.ts';

let prod: SynthResult;
let dev: SynthResult;
beforeAll(() => {
  prod = synthStack({ stage: 'prod', corsOrigins: 'https://app.example.org', sesIdentity: 'example.org' });
  dev = synthStack({ stage: 'dev' });
});

type Props = Record<string, unknown>;
const props = (r: SynthResult, type: string): Array<[string, Props]> => resourcesOf(r.template, type).map(([id, x]) => [id, x.Properties ?? {}]);
const getAtt = (id: string, attr = 'Arn') => ({ 'Fn::GetAtt': [id, attr] });

/** The runbook heading of an alarm: its id with the function, queue, job or group made a placeholder. */
function alarmFamily(alarmId: string): string {
  if (/^JobDlq/.test(alarmId)) return alarmId;
  const rules: Array<[RegExp, string]> = [
    [/^Fn\w+(Errors|Throttles)$/, 'Fn<Function>$1'],
    [/^Job\w+NotRun$/, 'Job<Name>NotRun'],
    [/^Job\w+Errors$/, 'Job<Group>Errors'],
    [/^\w+(DlqNotEmpty|DlqAging|Backlog)$/, '<Queue>$1'],
  ];
  for (const [re, family] of rules) if (re.test(alarmId)) return alarmId.replace(re, family);
  return alarmId;
}

describe('tracing and access logs', () => {
  it('traces every function with X-Ray', () => {
    const fns = props(prod, 'AWS::Lambda::Function').filter(([id]) => !isWebDeploymentHelper(id));
    expect(fns.length).toBe(prod.stack.functions.all.length);
    for (const [id, p] of fns) expect(p.TracingConfig, id).toEqual({ Mode: 'Active' });
  });

  it('writes a JSON access log line per request to a log group with a retention', () => {
    const { template, stack, idOf } = prod;
    const groupId = idOf(stack.api.accessLogs);
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
    const [stage] = props(prod, 'AWS::ApiGatewayV2::Stage');
    const settings = stage?.[1].AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(settings.DestinationArn).toEqual(getAtt(groupId));
    expect(JSON.parse(settings.Format)).toEqual(ACCESS_LOG_FORMAT);
    expect(Object.values(ACCESS_LOG_FORMAT)).toContain('$context.requestId');
    expect(template.toJSON().Resources[groupId].DeletionPolicy).toBe('Retain');
  });

  it('gives every function its own role that writes only its own log group (no managed policy)', () => {
    // The web app's deployment helper is the library's, with its basic execution policy (acknowledged in infra/constructs/web-app.ts);
    // API Gateway's account CloudWatch role, which the auth proxy's logging needs, has the one policy AWS made for it.
    const apiGatewayRole = prod.idOf(prod.stack.edge!.authProxy.restApi.node.findChild('CloudWatchRole'));
    for (const [id, role] of props(prod, 'AWS::IAM::Role').filter(([id]) => !isWebDeploymentHelper(id))) {
      if (id === apiGatewayRole) {
        expect(role.ManagedPolicyArns).toEqual([
          { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs']] },
        ]);
      } else expect(role.ManagedPolicyArns, id).toBeUndefined();
    }
    const logWrites = allStatements(prod.template).filter(({ statement }) => [statement.Action].flat().includes('logs:PutLogEvents'));
    expect(logWrites).toHaveLength(prod.stack.functions.all.length);
    for (const { statement } of logWrites) expect(JSON.stringify(statement.Resource)).toMatch(/Logs[0-9A-F]{8}","Arn"/);
  });
});

describe('the one acknowledged Resource "*"', () => {
  it('is X-Ray only: no other statement of any role allows every resource', () => {
    for (const r of [prod, dev]) {
      const starred = allStatements(r.template).filter(({ statement }) => statement.Effect === 'Allow' && [statement.Resource].flat().includes('*'));
      expect(starred.length).toBe(r.stack.functions.all.length);
      for (const { from, statement } of starred) expect([statement.Action].flat().sort(), from).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
    }
  });
});

describe('dead letters and retries on every trigger', () => {
  const jobDlqId = (r: SynthResult) => r.idOf(r.stack.node.findChild('JobBus').node.findChild('Dlq'));

  it('retries every EventBridge rule target twice within an hour, then dead-letters it', () => {
    const rules = props(prod, 'AWS::Events::Rule');
    // One rule per job group, plus the migrations-after-deploy rule and (with an SES identity) the SES acceptance rule.
    expect(rules).toHaveLength(new Set(JOBS.map((j) => j.group)).size + 2);
    for (const [id, rule] of rules) {
      for (const target of rule.Targets as Props[]) {
        expect(target.DeadLetterConfig, id).toEqual({ Arn: getAtt(jobDlqId(prod)) });
        expect(target.RetryPolicy, id).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 });
      }
    }
  });

  it("records what SES accepted: the configuration set's Send events become email_accepted messages on the dispatch queue", () => {
    const [destination] = props(prod, 'AWS::SES::ConfigurationSetEventDestination').map(([, p]) => p.EventDestination as Props);
    expect(destination?.MatchingEventTypes).toEqual(['send']);
    expect(JSON.stringify(destination?.EventBridgeDestination)).toContain('event-bus/default');
    const [[, rule] = ['', {}]] = props(prod, 'AWS::Events::Rule').filter(([, p]) => JSON.stringify(p.EventPattern).includes('aws.ses'));
    expect((rule.EventPattern as Props)['detail-type']).toEqual(['Email Sent']);
    const [target] = rule.Targets as Props[];
    const dispatch = prod.stack.queues.get('notification-dispatch').queue;
    expect(target?.Arn).toEqual(getAtt(prod.idOf(dispatch)));
    // The message the rule builds from a Send event parses as the worker's schema.
    const transformer = target?.InputTransformer as { InputPathsMap: Record<string, string>; InputTemplate: string };
    const sample: Record<string, string> = {
      '$.detail.mail.tags.message[0]': 'AbC-1_x',
      '$.detail.mail.messageId': '0100-ses-id',
      '$.time': '2026-03-10T12:00:00Z',
    };
    const filled = Object.entries(transformer.InputPathsMap).reduce(
      (t, [name, path]) => t.replaceAll(`<${name}>`, JSON.stringify(sample[path] ?? '')),
      transformer.InputTemplate,
    );
    expect(EmailAccepted().parse(JSON.parse(filled))).toMatchObject({ type: 'email_accepted', message: 'AbC-1_x', ses_message_id: '0100-ses-id' });
    // Email senders name the set, and may send through it.
    const sender = prod.stack.functions.all.find((f) => f.spec.key === 'worker:notification-dispatch')!;
    const env = (props(prod, 'AWS::Lambda::Function').find(([id]) => id === prod.idOf(sender.fn))?.[1].Environment as { Variables: Props }).Variables;
    expect(env.SES_CONFIGURATION_SET).toBeDefined();
    const ses = allStatements(prod.template).filter(({ statement }) => [statement.Action].flat().includes('ses:SendEmail'));
    for (const { statement } of ses) expect(JSON.stringify(statement.Resource)).toContain(':configuration-set/');
  });

  it('retries every scheduler target twice within an hour, then dead-letters it', () => {
    const schedules = props(prod, 'AWS::Scheduler::Schedule');
    expect(schedules).toHaveLength(JOBS.filter((j) => j.schedule).length);
    for (const [id, s] of schedules) {
      const target = s.Target as Props;
      expect(target.DeadLetterConfig, id).toEqual({ Arn: getAtt(jobDlqId(prod)) });
      expect(target.RetryPolicy, id).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 });
    }
  });

  it("sends job functions' failed asynchronous invocations to the same queue", () => {
    for (const { fn } of prod.stack.functions.ofKind('job')) {
      const p = prod.template.toJSON().Resources[prod.idOf(fn)].Properties;
      expect(p.DeadLetterConfig).toEqual({ TargetArn: getAtt(jobDlqId(prod)) });
    }
  });
});

describe('the closed edge', () => {
  const secretIdOf = (r: SynthResult) => r.idOf(r.stack.edge!.originSecret);
  const httpFunctions = (r: SynthResult) => [...r.stack.functions.ofKind('api'), ...r.stack.functions.ofKind('fallback')];

  it('adds the origin secret to every request CloudFront forwards to the API, from Secrets Manager', () => {
    const [, dist] = props(prod, 'AWS::CloudFront::Distribution')[0]!;
    const origins = (
      dist.DistributionConfig as { Origins: Array<{ CustomOriginConfig?: unknown; OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }> }> }
    ).Origins;
    // The API, the auth proxy in front of it, the web app's bucket and the bulk snapshot's bucket; only the two API origins carry the secret.
    expect(origins).toHaveLength(4);
    const api = origins.filter((o) => o.CustomOriginConfig);
    expect(api).toHaveLength(2);
    for (const bucket of origins.filter((o) => !o.CustomOriginConfig)) expect(bucket.OriginCustomHeaders).toBeUndefined();
    for (const origin of api) {
      const header = origin.OriginCustomHeaders?.find((h) => h.HeaderName.toLowerCase() === ORIGIN_VERIFY_HEADER);
      const value = JSON.stringify(header?.HeaderValue);
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(value).toContain(`{"Ref":"${secretIdOf(prod)}"}`);
      expect(value).toContain(`:SecretString:${ORIGIN_SECRET_KEY}::`);
    }
    prod.template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ GenerateStringKey: ORIGIN_SECRET_KEY, PasswordLength: 48 }),
    });
  });

  it('makes every function behind the API require that secret and trust CloudFront-Viewer-Address, and no other', () => {
    const secretId = secretIdOf(prod);
    const readers = allStatements(prod.template)
      .filter(({ statement }) => [statement.Resource].flat().some((r) => JSON.stringify(r) === JSON.stringify({ Ref: secretId })))
      .map(({ from }) => from)
      .sort();
    const http = httpFunctions(prod);
    expect(readers).toEqual(http.map((f) => prod.idOf(f.fn.role!.node.findChild('DefaultPolicy'))).sort());
    const httpKeys = new Set(http.map((f) => f.spec.key));
    for (const f of prod.stack.functions.all) {
      const env = prod.template.toJSON().Resources[prod.idOf(f.fn)].Properties.Environment.Variables;
      const isHttp = httpKeys.has(f.spec.key);
      expect(env.ORIGIN_SECRET_ARN, f.spec.key).toEqual(isHttp ? { Ref: secretId } : undefined);
      expect(env.TRUST_PROXY, f.spec.key).toBe(isHttp ? 'cloudfront' : undefined);
    }
  });

  it('forwards CloudFront-Viewer-Address (AllViewerExceptHostHeader) and logs to the access-log bucket', () => {
    const logBucketId = prod.idOf(prod.stack.data.accessLogs);
    prod.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/api/*', OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac' })]),
        Logging: { Bucket: getAtt(logBucketId, 'RegionalDomainName'), Prefix: 'cloudfront/' },
      }),
    });
  });

  it('sends every API request (/api/*, and /share/* pages) over HTTPS with the secret header and CloudFront-Viewer-Address, the rest to the app', () => {
    const [, dist] = props(prod, 'AWS::CloudFront::Distribution')[0]!;
    type Behavior = { PathPattern?: string; OriginRequestPolicyId?: string; TargetOriginId: string };
    const config = dist.DistributionConfig as {
      CacheBehaviors: Behavior[];
      DefaultCacheBehavior: Behavior;
      Origins: Array<{
        Id: string;
        DomainName: unknown;
        CustomOriginConfig?: { OriginProtocolPolicy: string };
        OriginCustomHeaders?: Array<{ HeaderName: string }>;
      }>;
    };
    const origin = config.Origins.find((o) => JSON.stringify(o.DomainName).includes(`{"Ref":"${prod.idOf(prod.stack.api.api)}"}`))!;
    const proxy = config.Origins.find((o) => JSON.stringify(o.DomainName).includes(`{"Ref":"${prod.idOf(prod.stack.edge!.authProxy.restApi)}"}`))!;
    const behaviors = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
    const toApi = behaviors.filter((b) => b.TargetOriginId === origin.Id);
    const toProxy = behaviors.filter((b) => b.TargetOriginId === proxy.Id);
    // No other behavior reaches the API, directly or through the auth proxy, so none can route around the policy or the header.
    expect(toApi.map((b) => b.PathPattern).sort()).toEqual(['/api/*', '/share/*']);
    expect(toProxy.map((b) => b.PathPattern).sort()).toEqual(
      authRateLimitedPaths()
        .map((p) => `${p}*`)
        .sort(),
    );
    expect(config.DefaultCacheBehavior.TargetOriginId).not.toBe(origin.Id);
    expect(config.DefaultCacheBehavior.TargetOriginId).not.toBe(proxy.Id);
    // The public bulk snapshot is read-only, from the data bucket (its objects' keys are the path, so only bulk/ is reachable).
    const bulk = (config.CacheBehaviors as Array<{ PathPattern: string; AllowedMethods: string[]; TargetOriginId: string }>).find(
      (b) => b.PathPattern === '/bulk/*',
    );
    expect(bulk?.AllowedMethods).toEqual(['GET', 'HEAD']);
    const bulkOrigin = config.Origins.find((o) => o.Id === bulk?.TargetOriginId) as { S3OriginConfig?: unknown; DomainName: unknown } | undefined;
    expect(JSON.stringify(bulkOrigin?.DomainName)).toContain(prod.idOf(prod.stack.data.bucket));
    expect(JSON.stringify(origin.DomainName)).toContain(`{"Ref":"${prod.idOf(prod.stack.api.api)}"}`);
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
    for (const o of [origin, proxy]) {
      expect(o.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
      expect(o.OriginCustomHeaders?.map((h) => h.HeaderName.toLowerCase())).toEqual([ORIGIN_VERIFY_HEADER]);
    }
    // AllViewerExceptHostHeader, the managed policy that forwards every viewer header but Host and
    // adds CloudFront's own headers, CloudFront-Viewer-Address among them (the template names it by id only).
    for (const b of [...toApi, ...toProxy]) expect(b.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
  });

  it('changes nothing without the edge: no secret, no CloudFront, the source IP as client IP', () => {
    dev.template.resourceCountIs('AWS::CloudFront::Distribution', 0);
    expect(dev.stack.edge).toBeUndefined();
    for (const f of httpFunctions(dev)) {
      const env = dev.template.toJSON().Resources[dev.idOf(f.fn)].Properties.Environment.Variables;
      expect(env.TRUST_PROXY).toBe('0');
      expect(env).not.toHaveProperty('ORIGIN_SECRET_ARN');
    }
  });
});

describe('topic and email', () => {
  it('refuses plain-HTTP publishing on the alarm topic', () => {
    prod.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('grants no SES permission at all without an SES identity, and warns', () => {
    const ses = allStatements(dev.template).filter(({ statement }) => [statement.Action].flat().some((a) => String(a).startsWith('ses:')));
    expect(ses).toEqual([]);
    Annotations.fromStack(dev.stack).hasWarning('*', Match.stringLikeRegexp('Email has no way out'));
    const smtp = synthStack({ stage: 'dev', functionEnv: JSON.stringify({ SMTP_HOST: 'smtp.example.org' }) });
    expect(Annotations.fromStack(smtp.stack).findWarning('*', Match.stringLikeRegexp('Email has no way out'))).toEqual([]);
  });
});

describe('alarms', () => {
  const alarms = () => props(prod, 'AWS::CloudWatch::Alarm');
  const named = (suffix: string) => alarms().find(([, a]) => a.AlarmName === `BillWatch-prod-${suffix}`)?.[1];

  it('alarms on the API 5xx rate, only past a minimum of requests', () => {
    const a = named('ApiServerErrorRate');
    expect(a).toBeDefined();
    expect(a?.Threshold).toBe(ALARM_THRESHOLDS.apiServerErrorPercent);
    expect(a).toMatchObject({ EvaluationPeriods: 3, DatapointsToAlarm: 2, TreatMissingData: 'notBreaching' });
    const expression = (a?.Metrics as Array<{ Expression?: string }>).find((m) => m.Expression)?.Expression;
    expect(expression).toBe(`IF(requests >= ${ALARM_THRESHOLDS.apiMinRequests}, 100 * errors / requests, 0)`);
  });

  it('alarms on errors and throttles of every function', () => {
    for (const { spec, fn } of prod.stack.functions.all) {
      for (const metric of ['Errors', 'Throttles']) {
        const found = alarms().filter(
          ([, a]) => a.MetricName === metric && JSON.stringify(a.Dimensions) === JSON.stringify([{ Name: 'FunctionName', Value: { Ref: prod.idOf(fn) } }]),
        );
        expect(found, `${spec.key} ${metric}`).toHaveLength(1);
      }
    }
  });

  it('alarms on depth and age of every dead-letter queue and on the backlog of every queue', () => {
    for (const q of QUEUES) {
      const id = q.name.replace(/(^|-)(\w)/g, (_m, _s, c: string) => c.toUpperCase());
      expect(named(`${id}DlqNotEmpty`), q.name).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 0 });
      expect(named(`${id}DlqAging`), q.name).toMatchObject({ MetricName: 'ApproximateAgeOfOldestMessage', Threshold: 7 * 24 * 3600 });
      expect(named(`${id}Backlog`), q.name).toMatchObject({ MetricName: 'ApproximateAgeOfOldestMessage', Threshold: 2 * 3600 });
    }
    expect(named('JobDlqNotEmpty')).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible' });
    expect(named('JobDlqAging')).toMatchObject({ MetricName: 'ApproximateAgeOfOldestMessage' });
  });

  it('alarms when a scheduled job has not succeeded for longer than its schedule allows, missing data breaching', () => {
    expect(longestGapHours('*/30 * * * *')).toBe(0.5);
    expect(longestGapHours('15 */6 * * *')).toBe(6);
    expect(longestGapHours('0 3 * * *')).toBe(24);
    expect(notRunWindowHours({ schedule: '0 3 * * *' })).toBe(26);
    // CloudWatch looks back 7 days at most: a weekly job cannot be watched this way.
    expect(notRunWindowHours({ schedule: '30 8 * * MON' })).toBeUndefined();
    const watched = JOBS.filter((j) => notRunWindowHours(j) !== undefined);
    expect(watched.length).toBeGreaterThanOrEqual(JOBS.filter((j) => j.schedule).length - 1);
    for (const job of watched) {
      const a = alarms().find(([, x]) => x.MetricName === 'JobSucceeded' && JSON.stringify(x.Dimensions).includes(`"${job.name}"`))?.[1];
      const hours = notRunWindowHours(job)!;
      expect(a, job.name).toMatchObject({
        Namespace: 'BillWatch',
        Period: 3600,
        EvaluationPeriods: hours,
        DatapointsToAlarm: hours,
        Threshold: 1,
        ComparisonOperator: 'LessThanThreshold',
        TreatMissingData: 'breaching',
      });
      expect(a?.Dimensions).toEqual(expect.arrayContaining([{ Name: 'service', Value: 'billwatch' }]));
    }
  });

  it('sends every alarm to the topic and links its runbook, whose section exists', () => {
    const [topicId] = resourcesOf(prod.template, 'AWS::SNS::Topic').map(([id]) => id);
    const docs = readFileSync(path.join(ROOT, 'docs/observability.md'), 'utf8');
    for (const [id, a] of alarms()) {
      expect(a.AlarmActions, id).toEqual([{ Ref: topicId }]);
      expect(a.AlarmDescription, id).toContain('docs/observability.md#alarms');
      // Each alarm family has its own runbook entry, named after the alarm id pattern.
      const suffix = String(a.AlarmName).replace('BillWatch-prod-', '');
      expect(docs, suffix).toContain(`\`${alarmFamily(suffix)}\``);
    }
  });

  it('has one dashboard of the pipeline: API, queues, workers, jobs, functions and alarm states', () => {
    const dashboards = props(prod, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const [, d] = dashboards[0]!;
    expect(d.DashboardName).toBe('BillWatch-prod');
    const body = JSON.stringify(d.DashboardBody);
    for (const needle of [
      'AWS/ApiGateway',
      '5xx',
      'Latency',
      'ApproximateAgeOfOldestMessage',
      'RecordsFailed',
      'JobSucceeded',
      'JobFailed',
      'Throttles',
      'alarm',
    ]) {
      expect(body, needle).toContain(needle);
    }
    for (const q of QUEUES) expect(body).toContain(q.name);
  });
});

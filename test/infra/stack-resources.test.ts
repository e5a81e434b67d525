/**
 * Assertions on the stateful resources, the queues and the functions of the
 * synthesized stack, checked against the queue table, the table definition
 * and the function catalog rather than against hand-written numbers.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { INDEX, KEY, TTL_ATTRIBUTE } from '#shared/adapters/db/table.ts';
import { QUEUES, visibilityTimeoutSeconds } from '#shared/edges/queues/queue-table.ts';
import type { QueueName } from '#shared/adapters/messaging/messages.ts';
import { queueUrlEnv } from '#shared/adapters/messaging/send.ts';
import { needsOf } from '#infra/access-table.ts';
import { functionSpecs } from '#infra/function-catalog.ts';
import { OPERATOR_SECRET_KEYS } from '#infra/constructs/secret-bundle.ts';
import { allStatements, isWebDeploymentHelper, resourcesOf, synthStack, type SynthResult } from './synth-stack.ts';

let prod: SynthResult;
let dev: SynthResult;
beforeAll(() => {
  prod = synthStack({ stage: 'prod', corsOrigins: 'https://app.example.org' });
  dev = synthStack({ stage: 'dev' });
});

const envOf = (r: SynthResult, key: string): Record<string, unknown> => {
  const fn = r.stack.functions.all.find((f) => f.spec.key === key);
  if (!fn) throw new Error(`no function ${key}`);
  const resource = r.template.toJSON().Resources[r.idOf(fn.fn)];
  return resource.Properties.Environment.Variables;
};

describe('queues', () => {
  it.each(QUEUES.map((q) => [q.name, q] as const))('%s has its own DLQ with the row maxReceiveCount and 6x visibility', (name, row) => {
    const { template, stack, idOf } = prod;
    const pair = stack.queues.get(name as QueueName);
    template.hasResource('AWS::SQS::Queue', {
      Properties: Match.objectLike({
        VisibilityTimeout: visibilityTimeoutSeconds(row),
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [idOf(pair.dlq), 'Arn'] }, maxReceiveCount: row.maxReceiveCount },
      }),
    });
    const dlq = template.toJSON().Resources[idOf(pair.dlq)];
    expect(dlq.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    expect(row.timeoutSeconds * 6).toBe(visibilityTimeoutSeconds(row));
  });

  it.each(QUEUES.map((q) => [q.name, q] as const))('%s worker consumes it with the row batch size, concurrency and partial batch responses', (name, row) => {
    const { template, stack, idOf } = prod;
    const worker = stack.functions.all.find((f) => f.spec.key === `worker:${name}`);
    expect(worker).toBeDefined();
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: idOf(worker!.fn) },
      EventSourceArn: { 'Fn::GetAtt': [idOf(stack.queues.get(name as QueueName).queue), 'Arn'] },
      BatchSize: row.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: row.maxConcurrency },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Timeout: row.timeoutSeconds,
      Environment: { Variables: Match.objectLike({ SECRET_ARN: Match.anyValue() }) },
    });
  });

  it('raises an alarm when any DLQ holds a message', () => {
    const { template, stack, idOf } = prod;
    const [topicId] = resourcesOf(template, 'AWS::SNS::Topic').map(([id]) => id);
    for (const pair of stack.queues.pairs.values()) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [idOf(pair.dlq), 'QueueName'] } }],
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        AlarmActions: [{ Ref: topicId }],
      });
    }
  });

  it('raises an alarm on any error of every job function', () => {
    const { template, stack, idOf } = prod;
    const jobs = stack.functions.ofKind('job');
    expect(jobs.length).toBeGreaterThan(0);
    for (const { fn } of jobs) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: idOf(fn) } }],
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });

  it('subscribes the alarm email only when one is given', () => {
    expect(resourcesOf(prod.template, 'AWS::SNS::Subscription')).toHaveLength(0);
    const withEmail = synthStack({ stage: 'dev', alarmEmail: 'ops@example.org' });
    withEmail.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org' });
  });
});

describe('table and bucket', () => {
  it('declares the single table from shared/adapters/db/table.ts with PITR, TTL and ALL-projection GSIs', () => {
    prod.template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: KEY.pk, KeyType: 'HASH' },
        { AttributeName: KEY.sk, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      GlobalSecondaryIndexes: Object.values(INDEX).map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.pk, KeyType: 'HASH' },
          { AttributeName: i.sk, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('keeps the logical ids of the table and the bucket, so no deploy replaces them (feature flags included)', () => {
    // A changed logical id makes CloudFormation create a new, empty table or bucket and orphan (prod) or
    // delete (dev) the old one. These ids were deployed before the recommended feature flags were set.
    for (const r of [prod, dev]) {
      expect(r.idOf(r.stack.data.table)).toBe('DataTableFDBAD0F2');
      expect(r.idOf(r.stack.data.bucket)).toBe('DataTexts5F2BB645');
      expect(resourcesOf(r.template, 'AWS::DynamoDB::Table').map(([id]) => id)).toEqual(['DataTableFDBAD0F2']);
      expect(resourcesOf(r.template, 'AWS::S3::Bucket').map(([id]) => id)).toContain('DataTexts5F2BB645');
    }
  });

  it('protects and retains the table and bucket in prod, and not in dev', () => {
    prod.template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', Properties: Match.objectLike({ DeletionProtectionEnabled: true }) });
    prod.template.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
    dev.template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', Properties: Match.objectLike({ DeletionProtectionEnabled: false }) });
    dev.template.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
  });

  it('encrypts the bucket, blocks public access and refuses plain HTTP', () => {
    prod.template.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    prod.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('generates the JWT and encryption keys and leaves the operator keys empty in the secret bundle', () => {
    const bundle = prod.template.findResources('AWS::SecretsManager::Secret', {
      Properties: { GenerateSecretString: Match.objectLike({ GenerateStringKey: 'JWT_SECRET_KEY' }) },
    });
    const secrets = Object.values(bundle);
    expect(secrets).toHaveLength(1);
    const template = JSON.stringify(secrets[0]?.Properties.GenerateSecretString.SecretStringTemplate);
    for (const key of OPERATOR_SECRET_KEYS) expect(template).toContain(`\\"${key}\\":\\"\\"`);
    expect(template).toContain('ENCRYPTION_SECRET_KEY');
    expect(template).toContain('{{resolve:secretsmanager:');
  });
});

describe('functions', () => {
  it('runs every catalog function on nodejs22.x and arm64', () => {
    const lambdas = resourcesOf(prod.template, 'AWS::Lambda::Function').filter(([id]) => !isWebDeploymentHelper(id));
    expect(lambdas).toHaveLength(functionSpecs().length);
    for (const [, fn] of lambdas) {
      expect(fn.Properties?.Runtime).toBe('nodejs22.x');
      expect(fn.Properties?.Architectures).toEqual(['arm64']);
    }
  });

  it('gives auth 1024 MB, API functions at most 29 s, and job functions their longest job', () => {
    const { stack, template, idOf } = prod;
    const props = (key: string) => {
      const f = stack.functions.all.find((x) => x.spec.key === key)!;
      return template.toJSON().Resources[idOf(f.fn)].Properties;
    };
    expect(props('api:auth').MemorySize).toBe(1024);
    for (const f of stack.functions.ofKind('api')) expect(props(f.spec.key).Timeout).toBeLessThanOrEqual(29);
    for (const f of stack.functions.ofKind('job')) expect(props(f.spec.key).Timeout).toBe(Math.max(...f.spec.jobs.map((j) => j.timeoutSeconds)));
    expect(props('api:$default').Handler).toBe('index.fallback');
  });

  it('gives the search function and the search indexer room in /tmp for two index files, and no other function more than the default', () => {
    const { stack, template, idOf } = prod;
    const storage = (key: string) => {
      const f = stack.functions.all.find((x) => x.spec.key === key)!;
      return (template.toJSON().Resources[idOf(f.fn)].Properties.EphemeralStorage as { Size: number } | undefined)?.Size;
    };
    expect(storage('api:search')).toBe(3072);
    expect(storage('worker:search-index')).toBe(3072);
    const others = stack.functions.all.filter((f) => !['api:search', 'worker:search-index'].includes(f.spec.key));
    expect(others.filter((f) => storage(f.spec.key) !== undefined).map((f) => f.spec.key)).toEqual([]);
  });

  it('sets a retained log group with a retention on every function, on the API access log and on the auth proxy access and execution logs', () => {
    const groups = resourcesOf(prod.template, 'AWS::Logs::LogGroup').filter(([id]) => !isWebDeploymentHelper(id));
    expect(groups).toHaveLength(functionSpecs().length + 3);
    for (const [, g] of groups) {
      expect(g.Properties?.RetentionInDays).toBeGreaterThan(0);
      expect(g.DeletionPolicy).toBe('Retain');
    }
  });

  it('tells each function only about the resources it may use', () => {
    expect(envOf(prod, 'api:admin')).toHaveProperty('EVENT_BUS_NAME');
    expect(envOf(prod, 'api:auth')).not.toHaveProperty('EVENT_BUS_NAME');
    expect(Object.keys(envOf(prod, 'api:auth')).filter((k) => k.startsWith('QUEUE_URL_'))).toEqual([]);
    expect(envOf(prod, 'api:$default')).not.toHaveProperty('TABLE_NAME');
    expect(envOf(prod, 'worker:document-fetch')).toHaveProperty('BUCKET_NAME');
    expect(envOf(prod, 'worker:document-fetch')).toHaveProperty(queueUrlEnv('brief'));
    expect(envOf(prod, 'worker:brief')).toHaveProperty(queueUrlEnv('notification-dispatch'));
    for (const f of prod.stack.functions.all) {
      const env = envOf(prod, f.spec.key);
      expect(env, f.spec.key).toHaveProperty('SECRET_ARN');
      expect(env.STAGE).toBe('prod');
      expect(env.CORS_ORIGINS).toBe('https://app.example.org');
      expect(env).toHaveProperty('PUBLIC_URL');
      // Only the functions behind the API read a client IP, and only they hold the origin secret.
      const http = f.spec.kind === 'api' || f.spec.kind === 'fallback';
      expect(env.TRUST_PROXY, f.spec.key).toBe(http ? 'cloudfront' : undefined);
      expect('ORIGIN_SECRET_ARN' in env, f.spec.key).toBe(http);
    }
    expect(envOf(dev, 'api:auth').TRUST_PROXY).toBe('0');
    expect(envOf(dev, 'api:auth')).not.toHaveProperty('ORIGIN_SECRET_ARN');
  });

  it('grants S3 writes only to functions that write the bucket', () => {
    // Identity policies only: the access-log bucket's own policy lets S3's log delivery service write to it.
    const writers = allStatements(prod.template)
      .filter(({ statement }) => statement.Principal === undefined && [statement.Action].flat().includes('s3:PutObject'))
      // The web app's deployment helper writes the app's bucket (infra/constructs/web-app.ts).
      .filter(({ from }) => !isWebDeploymentHelper(from))
      .map(({ from }) => from);
    // The document fetcher stores bill texts; the system jobs' export_bulk writes the public snapshot; the bulk import
    // stages its zips; the search indexer writes the index's change sets and snapshots.
    const policyIds = ['worker:document-fetch', 'job:system', 'worker:bill-status-import', 'worker:search-index'].map((key) => {
      const fn = prod.stack.functions.all.find((f) => f.spec.key === key)!;
      return prod.idOf(fn.fn.role!.node.tryFindChild('DefaultPolicy')!);
    });
    expect([...writers].sort()).toEqual([...policyIds].sort());
  });

  it('lets only email senders call SES, scoped to the configured identity', () => {
    const scoped = synthStack({ stage: 'dev', sesIdentity: 'example.org' });
    const ses = allStatements(scoped.template).filter(({ statement }) => [statement.Action].flat().includes('ses:SendEmail'));
    const senders = scoped.stack.functions.all.filter((f) => needsOf(f.spec).some((n) => n.kind === 'email-send'));
    expect(senders.map((f) => f.spec.key)).toContain('worker:notification-dispatch');
    expect(ses.map(({ from }) => from).sort()).toEqual(senders.map((f) => scoped.idOf(f.fn.role!.node.tryFindChild('DefaultPolicy')!)).sort());
    for (const { statement } of ses) {
      expect(JSON.stringify(statement.Resource)).toContain(':identity/example.org');
    }
  });

  it('grants no wildcard action in any Allow statement', () => {
    // The web app's deployment helper is the library's; its S3 action families are acknowledged one by one (infra/constructs/web-app.ts).
    const statements = allStatements(prod.template)
      .concat(allStatements(dev.template))
      .filter(({ from }) => !isWebDeploymentHelper(from));
    expect(statements.length).toBeGreaterThan(10);
    for (const { from, statement } of statements) {
      const actions = [statement.Action ?? statement.NotAction].flat().filter((a): a is string => typeof a === 'string');
      if (statement.Effect === 'Allow') {
        for (const a of actions) expect(a, `${from}: ${a}`).not.toContain('*');
        expect(statement.NotAction, from).toBeUndefined();
      } else {
        // Deny-all statements exist only to refuse plain HTTP (enforceSSL on the bucket and queues).
        expect(statement.Condition, from).toEqual({ Bool: { 'aws:SecureTransport': 'false' } });
      }
    }
  });
});

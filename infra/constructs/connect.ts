/**
 * The one place a function learns about a resource: each need of
 * infra/access-table.ts sets the environment variable the code reads and
 * grants exactly the matching actions, never more, never a wildcard action.
 */
import { Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { queueUrlEnv } from '#shared/adapters/messaging/send.ts';
import { APP_SHELL } from '#shared/domain/web/web-paths.ts';
import type { Need } from '../access-table.ts';
import { acknowledge, arnWildcard } from './nag.ts';
import type { Queues } from './queues.ts';

export interface Resources {
  table: ITable;
  bucket: IBucket;
  queues: Queues;
  bus: IEventBus;
  secret: ISecret;
  /** The SES identity mail is sent from (domain or address); without one no function may send through SES. */
  emailIdentity?: string;
  /** The SES configuration set every email goes through, whose Send events are recorded (./email-receipts.ts). */
  emailConfigurationSet?: { name: string; arn: string };
  /** The web app's bucket (./web-app.ts), deployed with the edge only. */
  webBucket?: IBucket;
}

/** The ARN ses:SendEmail is scoped to: the configured identity of this account and region. */
export function emailIdentityArn(scope: Stack, identity: string): string {
  return scope.formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
}

/** Gives `fn` one need: its environment variable and its least-privilege grant. */
export function connect(fn: LambdaFunction, need: Need, r: Resources): void {
  switch (need.kind) {
    case 'table':
      fn.addEnvironment('TABLE_NAME', r.table.tableName);
      if (need.mode === 'read') r.table.grantReadData(fn);
      else r.table.grantReadWriteData(fn);
      acknowledge(
        fn.role!,
        'AwsSolutions-IAM5',
        "The table's indexes (shared/adapters/db/table.ts) are reached as <table ARN>/index/*, CDK's grant for every index of this one table",
        [arnWildcard(r.table, '/index/*')],
      );
      return;
    case 'bucket': {
      fn.addEnvironment('BUCKET_NAME', r.bucket.bucketName);
      // Explicit actions: the L2 grants use s3:GetObject* style wildcards.
      const objects = r.bucket.arnForObjects('*');
      if (need.mode !== 'write') {
        fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [objects] }));
        // ListBucket turns a missing object into 404 instead of 403, which idempotent fetches rely on.
        fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [r.bucket.bucketArn] }));
      }
      if (need.mode !== 'read') {
        fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject', 's3:AbortMultipartUpload'], resources: [objects] }));
      }
      acknowledge(
        fn.role!,
        'AwsSolutions-IAM5',
        'Bill texts are objects under keys made at run time (shared/adapters/db/keys), so object actions name <bucket ARN>/*',
        [arnWildcard(r.bucket, '/*')],
      );
      return;
    }
    case 'send':
      fn.addEnvironment(queueUrlEnv(need.queue), r.queues.get(need.queue).queue.queueUrl);
      r.queues.get(need.queue).queue.grantSendMessages(fn);
      return;
    case 'bus-put':
      fn.addEnvironment('EVENT_BUS_NAME', r.bus.eventBusName);
      r.bus.grantPutEventsTo(fn);
      return;
    case 'secret-read':
      fn.addEnvironment('SECRET_ARN', r.secret.secretArn);
      r.secret.grantRead(fn);
      return;
    case 'web-shell':
      // Without the web app, share pages make a page of their own (shared/domain/web/share-meta.ts).
      if (!r.webBucket) return;
      fn.addEnvironment('WEB_BUCKET_NAME', r.webBucket.bucketName);
      // The one object it reads, named: no wildcard.
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [r.webBucket.arnForObjects(APP_SHELL.slice(1))] }));
      return;
    case 'email-send':
      // Without a configured identity the function gets no SES permission at all (email then needs
      // SMTP_HOST; the stack warns when neither is set) rather than the right to send as any identity.
      if (!r.emailIdentity) return;
      // The sender is SMTP_FROM (shared/adapters/providers/channels/email-sender.ts); it must belong to this identity.
      // Naming a configuration set in a send needs the permission on it too.
      if (r.emailConfigurationSet) fn.addEnvironment('SES_CONFIGURATION_SET', r.emailConfigurationSet.name);
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [emailIdentityArn(Stack.of(fn), r.emailIdentity), ...(r.emailConfigurationSet ? [r.emailConfigurationSet.arn] : [])],
        }),
      );
      return;
  }
}

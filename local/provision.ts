/**
 * Creates the table, the bucket and the queues (each with its DLQ and redrive
 * policy from the queue table) on the emulators, if they do not exist yet,
 * and returns the environment that points the service at them.
 */
import { CreateTableCommand, DescribeTableCommand, ResourceNotFoundException, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { sqs } from '#shared/platform/sqs-client.ts';
import { s3 } from '#shared/platform/s3-client.ts';
import { tableDefinition } from '#shared/adapters/db/table-definition.ts';
import { TTL_ATTRIBUTE } from '#shared/adapters/db/table.ts';
import { QUEUES, visibilityTimeoutSeconds } from '#shared/edges/queues/queue-table.ts';
import { queueUrlEnv } from '#shared/adapters/messaging/send.ts';

export interface ProvisionNames {
  tableName: string;
  bucketName: string;
  /** Prefix of every queue name, so several stacks can share one emulator. */
  queuePrefix: string;
}

async function ensureTable(tableName: string): Promise<void> {
  try {
    await dynamo().send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  await dynamo().send(new CreateTableCommand(tableDefinition(tableName)));
  await dynamo().send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }));
}

async function ensureBucket(bucketName: string): Promise<void> {
  try {
    await (await s3()).send(new HeadBucketCommand({ Bucket: bucketName }));
  } catch {
    await (await s3()).send(new CreateBucketCommand({ Bucket: bucketName }));
  }
}

/** Creates a queue and its DLQ; returns the queue URL and the DLQ URL. */
async function ensureQueue(name: string, visibility: number, maxReceiveCount: number): Promise<{ url: string; dlqUrl: string }> {
  const dlq = await (await sqs()).send(new CreateQueueCommand({ QueueName: `${name}-dlq`, Attributes: { MessageRetentionPeriod: '1209600' } }));
  const dlqUrl = dlq.QueueUrl as string;
  const attrs = await (await sqs()).send(new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }));
  const queue = await (
    await sqs()
  ).send(
    new CreateQueueCommand({
      QueueName: name,
      Attributes: {
        VisibilityTimeout: String(visibility),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: attrs.Attributes?.QueueArn, maxReceiveCount }),
      },
    }),
  );
  return { url: queue.QueueUrl as string, dlqUrl };
}

export interface ProvisionedEnv {
  env: Record<string, string>;
  dlqUrls: Record<string, string>;
}

/** Creates everything the service needs; safe to call on every start. */
export async function provision(names: ProvisionNames, options: { visibilityTimeoutSeconds?: number } = {}): Promise<ProvisionedEnv> {
  const visibility = (q: (typeof QUEUES)[number]) => options.visibilityTimeoutSeconds ?? visibilityTimeoutSeconds(q);
  // Everything at once: each call is a round trip to an emulator, and they do not depend on each other.
  const [queues] = await Promise.all([
    Promise.all(QUEUES.map((q) => ensureQueue(`${names.queuePrefix}${q.name}`, visibility(q), q.maxReceiveCount))),
    ensureTable(names.tableName),
    ensureBucket(names.bucketName),
  ]);
  const env: Record<string, string> = { TABLE_NAME: names.tableName, BUCKET_NAME: names.bucketName };
  const dlqUrls: Record<string, string> = {};
  QUEUES.forEach((q, i) => {
    const created = queues[i];
    if (!created) return;
    env[queueUrlEnv(q.name)] = created.url;
    dlqUrls[q.name] = created.dlqUrl;
  });
  return { env, dlqUrls };
}

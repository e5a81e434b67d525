/**
 * One SQS queue per row of the queue table, each with its own dead-letter
 * queue: maxReceiveCount from the row, visibility timeout six times the
 * worker's timeout (so a slow batch is not redelivered while it still runs),
 * and fourteen days on the DLQ to inspect and redrive.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';
import type { QueueName } from '#shared/adapters/messaging/messages.ts';
import { visibilityTimeoutSeconds, type QueueDef } from '#shared/edges/queues/queue-table.ts';

/** SQS's maximum retention, the longest window to notice and redrive a poisoned message. */
const DLQ_RETENTION = Duration.days(14);

export interface QueuePair {
  def: QueueDef;
  queue: Queue;
  dlq: Queue;
}

const pascal = (s: string) => s.replace(/(^|-)(\w)/g, (_m, _sep, c: string) => c.toUpperCase());

export class Queues extends Construct {
  readonly pairs: ReadonlyMap<QueueName, QueuePair>;

  constructor(scope: Construct, id: string, props: { queues: readonly QueueDef[] }) {
    super(scope, id);
    const pairs = new Map<QueueName, QueuePair>();
    for (const def of props.queues) {
      const name = pascal(def.name);
      const dlq = new Queue(this, `${name}Dlq`, {
        retentionPeriod: DLQ_RETENTION,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      acknowledge(
        dlq,
        'Serverless-SQSRedrivePolicy',
        `The dead-letter queue of the ${def.name} queue: a DLQ of a DLQ would only move the messages operators must look at`,
      );
      const queue = new Queue(this, name, {
        visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds(def)),
        deadLetterQueue: { queue: dlq, maxReceiveCount: def.maxReceiveCount },
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      pairs.set(def.name as QueueName, { def, queue, dlq });
    }
    this.pairs = pairs;
  }

  /** The pair of a queue name; throws for a name the queue table does not have. */
  get(name: QueueName): QueuePair {
    const pair = this.pairs.get(name);
    if (!pair) throw new Error(`No queue named ${name} in the queue table`);
    return pair;
  }
}

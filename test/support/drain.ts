/**
 * Drains the test stack's queues by calling the real workers with SQS
 * events, as the local queue pumps and Lambda's event source mapping do,
 * until no queue the workers feed has anything left.
 */
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sqs } from '#shared/platform/sqs-client.ts';
import { queueUrl } from '#shared/adapters/messaging/send.ts';
import type { QueueName } from '#shared/adapters/messaging/messages.ts';
import { failedMessageIds, toSqsEvent } from '../../local/sqs-event.ts';
import { lambdaContext } from '#test/support/api.ts';

type Worker = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

/** Receives up to 10 messages from a queue (short poll). */
export async function receive(queue: QueueName): Promise<Message[]> {
  const out = await (
    await sqs()
  ).send(new ReceiveMessageCommand({ QueueUrl: queueUrl(queue), MaxNumberOfMessages: 10, WaitTimeSeconds: 0, AttributeNames: ['All'] }));
  return out.Messages ?? [];
}

async function remove(queue: QueueName, messages: Message[]): Promise<void> {
  if (messages.length === 0) return;
  await (
    await sqs()
  ).send(
    new DeleteMessageBatchCommand({ QueueUrl: queueUrl(queue), Entries: messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle ?? '' })) }),
  );
}

/** Takes every message off a queue without running anything; returns their bodies. */
export async function takeAll(queue: QueueName): Promise<unknown[]> {
  const bodies: unknown[] = [];
  for (let batch = await receive(queue); batch.length > 0; batch = await receive(queue)) {
    bodies.push(...batch.map((m) => JSON.parse(m.Body ?? 'null') as unknown));
    await remove(queue, batch);
  }
  return bodies;
}

/** Runs the workers until their queues are empty; returns the bodies handled per queue and the failures. */
export async function drain(workers: Partial<Record<QueueName, Worker>>, maxRounds = 50) {
  const handled: Record<string, unknown[]> = {};
  const failures: unknown[] = [];
  for (let round = 0; round < maxRounds; round++) {
    let any = false;
    for (const [queue, worker] of Object.entries(workers) as [QueueName, Worker][]) {
      const batch = await receive(queue);
      if (batch.length === 0) continue;
      any = true;
      const event = toSqsEvent(batch, `arn:aws:sqs:us-east-1:000000000000:${queue}`, 'us-east-1');
      const result = await worker(event, lambdaContext());
      const failed = failedMessageIds(event, { result });
      (handled[queue] ??= []).push(...batch.map((m) => JSON.parse(m.Body ?? 'null') as unknown));
      failures.push(...batch.filter((m) => failed.has(m.MessageId ?? '')).map((m) => m.Body));
      await remove(queue, batch);
    }
    if (!any) return { handled, failures };
  }
  throw new Error('queues did not drain');
}

/**
 * Sends typed messages to a queue of the queue table, ten per
 * SendMessageBatch (SQS's limit), checking the per-entry Failed list and
 * retrying those entries before giving up.
 */
import type { SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import { sqs, sqsSdk } from '#shared/platform/sqs-client.ts';
import { currentCorrelationId } from '#shared/platform/correlation.ts';
import type { QueueMessages, QueueName } from './messages.ts';

const SQS_BATCH_MAX = 10;

/** The environment variable that carries a queue's URL: QUEUE_URL_DOCUMENT_FETCH, … */
export const queueUrlEnv = (name: QueueName): string => `QUEUE_URL_${name.toUpperCase().replace(/-/g, '_')}`;

/** The URL of a queue, from its QUEUE_URL_* variable. */
export function queueUrl(name: QueueName): string {
  const url = process.env[queueUrlEnv(name)];
  if (!url) throw new Error(`${queueUrlEnv(name)} is not set: the ${name} queue is unknown to this function`);
  return url;
}

export interface OutgoingMessage<T> {
  body: T;
  /** Seconds before the message becomes visible (0-900). */
  delaySeconds?: number;
}

/** The body as sent: stamped with the current correlation id unless it carries one (docs/observability.md, "Correlation ids"). */
function stamped(body: unknown): unknown {
  const id = currentCorrelationId();
  if (!id || !body || typeof body !== 'object' || 'correlation_id' in body) return body;
  return { ...body, correlation_id: id };
}

/** Sends messages to a queue; throws if any entry still fails after three attempts. */
export async function sendMessages<Q extends QueueName>(
  queue: Q,
  messages: ReadonlyArray<QueueMessages[Q] | OutgoingMessage<QueueMessages[Q]>>,
): Promise<void> {
  const url = queueUrl(queue);
  const entries: SendMessageBatchRequestEntry[] = messages.map((m, i) => {
    const wrapped = typeof m === 'object' && m !== null && 'body' in m ? (m as OutgoingMessage<QueueMessages[Q]>) : { body: m as QueueMessages[Q] };
    return { Id: String(i), MessageBody: JSON.stringify(stamped(wrapped.body)), DelaySeconds: wrapped.delaySeconds };
  });
  const [client, { SendMessageBatchCommand }] = await Promise.all([sqs(), sqsSdk()]);
  for (let i = 0; i < entries.length; i += SQS_BATCH_MAX) {
    let pending = entries.slice(i, i + SQS_BATCH_MAX);
    for (let attempt = 1; pending.length > 0; attempt++) {
      const out = await client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: pending }));
      const failed = new Set((out.Failed ?? []).map((f) => f.Id));
      if (failed.size === 0) break;
      if (attempt >= 3) {
        const reasons = (out.Failed ?? []).map((f) => `${f.Code}: ${f.Message}`).join('; ');
        throw new Error(`SendMessageBatch to ${queue} failed for ${failed.size} messages: ${reasons}`);
      }
      pending = pending.filter((e) => failed.has(e.Id));
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

/** Sends one message to a queue. */
export const sendMessage = <Q extends QueueName>(queue: Q, message: QueueMessages[Q], delaySeconds?: number) =>
  sendMessages(queue, [{ body: message, delaySeconds }]);

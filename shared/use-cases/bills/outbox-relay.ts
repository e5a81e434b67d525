/**
 * Sending what the table outbox holds (shared/adapters/db/outbox.repository.ts;
 * docs/architecture.md, "Nothing lost, nothing sent twice"). A step that
 * changes state and owes messages writes both in one transaction, then sends
 * the messages at once and deletes the entry (`sendOwed`). If it dies in
 * between, the entry stays, and relay_outbox (every 5 minutes) sends every
 * entry older than a minute — old enough that the step that wrote it is done
 * with it. A message can so be sent twice (the step and the relay both sent
 * it, or a send succeeded and the delete failed): every consumer is
 * idempotent and event ids are deterministic, so the effect is once.
 */
import { deleteOutboxEntry, listOutboxEntries } from '#shared/adapters/db/outbox.repository.ts';
import { type OutboxEntry } from '#shared/domain/notify/outbox-entry.schema.ts';
import { QUEUE_MESSAGE_SCHEMAS, type QueueMessages, type QueueName } from '#shared/adapters/messaging/messages.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { logger } from '#shared/platform/logger.ts';
import { recordOutbox } from '#shared/platform/metrics.ts';
import { errorText } from '#shared/errors/error-text.ts';

/** An entry younger than this may still be sent by the step that wrote it. */
export const OUTBOX_RELAY_AGE_SECONDS = 60;
/** Entries a relay run sends at most (the next run takes the rest). */
const RELAY_BATCH = 500;

/** An outbox entry owing `messages` to `queue`, for the transaction of the change `id` names. */
export function owe<Q extends QueueName>(id: string, queue: Q, messages: QueueMessages[Q][], now: Date): OutboxEntry {
  return { id, queue, messages, created_at: now.toISOString() };
}

const isQueue = (name: string): name is QueueName => Object.hasOwn(QUEUE_MESSAGE_SCHEMAS, name);

/** Sends an entry's messages, then deletes it. */
export async function sendOwed(entry: OutboxEntry): Promise<void> {
  const queue = entry.queue;
  if (!isQueue(queue)) throw new Error(`outbox entry ${entry.id} names an unknown queue ${queue}`);
  const messages = entry.messages.map((m) => QUEUE_MESSAGE_SCHEMAS[queue]().parse(m));
  await sendMessages(queue, messages);
  await deleteOutboxEntry(entry.id);
}

/** relay_outbox: sends every entry older than OUTBOX_RELAY_AGE_SECONDS; one that fails is left for the next run, and fails this one. */
export async function relayOutbox(now: Date): Promise<{ found: number; sent: number; failed: number; oldest: string | null }> {
  const before = new Date(now.getTime() - OUTBOX_RELAY_AGE_SECONDS * 1000).toISOString();
  const entries = await listOutboxEntries(before, RELAY_BATCH);
  let sent = 0;
  let failed = 0;
  for (const entry of entries) {
    try {
      await sendOwed(entry);
      sent++;
    } catch (err) {
      failed++;
      logger.error('outbox entry not relayed', { id: entry.id, queue: entry.queue, error: errorText(err) });
    }
  }
  const oldest = entries[0]?.created_at ?? null;
  recordOutbox(entries.length, oldest ? Math.max(0, Math.round((now.getTime() - Date.parse(oldest)) / 1000)) : 0);
  if (entries.length > 0) logger.warn('outbox entries relayed', { found: entries.length, sent, failed, oldest });
  // A failed run raises the job's error alarm; the entries stay for the next run.
  if (failed > 0) throw new Error(`${failed} of ${entries.length} outbox entries could not be relayed`);
  return { found: entries.length, sent, failed, oldest };
}

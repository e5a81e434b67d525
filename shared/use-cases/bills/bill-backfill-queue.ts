/**
 * Queues one page of a bill backfill. A pause longer than SQS's 900 s delay
 * travels in the message as `not_before`, and the page worker sends an early
 * message on for the rest of the wait (shared/use-cases/bills/bill-backfill-pages.ts).
 */
import { pageDelivery, type BillBackfill } from '#shared/domain/bills/bill-backfill.ts';
import { sendMessage } from '#shared/adapters/messaging/send.ts';

/** Sends the page of `b` at its offset, due at `due` (at once when not given). */
export async function queueBackfillPage(b: Pick<BillBackfill, 'id' | 'run' | 'offset'>, now: Date, due?: Date): Promise<void> {
  const { delaySeconds, notBefore } = pageDelivery(now, due);
  await sendMessage(
    'bill-backfill',
    { v: 1, type: 'backfill_bills_page', backfill_id: b.id, run: b.run, offset: b.offset, ...(notBefore ? { not_before: notBefore } : {}) },
    delaySeconds,
  );
}

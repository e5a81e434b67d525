/**
 * One page of a bill backfill (the bill-backfill worker's use case):
 *   1. read the progress record; a message for another run, another offset or
 *      a finished backfill is stale and dropped;
 *   2. a message that arrives before its `not_before` is sent on for the rest
 *      of the wait (pauses longer than SQS's 900 s delay);
 *   3. claim the page for this message (one message at a time per page; a
 *      redelivery of the same message may take its own claim back);
 *   4. read one listing page from Congress.gov and save its bills through the
 *      poller's per-bill path (./save-listed-bills.ts);
 *   5. record the page (cursor, counts, when the next page is due), releasing
 *      the claim; only the claim holder at this offset can, once;
 *   6. queue the next page, delayed so the backfill stays within
 *      BACKFILL_REQUESTS_PER_HOUR Congress.gov requests.
 * Dying anywhere is safe: before 5 the page is simply done again (saving is
 * idempotent); between 5 and 6 the redelivered message sees that it recorded
 * the page itself and queues the next one, and should that message be lost
 * too, resume_bill_backfills re-queues the page of a stalled backfill.
 */
import { getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { disabledByAdmin } from '#shared/domain/settings/data-sources.ts';
import { claimPage, failBackfill, finishPage, getBackfill, type PageRef } from '#shared/adapters/db/bill-backfills.repository.ts';
import { BACKFILL_PAGE_SIZE, listingOf, pageDelaySeconds, pageRequestCost } from '#shared/domain/bills/bill-backfill.ts';
import type { BillBackfillMessage } from '#shared/adapters/messaging/messages.ts';
import { config } from '#shared/platform/config.ts';
import { getBillListPage } from '#shared/adapters/providers/congress-gov/congress-gov.client.ts';
import { queueBackfillPage } from './bill-backfill-queue.ts';
import { saveListedBills } from './save-listed-bills.ts';
import { errorText } from '#shared/errors/error-text.ts';

/** A message this close to its not_before is processed rather than sent on. */
const EARLY_TOLERANCE_MS = 1000;

export interface PageContext {
  /** The SQS message id: the page's claim, stable across redeliveries of one message. */
  messageId: string;
  /** This delivery is the message's last before the DLQ: a failure marks the backfill failed. */
  finalAttempt: boolean;
  now: Date;
  /** How long a claim holds: longer than one worker invocation may run. */
  claimForMs: number;
}

/** How long a page waits while Congress.gov is switched off before it looks again. */
const SWITCHED_OFF_RETRY_MS = 15 * 60 * 1000;

/** Runs one page message; returns a summary for the log. */
export async function runBackfillPage(message: BillBackfillMessage, ctx: PageContext): Promise<Record<string, unknown>> {
  const { now } = ctx;
  const ref: PageRef = { id: message.backfill_id, run: message.run, offset: message.offset, claimId: ctx.messageId };
  const summary = { backfill_id: ref.id, run: ref.run, offset: ref.offset };
  const b = await getBackfill(ref.id);
  if (!b || b.run !== ref.run || b.state !== 'running') return { ...summary, skipped: 'stale: not this run, or not running' };
  if (b.offset !== ref.offset) {
    // This message recorded its page and then died before (or while) queuing the next: queue it now.
    if (b.last_page_by === ctx.messageId && b.offset > ref.offset) {
      await queueBackfillPage(b, now, b.next_page_at ? new Date(b.next_page_at) : undefined);
      return { ...summary, requeued_offset: b.offset };
    }
    return { ...summary, skipped: 'stale: the cursor has moved' };
  }
  if (message.not_before && Date.parse(message.not_before) - now.getTime() > EARLY_TOLERANCE_MS) {
    await queueBackfillPage(ref, now, new Date(message.not_before));
    return { ...summary, deferred_until: message.not_before };
  }
  if (!(await getDataSources()).congress_api.enabled) {
    // Switched off by an admin: the page waits (SQS's longest delay) rather than failing toward the DLQ.
    await queueBackfillPage(ref, now, new Date(now.getTime() + SWITCHED_OFF_RETRY_MS));
    return { ...summary, deferred: disabledByAdmin('congress_api') };
  }
  const claimed = await claimPage(ref, now, new Date(now.getTime() + ctx.claimForMs));
  if (!claimed) return { ...summary, skipped: 'another message holds the page' };

  try {
    const page = await getBillListPage(listingOf(b.scope), ref.offset, BACKFILL_PAGE_SIZE);
    const saved = await saveListedBills(page.bills, now.toISOString());
    const queued = saved.created + saved.recovered;
    const nextOffset = ref.offset + page.bills.length;
    // Also ends on a reported count reached, so a listing that always names a next page cannot loop.
    const done = page.bills.length === 0 || !page.hasNext || (page.count !== null && nextOffset >= page.count);
    const delay = pageDelaySeconds(pageRequestCost({ queued, refreshed: saved.changed }), config().BACKFILL_REQUESTS_PER_HOUR);
    const nextPageAt = new Date(now.getTime() + delay * 1000);
    const recorded = await finishPage(ref, {
      nextOffset,
      done,
      seen: page.bills.length,
      queued,
      refreshed: saved.changed,
      total: page.count,
      nextPageAt,
      now,
    });
    if (!recorded) return { ...summary, skipped: 'the claim expired and another message took the page', ...saved };
    if (!done) await queueBackfillPage({ id: ref.id, run: ref.run, offset: nextOffset }, now, nextPageAt);
    return { ...summary, ...saved, done, next_offset: done ? null : nextOffset, delay_seconds: done ? null : delay };
  } catch (err) {
    if (ctx.finalAttempt) await failBackfill(ref, errorText(err), now);
    throw err;
  }
}

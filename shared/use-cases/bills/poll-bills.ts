/**
 * poll_bills: brings in bills updated since the last poll.
 *   0. Skip while an admin has Congress.gov switched off (data_sources): the
 *      cursor stays, so the first poll after it is back on catches up.
 *   1. Skip when off-hours and the last poll was under an hour ago (unless forced).
 *   2. List bills updated since the cursor (every page).
 *   3. Save them through the per-bill path (./save-listed-bills.ts): new bills
 *      with their sponsor, actions, cosponsors and text queued; changed bills
 *      refreshed and their actions fetched again (the actions task then
 *      recomputes the bill's status and announces the change once).
 *   4. The cursor moves to the poll's upper bound.
 *   5. Document fetches skipped while GovInfo (or Congress.gov) was switched
 *      off are queued again (at most REQUEUE_PENDING_FETCHES a poll).
 * Re-running over the same listing writes nothing: bills are created with a
 * condition and only changed bills are touched; a poll that died midway is
 * repaired by the next one, which lists the same window again.
 */
import { getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { clearDocumentFetchPending, listPendingDocumentFetches } from '#shared/adapters/db/document-fetch-pending.repository.ts';
import { getPollState, savePollState } from '#shared/adapters/db/poll-state.repository.ts';
import { disabledByAdmin, type DataSources } from '#shared/domain/settings/data-sources.ts';
import { FetchBillText } from '#shared/adapters/messaging/messages.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { listBillsUpdatedSince } from '#shared/adapters/providers/congress-gov/congress-gov.client.ts';
import { shouldSkipPoll } from '#shared/domain/bills/off-hours.ts';
import { saveListedBills } from './save-listed-bills.ts';

export interface PollOptions {
  now: Date;
  /** Overrides of the updated-since window (seeding, backfills); ISO times. */
  since?: string;
  until?: string;
  force?: boolean;
  /** A poll of the local stack's demo replay: the events of the changes it finds are marked demo. */
  demo?: boolean;
}

const FIRST_POLL_LOOKBACK_MS = 24 * 3600 * 1000;

/** Waiting document fetches queued again per poll: 50 SendMessageBatch calls, well inside the poll's timeout; the rest wait for the next poll. */
export const REQUEUE_PENDING_FETCHES = 500;

/** Queues again the document fetches skipped while their source was off; 0 while it still is. */
async function requeuePendingDocumentFetches(sources: DataSources): Promise<number> {
  if (!sources.document_api.enabled) return 0;
  const pending = await listPendingDocumentFetches(REQUEUE_PENDING_FETCHES);
  if (pending.length === 0) return 0;
  const reason = FetchBillText().shape.reason.catch('backfill');
  await sendMessages(
    'document-fetch',
    pending.map((p) => ({ v: 1 as const, type: 'fetch_bill_text' as const, bill_id: p.bill_id, reason: reason.parse(p.reason) })),
  );
  // Cleared after the send: a crash in between queues a fetch twice, which finds the versions stored.
  for (const p of pending) await clearDocumentFetchPending(p.bill_id);
  return pending.length;
}

/** Runs one poll; returns the counts recorded as the job's result. */
export async function pollBills(opts: PollOptions) {
  const [state, sources] = await Promise.all([getPollState(), getDataSources()]);
  if (!sources.congress_api.enabled) return { skipped: true, reason: disabledByAdmin('congress_api') };
  if (!opts.force && !opts.since && shouldSkipPoll(opts.now, state ? new Date(state.last_poll_at) : null)) {
    return { skipped: true, reason: 'off-hours and polled under an hour ago' };
  }
  const since = new Date(opts.since ?? state?.updated_since ?? opts.now.getTime() - FIRST_POLL_LOOKBACK_MS);
  const until = opts.until ? new Date(opts.until) : opts.now;
  const fetchedAt = opts.now.toISOString();
  const listed = await listBillsUpdatedSince(since, opts.until ? until : undefined);
  const saved = await saveListedBills(listed, fetchedAt, { demo: opts.demo });
  await savePollState({ last_poll_at: fetchedAt, updated_since: until.toISOString() });
  const requeued = await requeuePendingDocumentFetches(sources);
  return { skipped: false, since: since.toISOString(), until: until.toISOString(), ...saved, document_fetches_requeued: requeued };
}

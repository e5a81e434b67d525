/**
 * poll_bills: brings in bills updated since the last poll.
 *   1. Skip when off-hours and the last poll was under an hour ago (unless forced).
 *   2. List bills updated since the cursor (every page).
 *   3. A new bill is saved at once with sponsor_id empty; its sponsor, actions
 *      and cosponsors are asked for as ingest tasks and its text as a document fetch.
 *   4. A changed bill is refreshed and its actions fetched again; when its latest
 *      action is new and a milestone, a bill_updated event goes to the dispatcher.
 *      The actions task then recomputes the bill's status from all its actions and
 *      sends status_changed when it moved (shared/bills/status-tracking.ts).
 *   5. The cursor moves to the poll's upper bound.
 * Re-running over the same listing writes nothing: bills are created with a
 * condition and only changed bills are touched.
 */
import { createHash } from 'node:crypto';
import { createBill, getBills, refreshBill } from '#shared/db/bills.repository.ts';
import { getPollState, savePollState } from '#shared/db/poll-state.repository.ts';
import { MILESTONE_CATEGORIES, type ActionCategory } from '#shared/domain/bills/action-categories.ts';
import { listBillsUpdatedSince } from '#shared/providers/congress-gov/congress-gov.client.ts';
import type { BillEvent, DocumentFetchMessage, IngestTaskMessage } from '#shared/messaging/messages.ts';
import { sendMessages } from '#shared/messaging/send.ts';
import { billFromListItem } from '#shared/providers/congress-gov/normalise-congress.ts';
import { shouldSkipPoll } from '#shared/domain/bills/off-hours.ts';

export interface PollOptions {
  now: Date;
  /** Overrides of the updated-since window (seeding, backfills); ISO times. */
  since?: string;
  until?: string;
  force?: boolean;
}

const FIRST_POLL_LOOKBACK_MS = 24 * 3600 * 1000;

/** The deterministic id of a bill_updated event: one per (bill, latest action). */
export const billUpdatedEventId = (billId: string, date: string, text: string) =>
  `bill_updated:${billId}:${date}:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;

/** Runs one poll; returns the counts recorded as the job's result. */
export async function pollBills(opts: PollOptions) {
  const state = await getPollState();
  if (!opts.force && !opts.since && shouldSkipPoll(opts.now, state ? new Date(state.last_poll_at) : null)) {
    return { skipped: true, reason: 'off-hours and polled under an hour ago' };
  }
  const since = new Date(opts.since ?? state?.updated_since ?? opts.now.getTime() - FIRST_POLL_LOOKBACK_MS);
  const until = opts.until ? new Date(opts.until) : opts.now;
  const fetchedAt = opts.now.toISOString();
  const listed = await listBillsUpdatedSince(since, opts.until ? until : undefined);

  const tasks: IngestTaskMessage[] = [];
  const fetches: DocumentFetchMessage[] = [];
  const events: BillEvent[] = [];
  const incoming = listed.map((item) => billFromListItem(item, fetchedAt));
  const stored = new Map((await getBills(incoming.map((b) => b.id))).map((b) => [b.id, b]));
  let created = 0;
  let changed = 0;
  for (const bill of incoming) {
    const before = stored.get(bill.id);
    if (!before) {
      if (!(await createBill(bill))) continue;
      created++;
      for (const type of ['fetch_sponsor_for_bill', 'fetch_bill_actions', 'fetch_bill_cosponsors'] as const) tasks.push({ v: 1, type, bill_id: bill.id });
      fetches.push({ v: 1, type: 'fetch_bill_text', bill_id: bill.id, reason: 'new_bill' });
      continue;
    }
    if (before.update_date === bill.update_date) continue;
    changed++;
    await refreshBill(bill.id, {
      title: bill.title,
      short_title: before.short_title,
      policy_area: before.policy_area,
      latest_action_date: bill.latest_action_date,
      latest_action_text: bill.latest_action_text,
      latest_action_category: bill.latest_action_category,
      update_date: bill.update_date,
      provenance: bill.provenance,
    });
    tasks.push({ v: 1, type: 'fetch_bill_actions', bill_id: bill.id });
    const newLatest =
      bill.latest_action_text && (bill.latest_action_text !== before.latest_action_text || bill.latest_action_date !== before.latest_action_date);
    const category = bill.latest_action_category as ActionCategory | null;
    if (newLatest && category && MILESTONE_CATEGORIES.has(category)) {
      events.push({
        v: 1,
        type: 'bill_event',
        event_id: billUpdatedEventId(bill.id, bill.latest_action_date ?? '', bill.latest_action_text ?? ''),
        kind: 'bill_updated',
        bill_id: bill.id,
        action_category: category,
        occurred_at: fetchedAt,
        action_text: bill.latest_action_text ?? undefined,
        action_date: bill.latest_action_date ?? undefined,
      });
    }
  }
  if (tasks.length) await sendMessages('ingest-tasks', tasks);
  if (fetches.length) await sendMessages('document-fetch', fetches);
  if (events.length) await sendMessages('notification-dispatch', events);
  await savePollState({ last_poll_at: fetchedAt, updated_since: until.toISOString() });
  return { skipped: false, since: since.toISOString(), until: until.toISOString(), listed: listed.length, created, changed, events: events.length };
}

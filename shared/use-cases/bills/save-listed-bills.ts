/**
 * The per-bill path of ingestion, shared by the poller and the backfill: saves
 * the bills of one Congress.gov listing and queues their follow-ups.
 *   - A new bill is saved with sponsor_id empty; its sponsor, actions and
 *     cosponsors are asked for as ingest tasks and its text as a document fetch;
 *     its forecast waits for its sponsor and cosponsors (markers B25).
 *   - A stored bill whose update date is newer is refreshed and its actions
 *     fetched again; when its latest action is new and a milestone, the
 *     actions task is handed it to announce. One change is one alert: the
 *     listing shows a vote before the actions task has derived the status it
 *     moves, so only the actions task can tell a status change (announced as
 *     status_changed, carrying the action) from another milestone
 *     (bill_updated); nothing is sent to the dispatcher from here.
 *   - A stored bill whose listing is unchanged is left alone.
 * Safe to repeat, and to die anywhere: bills are created with a condition, so
 * nothing is saved twice. A changed bill's messages are sent before it is
 * refreshed, so a crash between the two sends them again on the next save
 * (every follow-up is idempotent, and the event ids are deterministic). A new
 * bill is saved with its follow-ups marker in one transaction and the marker is
 * cleared only after its follow-ups are queued, so a bill saved just before a
 * crash has its follow-ups queued by the next save of the same listing.
 */
import { billsWithFollowUpsPending, clearFollowUpsPending, createBill, getBills, refreshBill } from '#shared/adapters/db/bills.repository.ts';
import { MILESTONE_CATEGORIES, type ActionCategory } from '#shared/domain/bills/action-categories.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { DocumentFetchMessage, IngestTaskMessage, ListedMilestone } from '#shared/adapters/messaging/messages.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { oweIndexing, sendIndexing } from './search-index-requests.ts';
import type { BillListItem } from '#shared/adapters/providers/congress-gov/congress-gov.schema.ts';
import { billFromListItem } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { providerFields } from '#shared/domain/bills/provider-fields.ts';

/** New bills saved at once: a backfill page brings up to 250, each a few writes in its own partition. */
const SAVE_CONCURRENCY = 8;

export interface SavedListing {
  listed: number;
  /** New bills saved now. */
  created: number;
  /** Bills saved by an earlier attempt that died before queuing their follow-ups, queued now. */
  recovered: number;
  /** Stored bills refreshed because their listing changed. */
  changed: number;
  /** Changed bills whose new latest action is a milestone, handed to their actions task to announce. */
  milestones: number;
}

/** A refreshed bill's latest action when it is new and a milestone, or null. */
function newMilestone(bill: Bill, before: Bill): ListedMilestone | null {
  const newLatest = bill.latest_action_text && (bill.latest_action_text !== before.latest_action_text || bill.latest_action_date !== before.latest_action_date);
  const category = bill.latest_action_category as ActionCategory | null;
  if (!newLatest || !category || !MILESTONE_CATEGORIES.has(category)) return null;
  return { action_date: bill.latest_action_date ?? '', action_text: bill.latest_action_text ?? '', action_category: category };
}

/** Update dates are ISO dates or date-times, so they order as strings; an unknown stored one is older than any. */
const isNewer = (listed: string | null, stored: string | null) => listed !== null && (stored === null || listed > stored);

/** The follow-ups of a new bill: sponsor (bill detail), actions, cosponsors, and its text. */
async function queueNewBillFollowUps(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const tasks: IngestTaskMessage[] = ids.flatMap((bill_id) =>
    (['fetch_sponsor_for_bill', 'fetch_bill_actions', 'fetch_bill_cosponsors'] as const).map((type) => ({ v: 1 as const, type, bill_id })),
  );
  const fetches: DocumentFetchMessage[] = ids.map((bill_id) => ({ v: 1, type: 'fetch_bill_text', bill_id, reason: 'new_bill' }));
  await sendMessages('ingest-tasks', tasks);
  await sendMessages('document-fetch', fetches);
}

/** Saves one listing's bills and queues their follow-ups; returns the counts. */
export async function saveListedBills(listed: BillListItem[], fetchedAt: string, options: { demo?: boolean } = {}): Promise<SavedListing> {
  // A listing can name a bill twice (offset pages over a list that moves); its first entry is the newest.
  const byId = new Map<string, Bill>();
  for (const item of listed) {
    const bill = billFromListItem(item, fetchedAt);
    if (!byId.has(bill.id)) byId.set(bill.id, bill);
  }
  const incoming = [...byId.values()];
  const stored = new Map((await getBills(incoming.map((b) => b.id))).map((b) => [b.id, b]));
  const pending = stored.size ? await billsWithFollowUpsPending([...stored.keys()]) : new Set<string>();

  const fresh = incoming.filter((b) => !stored.has(b.id));
  // Only a newer update counts: a listing read before a concurrent poll refreshed the bill must not roll it back.
  const changed = incoming.flatMap((bill) => {
    const before = stored.get(bill.id);
    return before && isNewer(bill.update_date, before.update_date) ? [{ bill, before }] : [];
  });

  // What is searched changes for every bill saved here: owed to the indexer before any write (search-index-requests.ts).
  // A new bill is also matched against the saved searches once indexed.
  const owedIndex = await oweIndexing(
    [...changed.map(({ bill }) => bill.id), ...fresh.map((b) => b.id), ...pending],
    new Date(),
    fresh.map((b) => b.id),
  );

  // Changed bills: messages first, then the refresh (see the header).
  const tasks = changed.map(({ bill, before }) => {
    const milestone = newMilestone(bill, before);
    return {
      v: 1 as const,
      type: 'fetch_bill_actions' as const,
      bill_id: bill.id,
      ...(milestone ? { milestone } : {}),
      ...(options.demo ? { demo: true as const } : {}),
    };
  });
  if (tasks.length) await sendMessages('ingest-tasks', tasks);
  await mapLimit(changed, SAVE_CONCURRENCY, ({ bill, before }) =>
    // The listing carries no short title or policy area: the stored ones (from the detail) are kept.
    refreshBill(bill.id, { ...providerFields(bill), short_title: before.short_title, policy_area: before.policy_area }),
  );

  // New bills: saved with their follow-ups marker, follow-ups queued, markers cleared.
  const saved = await mapLimit(fresh, SAVE_CONCURRENCY, (bill) => createBill(bill, { followUpsPending: true, forecastInputsPending: true }));
  const created = fresh.filter((_, i) => saved[i]).map((b) => b.id);
  const owed = [...created, ...pending];
  await queueNewBillFollowUps(owed);
  if (owed.length) await clearFollowUpsPending(owed);
  await sendIndexing(owedIndex);

  return {
    listed: listed.length,
    created: created.length,
    recovered: pending.size,
    changed: changed.length,
    milestones: tasks.filter((t) => 'milestone' in t).length,
  };
}

/**
 * The dispatcher's entry for a saved search that matched a new bill or text
 * version (shared/adapters/search/saved-search-alerts.ts sends it):
 *   1. read the bill (not stored yet: the message is retried);
 *   2. find the followers of the saved search and of the bill (two Queries);
 *   3. drop those who follow the bill: they hear of its new text through their
 *      bill follow, and are not told twice for one version;
 *   4. render the search_match content once and fan it out as a bill event
 *      is (inline, or deliver_batch messages), with the alert category
 *      search_match, so alert filters, quiet hours, digests and the 30-minute
 *      (user, bill, kind) de-duplication apply as to every event. The event id
 *      is per search, bill and version: a redelivery is recognised per user,
 *      and a second saved search of one user matching the same bill in the
 *      same run is a duplicate within the window, so they get one message.
 */
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { followersOfMany } from '#shared/adapters/db/follows.repository.ts';
import { followId } from '#shared/domain/personal/follow.schema.ts';
import type { NotificationContent } from '#shared/domain/notify/notification.schema.ts';
import type { SearchMatchEvent } from '#shared/adapters/messaging/messages.ts';
import { fanOut, UnknownBillError, type DispatchSummary } from './dispatch-event.ts';

/** Dispatches one saved-search match to the search's followers who do not follow the bill. */
export async function dispatchSearchMatch(event: SearchMatchEvent, now: Date): Promise<DispatchSummary> {
  const bill = await getBill(event.bill_id);
  if (!bill) throw new UnknownBillError(`Bill ${event.bill_id} is not stored yet`);
  const [searchers, billFollowers] = await followersOfMany([
    { type: 'search', id: event.search_key },
    { type: 'bill', id: event.bill_id },
  ]);
  const toldByBill = new Set(billFollowers?.followers.map((f) => f.user_id));
  const recipients = (searchers?.followers ?? []).filter((f) => !toldByBill.has(f.user_id)).map((f) => ({ user_id: f.user_id, mode: 'neutral' as const }));
  const content: NotificationContent = {
    event_id: event.event_id,
    kind: 'search_match',
    occurred_at: event.occurred_at,
    bill_id: bill.id,
    bill_label: bill.label,
    bill_title: bill.title,
    summary: null,
    action_category: 'search_match',
    action_text: null,
    action_date: null,
    status: null,
    previous_status: null,
    text_version: null,
    items: [],
    search_match: {
      follow_id: followId('search', event.search_key),
      query: event.query,
      version: event.version,
      section: event.section,
      snippet: event.snippet,
    },
  };
  return fanOut(content, recipients, now);
}

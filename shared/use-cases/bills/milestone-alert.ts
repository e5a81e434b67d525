/**
 * The alert for a listed milestone (a changed bill's new latest action of a
 * milestone category, handed over by the listing save): one change, one
 * alert. The actions task decides, after deriving the status, so a vote that
 * moves the status is announced once, as status_changed carrying the action
 * (status-tracking.ts), and a milestone that moves nothing as bill_updated.
 * Safe to repeat: the event id is fixed by (bill, action), and an action
 * already in the stored status timeline was announced (or was history) when
 * that timeline was written, so a redelivered task sends nothing for it.
 */
import { createHash } from 'node:crypto';
import type { StatusTimelineEntry } from '#shared/domain/bills/bill-status.ts';
import type { BillEvent, ListedMilestone } from '#shared/adapters/messaging/messages.ts';

/** The deterministic id of a bill_updated event: one per (bill, latest action). */
export const billUpdatedEventId = (billId: string, date: string, text: string) =>
  `bill_updated:${billId}:${date}:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;

const sameAction = (entry: StatusTimelineEntry, m: ListedMilestone) => entry.date === m.action_date && entry.action_text.trim() === m.action_text.trim();

/**
 * The bill_updated event for `milestone`, or null when the status change it
 * belongs to speaks for it: a status_changed sent by this task
 * (`statusEventSent`), or a status the stored timeline already holds for this
 * very action (`storedTimeline`, read before this task wrote anything).
 */
export function milestoneAlert(
  billId: string,
  milestone: ListedMilestone,
  storedTimeline: readonly StatusTimelineEntry[],
  statusEventSent: boolean,
  now: Date,
): BillEvent | null {
  if (statusEventSent || storedTimeline.some((e) => sameAction(e, milestone))) return null;
  return {
    v: 1,
    type: 'bill_event',
    event_id: billUpdatedEventId(billId, milestone.action_date, milestone.action_text),
    kind: 'bill_updated',
    bill_id: billId,
    action_category: milestone.action_category,
    occurred_at: now.toISOString(),
    action_text: milestone.action_text,
    action_date: milestone.action_date,
  };
}

/**
 * Keeps a bill's status and status timeline in step with its stored actions
 * (derived by shared/domain/bills/status-timeline.ts), and announces a new
 * status as a bill_updated event carrying the status and the action that
 * made it (a change of status is a milestone: SPEC). Idempotent: the same actions give the
 * same status and timeline, an unchanged one writes nothing, and the event
 * id is fixed by (bill, status, date) so a re-emit is recognised downstream.
 */
import { setBillStatus } from '#shared/adapters/db/bills.repository.ts';
import type { BillStatus, StatusTimelineEntry } from '#shared/domain/bills/bill-status.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { deriveStatus, type DatedAction } from '#shared/domain/bills/status-timeline.ts';
import type { BillEvent } from '#shared/adapters/messaging/messages.ts';
import { categorizeAction } from '#shared/domain/bills/categorize-action.ts';

/** The deterministic id of a status change's event: one per (bill, status, date it was reached). */
export const statusChangedEventId = (billId: string, status: BillStatus, date: string) => `status_changed:${billId}:${status}:${date}`;

const sameTimeline = (a: readonly StatusTimelineEntry[], b: readonly StatusTimelineEntry[]) =>
  a.length === b.length && a.every((e, i) => e.status === b[i]?.status && e.date === b[i]?.date && e.action_text === b[i]?.action_text);

export interface StatusUpdate {
  status: BillStatus;
  /** The status or the timeline differed from the stored one and was written. */
  written: boolean;
  /** The status change's event sent, if any. */
  event_id: string | null;
}

/** How a changed status is announced: the time of the event and the sender (the actions task hands the dispatch queue's). */
export interface Announce {
  now: Date;
  send: (event: BillEvent) => Promise<void>;
}

/**
 * Recomputes the status of `bill` from all its stored `actions` and stores
 * it when it differs. With `announce`, a changed status is sent as a
 * bill_updated event with its status, but only for a bill whose status was already derived
 * from actions before: a bill's first actions (a new bill, or a backfill)
 * bring its whole history, which is not news. The sender is passed in, so
 * what only stores (migration 0004) cannot send.
 */
export async function updateBillStatus(bill: Bill, actions: readonly DatedAction[], announce?: Announce): Promise<StatusUpdate> {
  const derived = deriveStatus({ type: bill.type, number: bill.number, title: bill.title }, actions);
  if (derived.status === bill.status && sameTimeline(derived.timeline, bill.status_timeline)) {
    return { status: derived.status, written: false, event_id: null };
  }
  const latest = derived.timeline.at(-1);
  let eventId: string | null = null;
  if (announce && latest && derived.status !== bill.status && bill.status_timeline.length > 0) {
    // Sent before the write: if the write fails, the retried task finds the old status and sends the same event id again.
    eventId = statusChangedEventId(bill.id, latest.status, latest.date);
    const event: BillEvent = {
      v: 1,
      type: 'bill_event',
      event_id: eventId,
      kind: 'bill_updated',
      bill_id: bill.id,
      // Filtered by what happened: the category of the action that caused it (shared/domain/notify/alert-filter.ts).
      action_category: categorizeAction(latest.action_text),
      occurred_at: announce.now.toISOString(),
      action_text: latest.action_text,
      action_date: latest.date,
      status: latest.status,
      previous_status: bill.status,
    };
    await announce.send(event);
  }
  await setBillStatus(bill.id, { status: derived.status, status_timeline: derived.timeline });
  return { status: derived.status, written: true, event_id: eventId };
}

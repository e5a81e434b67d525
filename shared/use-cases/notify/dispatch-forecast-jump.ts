/**
 * The dispatcher's entry for a bill whose odds of becoming law jumped
 * (shared/use-cases/forecasts/publish-forecasts.ts sends it through the
 * outbox; the rule is shared/domain/bill-forecast/forecast-jump.ts):
 *   1. read the bill (not stored yet: the message is retried);
 *   2. find the bill's followers (one Query) and keep those with a stance
 *      (hold_boost: they support it; hold_veto: they oppose it): odds are
 *      news to someone who wants the bill to pass or fail, and a neutral
 *      follower, a sponsor's or a topic's, is told of the moves themselves;
 *   3. fan the content out as every event is, with the alert category
 *      forecast_jump, so alert filters, quiet hours, digests and the
 *      (user, bill, kind) de-duplication apply. The event id is per bill and
 *      forecast version: a redelivery is recognised per user.
 */
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { followersOfMany } from '#shared/adapters/db/follows.repository.ts';
import type { ForecastJumpEvent } from '#shared/adapters/messaging/messages.ts';
import type { NotificationContent } from '#shared/domain/notify/notification.schema.ts';
import type { Recipient } from '#shared/domain/notify/recipients.ts';
import { fanOut, UnknownBillError, type DispatchSummary } from './dispatch-event.ts';

/** Dispatches one forecast jump to the bill's followers who support or oppose it. */
export async function dispatchForecastJump(event: ForecastJumpEvent, now: Date): Promise<DispatchSummary> {
  const bill = await getBill(event.bill_id);
  if (!bill) throw new UnknownBillError(`Bill ${event.bill_id} is not stored yet`);
  const [followers] = await followersOfMany([{ type: 'bill', id: event.bill_id }]);
  const recipients = (followers?.followers ?? []).flatMap((f): Recipient[] =>
    f.follow_mode === 'hold_boost' || f.follow_mode === 'hold_veto' ? [{ user_id: f.user_id, mode: f.follow_mode }] : [],
  );
  const jump = { from: event.from, to: event.to, version: event.version, as_of: event.as_of };
  const content: NotificationContent = {
    event_id: event.event_id,
    kind: 'forecast_jump',
    occurred_at: event.occurred_at,
    bill_id: bill.id,
    bill_label: bill.label,
    bill_title: bill.title,
    summary: null,
    action_category: 'forecast_jump',
    action_text: null,
    action_date: null,
    status: null,
    previous_status: null,
    text_version: null,
    items: [],
    forecast_jump: jump,
    ...(event.demo ? { demo: true as const } : {}),
  };
  return fanOut(content, recipients, now);
}

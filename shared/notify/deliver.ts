/**
 * Delivers one event to a batch of recipients. Per recipient:
 *   1. apply the alert filters of their follow mode;
 *   2. plan each channel from their preferences (now, held, digest, off);
 *   3. record the event: the 30-minute de-dup claim and the history item in
 *      one transaction (a duplicate stops here; a redelivery finds its item);
 *   4. send the channels due now (on a redelivery only those that failed, or
 *      that a crashed attempt left pending) and mark each channel's outcome.
 * Recipients with a failed channel are retried alone, in a delayed
 * deliver_batch message, until MAX_DELIVERY_ATTEMPTS.
 */
import { config } from '#shared/platform/config.ts';
import type { FollowMode } from '#shared/domain/bills/action-categories.ts';
import { getNotifiableUsers, type NotifiableUser } from '#shared/db/notification-prefs.repository.ts';
import { recordNotification, updateNotification } from '#shared/db/notifications.repository.ts';
import { sendMessage } from '#shared/messaging/send.ts';
import { passesAlertFilters } from '#shared/domain/notify/alert-filter.ts';
import { publicUrl, SEND_CHANNELS, sendOnChannels, type SendChannel } from './channel-delivery.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { planDelivery } from '#shared/domain/notify/delivery-plan.ts';
import type { ChannelState, NotificationContent, NotificationEvent } from '#shared/domain/notify/notification.schema.ts';
import type { Recipient } from '#shared/domain/notify/recipients.ts';
import { renderEvent } from '#shared/domain/notify/render.ts';

export const MAX_DELIVERY_ATTEMPTS = 5;
/** A channel left pending this long was abandoned by a crashed attempt (the queue's visibility timeout is longer). */
export const STALE_PENDING_SECONDS = 300;
/** Recipients handled at once within one batch (DynamoDB writes, SMTP, push servers). */
const RECIPIENT_CONCURRENCY = 16;

export type RecipientOutcome = 'unknown_user' | 'filtered' | 'duplicate' | 'recorded' | 'sent' | 'failed' | 'nothing_to_do';

export interface BatchSummary {
  recipients: number;
  outcomes: Partial<Record<RecipientOutcome, number>>;
  retried: number;
}

/**
 * Which channels to send now. A fresh record sends its pending channels; a
 * redelivery sends only pending channels a crashed attempt abandoned, and
 * failed ones only when it is the scheduled retry (so a duplicate message
 * racing the retry cannot send a failed channel twice).
 */
function channelsToSend(channels: Record<SendChannel, ChannelState>, fresh: boolean, retryFailed: boolean, writtenAt: number, now: Date): SendChannel[] {
  if (fresh) return SEND_CHANNELS.filter((c) => channels[c] === 'pending');
  const stale = Math.floor(now.getTime() / 1000) - writtenAt > STALE_PENDING_SECONDS;
  return SEND_CHANNELS.filter((c) => (channels[c] === 'pending' && stale) || (channels[c] === 'failed' && retryFailed));
}

/**
 * Delivers `content` to one user as a follower of `mode` (null: no follow,
 * e.g. the weekly digest); `retryFailed` resends channels that failed before.
 */
export async function deliverToUser(
  content: NotificationContent,
  user: NotifiableUser,
  mode: FollowMode | null,
  now: Date,
  retryFailed = false,
): Promise<RecipientOutcome> {
  if (mode && content.action_category && !passesAlertFilters(user.prefs.alert_filters, mode, content.action_category)) return 'filtered';
  const plan = planDelivery(user.prefs, content.kind, now);
  const event: NotificationEvent = {
    ...content,
    user_id: user.id,
    mode,
    created_at: now.toISOString(),
    channels: plan.channels,
    due_at: plan.due_at,
    errors: {},
  };
  const recorded = await recordNotification(event, { dedupe: content.kind !== 'weekly_digest', now });
  if (recorded.outcome === 'duplicate') return 'duplicate';
  const stored = recorded.outcome === 'exists' ? recorded.event : event;
  const toSend = channelsToSend(stored.channels, recorded.outcome === 'created', retryFailed, recorded.outcome === 'exists' ? recorded.writtenAt : 0, now);
  if (toSend.length === 0) return recorded.outcome === 'created' ? 'recorded' : 'nothing_to_do';
  const results = await sendOnChannels(user, renderEvent(content, mode, publicUrl()), toSend, { reason: 'event', events: [{ ...content, mode }] });
  const channels: Partial<Record<SendChannel, ChannelState>> = {};
  const errors: Partial<Record<SendChannel, string>> = {};
  for (const [channel, result] of Object.entries(results) as [SendChannel, { state: 'sent' | 'failed'; error?: string }][]) {
    channels[channel] = result.state;
    if (result.error) errors[channel] = result.error;
  }
  await updateNotification(stored, { channels, errors });
  return Object.values(channels).includes('failed') ? 'failed' : 'sent';
}

/** Delivers an event to a batch of recipients and schedules a retry for those whose delivery failed. */
export async function deliverBatch(content: NotificationContent, recipients: Recipient[], attempt: number, now: Date): Promise<BatchSummary> {
  const users = await getNotifiableUsers(recipients.map((r) => r.user_id));
  const outcomes = await mapLimit(recipients, RECIPIENT_CONCURRENCY, async (r) => {
    const user = users.get(r.user_id);
    return user ? deliverToUser(content, user, r.mode, now, attempt > 1) : ('unknown_user' as const);
  });
  const summary: BatchSummary = { recipients: recipients.length, outcomes: {}, retried: 0 };
  for (const o of outcomes) summary.outcomes[o] = (summary.outcomes[o] ?? 0) + 1;
  const failed = recipients.filter((_, i) => outcomes[i] === 'failed');
  if (failed.length > 0 && attempt < MAX_DELIVERY_ATTEMPTS) {
    // Backoff doubles per attempt; SQS caps a message delay at 900 s.
    const delay = Math.min(900, config().NOTIFY_RETRY_BASE_SECONDS * 2 ** (attempt - 1));
    await sendMessage('notification-dispatch', { v: 1, type: 'deliver_batch', content, recipients: failed, attempt: attempt + 1 }, delay);
    summary.retried = failed.length;
  }
  return summary;
}

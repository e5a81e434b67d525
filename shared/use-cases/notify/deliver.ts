/**
 * Delivers one event to a batch of recipients. Per recipient:
 *   1. apply the alert filters of their follow mode;
 *   2. plan each channel from their preferences (now, held, digest, off);
 *   3. record the event: the 30-minute de-dup claim and the history item in
 *      one transaction (a duplicate stops here; a redelivery finds its item);
 *   4. send the channels due now (on a redelivery only those that failed, or
 *      that a crashed attempt left pending or claimed), one after the other,
 *      each claimed (`sending`) in the write that records the one before,
 *      and mark each channel's outcome. A channel a crashed attempt claimed
 *      and never settled may or may not have gone out: it is sent again
 *      under the same message identity (message-identity.ts), which the
 *      receiver shows once. At least once on the wire, once on the screen.
 * Recipients with a failed channel are retried alone, in a delayed
 * deliver_batch message, until MAX_DELIVERY_ATTEMPTS. So are those whose
 * channel another attempt holds (a duplicate delivery of the message while
 * the first is still sending): checked again once that claim could be
 * abandoned, so a crash of the first is taken over even when its own copy
 * of the message is gone.
 */
import { config } from '#shared/platform/config.ts';
import type { FollowMode } from '#shared/domain/bills/action-categories.ts';
import { getNotifiableUsers, type NotifiableUser } from '#shared/adapters/db/notification-prefs.repository.ts';
import { recordNotification, stepChannels } from '#shared/adapters/db/notifications.repository.ts';
import { sendMessage } from '#shared/adapters/messaging/send.ts';
import { passesEventFilters } from '#shared/domain/notify/alert-filter.ts';
import { publicUrl, SEND_CHANNELS, sendOnChannel, type SendChannel } from './channel-delivery.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { planDelivery } from '#shared/domain/notify/delivery-plan.ts';
import type { ChannelName, ChannelState, NotificationContent, NotificationEvent } from '#shared/domain/notify/notification.schema.ts';
import type { Recipient } from '#shared/domain/notify/recipients.ts';
import { renderEvent } from '#shared/domain/notify/render.ts';

export const MAX_DELIVERY_ATTEMPTS = 5;
/** A channel left pending this long was abandoned by a crashed attempt (the queue's visibility timeout is longer). */
export const STALE_PENDING_SECONDS = 300;
/** Recipients handled at once within one batch (DynamoDB writes, SMTP, push servers). */
const RECIPIENT_CONCURRENCY = 16;

export type RecipientOutcome = 'unknown_user' | 'filtered' | 'duplicate' | 'recorded' | 'sent' | 'failed' | 'in_flight' | 'nothing_to_do';

export interface BatchSummary {
  recipients: number;
  outcomes: Partial<Record<RecipientOutcome, number>>;
  retried: number;
}

/** What an attempt does with each channel of a stored event. */
interface ChannelWork {
  /** Sent now, each claimed first (stepChannels), one after the other; `takeOver`: a claim a crashed attempt left, with the time it was taken. */
  send: { channel: SendChannel; from: ChannelState; takeOver?: { claimedAt: number | null } }[];
  /** Failed, left for the scheduled retry. */
  awaitingRetry: boolean;
  /** Pending or claimed by an attempt that may still be running: checked again later. */
  inFlight: boolean;
}

/**
 * The work of an attempt. A fresh record sends its pending channels. A
 * redelivery sends only what a crashed attempt abandoned (pending channels,
 * and channels it claimed (`sending`) and never settled: those are taken
 * over and sent again under the same identity), and failed ones only when
 * it is the scheduled retry.
 */
function channelWork(
  channels: Record<SendChannel, ChannelState>,
  fresh: boolean,
  retryFailed: boolean,
  times: { writtenAt: number; claimedAt: Partial<Record<SendChannel, number>> },
  now: Date,
): ChannelWork {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (fresh)
    return {
      send: SEND_CHANNELS.filter((c) => channels[c] === 'pending').map((c) => ({ channel: c, from: 'pending' })),
      awaitingRetry: false,
      inFlight: false,
    };
  const stale = (since: number) => nowSeconds - since > STALE_PENDING_SECONDS;
  return {
    send: SEND_CHANNELS.flatMap((c): ChannelWork['send'] => {
      const state = channels[c];
      if ((state === 'pending' && stale(times.writtenAt)) || (state === 'failed' && retryFailed)) return [{ channel: c, from: state }];
      if (state === 'sending' && stale(times.claimedAt[c] ?? times.writtenAt))
        return [{ channel: c, from: state, takeOver: { claimedAt: times.claimedAt[c] ?? null } }];
      return [];
    }),
    awaitingRetry: !retryFailed && SEND_CHANNELS.some((c) => channels[c] === 'failed'),
    inFlight: SEND_CHANNELS.some(
      (c) => (channels[c] === 'pending' && !stale(times.writtenAt)) || (channels[c] === 'sending' && !stale(times.claimedAt[c] ?? times.writtenAt)),
    ),
  };
}

/**
 * Sends the channels of `work` one after the other: each is claimed in the
 * UpdateItem that records the outcome of the one before (one write per
 * channel, and one for the last outcome). Returns each sent channel's state.
 */
async function sendClaimed(
  stored: NotificationEvent,
  user: NotifiableUser,
  content: NotificationContent,
  mode: FollowMode | null,
  work: ChannelWork,
  now: Date,
): Promise<Partial<Record<SendChannel, ChannelState>>> {
  const states: Partial<Record<SendChannel, ChannelState>> = {};
  let channels: Partial<Record<ChannelName, ChannelState>> = {};
  let errors: Partial<Record<ChannelName, string>> = {};
  const message = work.send.length ? renderEvent(content, mode, publicUrl(), user.prefs.timezone) : null;
  for (const { channel, from, takeOver } of work.send) {
    const claimed = await stepChannels(stored, { channels, errors }, { channel, from: [from], at: Math.floor(now.getTime() / 1000), takeOver });
    if (!claimed) {
      // Another attempt holds the channel; what this one has to record is written alone.
      await stepChannels(stored, { channels, errors }, null);
    }
    channels = {};
    errors = {};
    if (!claimed || !message) continue;
    const result = await sendOnChannel(user, message, channel, { reason: 'event', events: [{ ...content, mode }] }, { resend: takeOver !== undefined });
    channels[channel] = states[channel] = result.state;
    if (result.error) errors[channel] = result.error;
  }
  await stepChannels(stored, { channels, errors }, null);
  return states;
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
  if (mode && !passesEventFilters(user.prefs.alert_filters, mode, content)) return 'filtered';
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
  const work = channelWork(
    stored.channels,
    recorded.outcome === 'created',
    retryFailed,
    recorded.outcome === 'exists' ? { writtenAt: recorded.writtenAt, claimedAt: recorded.claimedAt } : { writtenAt: 0, claimedAt: {} },
    now,
  );
  if (work.send.length === 0) {
    // A redelivery of an attempt that recorded a failure and died before scheduling its retry: schedule it now.
    if (work.awaitingRetry) return 'failed';
    if (work.inFlight) return 'in_flight';
    return recorded.outcome === 'created' ? 'recorded' : 'nothing_to_do';
  }
  const states = await sendClaimed(stored, user, content, mode, work, now);
  if (Object.values(states).includes('failed') || work.awaitingRetry) return 'failed';
  return work.inFlight ? 'in_flight' : 'sent';
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
  const failed = recipients.filter((_, i) => outcomes[i] === 'failed' || outcomes[i] === 'in_flight');
  if (failed.length > 0 && attempt < MAX_DELIVERY_ATTEMPTS) {
    // Backoff doubles per attempt; an attempt still holding a channel is looked at again once its claim could be abandoned; SQS caps a delay at 900 s.
    const backoff = config().NOTIFY_RETRY_BASE_SECONDS * 2 ** (attempt - 1);
    const delay = Math.min(900, outcomes.includes('in_flight') ? Math.max(backoff, STALE_PENDING_SECONDS + 60) : backoff);
    await sendMessage('notification-dispatch', { v: 1, type: 'deliver_batch', content, recipients: failed, attempt: attempt + 1 }, delay);
    summary.retried = failed.length;
  }
  return summary;
}

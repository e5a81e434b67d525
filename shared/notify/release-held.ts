/**
 * release_held_notifications (every 15 minutes): events held by quiet hours
 * go out at the first run after quiet hours end, and none is dropped (the
 * rules: shared/domain/notify/held-release.ts).
 *   1. list held events due by now (oldest first), group them by user and
 *      read each user's current preferences;
 *   2. end the claims of runs that died mid-release: their channels become
 *      unconfirmed (maybe sent, never sent again); skip events another run
 *      is releasing right now;
 *   3. a user still in quiet hours (settings changed) gets a new due time;
 *   4. otherwise, per bill, oldest first: claim each event (its held
 *      channels become sending, or cancelled when switched off since; an
 *      event another run claimed first is left to it), send one message per
 *      channel listing every claimed event, then record each event's outcome
 *      under the claim: sent, or held again with the error so the next run
 *      retries it;
 *   5. an event leaves the held index once no channel is held.
 * RSS is never held (delivery-plan.ts marks it at once), so a release only
 * touches push, email and webhook.
 */
import { randomUUID } from 'node:crypto';
import { getNotifiableUsers, type NotifiableUser } from '#shared/db/notification-prefs.repository.ts';
import { listDue, transitionNotification, updateNotification } from '#shared/db/notifications.repository.ts';
import { publicUrl, SEND_CHANNELS, sendOnChannels, type ChannelResult, type SendChannel } from './channel-delivery.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { channelOn } from '#shared/domain/notify/delivery-plan.ts';
import { claimAbandoned, groupHeldForRelease, messagesOf } from '#shared/domain/notify/held-release.ts';
import type { ChannelState, DueEvent, NotificationEvent, ReleaseClaim } from '#shared/domain/notify/notification.schema.ts';
import { inQuietHours, quietHoursRelease } from '#shared/domain/notify/quiet-hours.ts';
import { renderHeldBundle } from '#shared/domain/notify/render.ts';

export interface ReleaseCounts {
  /** Messages sent (one per channel and bill group). */
  messages: number;
  /** Event channels marked sent: every event a sent message listed. */
  delivered: number;
  /** Event channels of dead runs' claims marked unconfirmed. */
  unconfirmed: number;
}

/** Groups events by user, in due order. */
export function groupByUser<E extends Pick<NotificationEvent, 'user_id'>>(events: E[]): Map<string, E[]> {
  const byUser = new Map<string, E[]>();
  for (const e of events) byUser.set(e.user_id, [...(byUser.get(e.user_id) ?? []), e]);
  return byUser;
}

const isOn = (user: NotifiableUser, channel: SendChannel) => channelOn(user.prefs, channel);
const channelsIn = (e: NotificationEvent, state: ChannelState) => SEND_CHANNELS.filter((c) => e.channels[c] === state);
const each = <V>(channels: readonly SendChannel[], value: V) => Object.fromEntries(channels.map((c) => [c, value])) as Partial<Record<SendChannel, V>>;

/** Ends a claim whose run died between its send and its outcome: sending becomes unconfirmed, not sent again. */
async function endAbandonedClaim(e: DueEvent, claim: ReleaseClaim): Promise<number> {
  const sending = channelsIn(e, 'sending');
  const stillHeld = channelsIn(e, 'held').length > 0;
  const ended = await transitionNotification(e, {
    channels: each(sending, 'unconfirmed'),
    errors: each(sending, 'the release stopped before recording whether this was sent; not resent, so it cannot arrive twice'),
    expect: each(sending, 'sending'),
    claimedBy: claim.id,
    claim: null,
    ...(stillHeld ? {} : { defer: { clear: true as const } }),
  });
  return ended ? sending.length : 0;
}

interface Claimed {
  event: DueEvent;
  channels: SendChannel[];
}

/** Claims one event for this run: its held channels become sending (those switched off, cancelled); false when another run has it. */
async function claimEvent(user: NotifiableUser | undefined, e: DueEvent, claim: ReleaseClaim): Promise<Claimed | null> {
  const held = channelsIn(e, 'held');
  const send = user ? held.filter((c) => isOn(user, c)) : [];
  const cancel = held.filter((c) => !send.includes(c));
  const claimed = await transitionNotification(e, {
    channels: { ...each(send, 'sending' as const), ...each(cancel, 'cancelled' as const) },
    expect: each(held, 'held'),
    claimedBy: null,
    claim: send.length ? claim : null,
    // Nothing left to send: the event leaves the held index now.
    ...(send.length ? {} : { defer: { clear: true as const } }),
  });
  return claimed && send.length ? { event: e, channels: send } : null;
}

/** Records one claimed event's outcome under this run's claim: sent, or held again with the error (retried next run). */
async function settle(entry: Claimed, results: Map<string, Partial<Record<SendChannel, ChannelResult>>>, claim: ReleaseClaim): Promise<number> {
  const outcome = results.get(entry.event.event_id) ?? {};
  const channels: Partial<Record<SendChannel, ChannelState>> = {};
  const errors: Partial<Record<SendChannel, string>> = {};
  for (const c of entry.channels) {
    const r = outcome[c];
    channels[c] = r?.state === 'sent' ? 'sent' : 'held';
    if (r?.state !== 'sent') errors[c] = r?.error ?? 'not sent';
  }
  const stillHeld = Object.values(channels).includes('held');
  const recorded = await transitionNotification(entry.event, {
    channels,
    errors,
    expect: each(entry.channels, 'sending'),
    claimedBy: claim.id,
    claim: null,
    ...(stillHeld ? {} : { defer: { clear: true as const } }),
  });
  // Not recorded: a later run judged this run dead and marked the channels unconfirmed.
  return recorded ? Object.values(channels).filter((s) => s === 'sent').length : 0;
}

/** Releases one bill's held events: claim, one message per channel, outcomes. */
async function releaseGroup(user: NotifiableUser | undefined, group: DueEvent[], claim: ReleaseClaim, counts: ReleaseCounts): Promise<void> {
  const claimed = (await Promise.all(group.map((e) => claimEvent(user, e, claim)))).filter((c): c is Claimed => c !== null);
  if (!user || claimed.length === 0) return;
  const results = new Map<string, Partial<Record<SendChannel, ChannelResult>>>();
  for (const message of messagesOf(claimed)) {
    const sent = await sendOnChannels(user, renderHeldBundle(message.events, publicUrl()), message.channels, { reason: 'quiet_hours', events: message.events });
    counts.messages += Object.values(sent).filter((r) => r.state === 'sent').length;
    for (const e of message.events) results.set(e.event_id, { ...results.get(e.event_id), ...sent });
  }
  const delivered = await Promise.all(claimed.map((entry) => settle(entry, results, claim)));
  counts.delivered += delivered.reduce((a, b) => a + b, 0);
}

async function releaseForUser(user: NotifiableUser | undefined, events: DueEvent[], now: Date, claim: ReleaseClaim): Promise<ReleaseCounts> {
  const counts: ReleaseCounts = { messages: 0, delivered: 0, unconfirmed: 0 };
  const free: DueEvent[] = [];
  for (const e of events) {
    if (!e.release_claim) free.push(e);
    else if (claimAbandoned(e.release_claim, now)) counts.unconfirmed += await endAbandonedClaim(e, e.release_claim);
    // else: another run is releasing it right now.
  }
  // An event listed with nothing held (its state moved on) only leaves the index.
  const idle = free.filter((e) => channelsIn(e, 'held').length === 0);
  await Promise.all(idle.map((e) => transitionNotification(e, { channels: {}, expect: {}, claimedBy: null, claim: null, defer: { clear: true } })));
  const ready = free.filter((e) => !idle.includes(e));
  if (ready.length === 0) return counts;
  if (user && inQuietHours(user.prefs, now)) {
    const due = quietHoursRelease(user.prefs, now).toISOString();
    await Promise.all(ready.map((e) => updateNotification(e, { channels: {}, defer: { kind: 'held', due_at: due } })));
    return counts;
  }
  // Groups one after another, so a user's messages arrive in the order of their events.
  for (const group of groupHeldForRelease(ready)) await releaseGroup(user, group, claim, counts);
  return counts;
}

/** Releases every held event that is due; returns counts for the job's run record. */
export async function releaseHeldNotifications(now: Date): Promise<{ due: number; users: number } & ReleaseCounts> {
  const due = await listDue('held', now);
  const byUser = groupByUser(due);
  const users = await getNotifiableUsers([...byUser.keys()]);
  const claim: ReleaseClaim = { id: randomUUID(), at: now.toISOString() };
  const perUser = await mapLimit([...byUser.entries()], 8, ([userId, events]) => releaseForUser(users.get(userId), events, now, claim));
  const total: ReleaseCounts = { messages: 0, delivered: 0, unconfirmed: 0 };
  for (const c of perUser) for (const k of Object.keys(total) as (keyof ReleaseCounts)[]) total[k] += c[k];
  return { due: due.length, users: byUser.size, ...total };
}

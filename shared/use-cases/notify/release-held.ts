/**
 * release_held_notifications (every 15 minutes): events held by quiet hours
 * go out at the first run after quiet hours end, and none is dropped (the
 * rules: shared/domain/notify/held-release.ts).
 *   1. list held events due by now (oldest first), group them by user and
 *      read each user's current preferences;
 *   2. take over the claims of runs that died mid-release (older than any
 *      run lives): each is a failed attempt, sent again now as the same
 *      messages (claimed-send.ts says why a receiver shows them once); skip
 *      events another run is releasing right now;
 *   3. a user still in quiet hours (settings changed) gets a new due time;
 *   4. otherwise, per bill, oldest first: claim each event (its held
 *      channels become sending, or cancelled when switched off since; an
 *      event another run claimed first is left to it), send one message per
 *      channel listing every claimed event, then record each event's outcome
 *      under the claim: sent, or held again with the error and a later due
 *      time (backoff), or failed once MAX_SEND_ATTEMPTS were used
 *      (shared/domain/notify/send-retries.ts);
 *   5. an event leaves the held index once no channel is held.
 * RSS is never held (delivery-plan.ts marks it at once), so a release only
 * touches push, email and webhook.
 */
import { randomUUID } from 'node:crypto';
import { getNotifiableUsers, type NotifiableUser } from '#shared/adapters/db/notification-prefs.repository.ts';
import { listDue, updateNotification } from '#shared/adapters/db/notifications.repository.ts';
import { publicUrl, sendOnChannels, type ChannelResult, type SendChannel } from './channel-delivery.ts';
import {
  claimEvent,
  emptyCounts,
  freeToClaim,
  sendBatches,
  settleClaim,
  type Claimed,
  type FreeEvent,
  type SendCounts,
  type SendPolicy,
} from './claimed-send.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { channelOn } from '#shared/domain/notify/delivery-plan.ts';
import { groupHeldForRelease, messagesOf } from '#shared/domain/notify/held-release.ts';
import type { DueEvent, NotificationEvent, ReleaseClaim } from '#shared/domain/notify/notification.schema.ts';
import { inQuietHours, quietHoursRelease } from '#shared/domain/notify/quiet-hours.ts';
import { renderHeldBundle } from '#shared/domain/notify/render.ts';

export interface ReleaseCounts extends SendCounts {
  /** Messages sent (one per channel and bill group). */
  messages: number;
}

/** Groups events by user, in due order. */
export function groupByUser<E extends Pick<NotificationEvent, 'user_id'>>(events: E[]): Map<string, E[]> {
  const byUser = new Map<string, E[]>();
  for (const e of events) byUser.set(e.user_id, [...(byUser.get(e.user_id) ?? []), e]);
  return byUser;
}

const isOn = (user: NotifiableUser, channel: SendChannel) => channelOn(user.prefs, channel);
const HELD: SendPolicy = { waiting: 'held', retry: 'held' };

/** Releases one bill's held events: claim, one message per channel, outcomes. */
async function releaseGroup(user: NotifiableUser | undefined, group: FreeEvent[], claim: ReleaseClaim, now: Date, counts: ReleaseCounts): Promise<void> {
  const claimed = (await Promise.all(group.map((e) => claimEvent(user, e, isOn, claim, HELD)))).filter((c): c is Claimed => c !== null);
  if (!user || claimed.length === 0) return;
  const results = new Map<string, Partial<Record<SendChannel, ChannelResult>>>();
  for (const message of messagesOf(claimed)) {
    const sent = await sendOnChannels(
      user,
      renderHeldBundle(message.events, publicUrl(), user.prefs.timezone),
      message.channels,
      { reason: 'quiet_hours', events: message.events },
      { resend: group.some((e) => e.resendOf) },
    );
    counts.messages += Object.values(sent).filter((r) => r.state === 'sent').length;
    for (const e of message.events) results.set(e.event_id, { ...results.get(e.event_id), ...sent });
  }
  await Promise.all(claimed.map((entry) => settleClaim(entry, results.get(entry.event.event_id) ?? {}, claim, HELD, now, counts)));
}

async function releaseForUser(user: NotifiableUser | undefined, events: DueEvent[], now: Date, claim: ReleaseClaim): Promise<ReleaseCounts> {
  const counts: ReleaseCounts = { messages: 0, ...emptyCounts() };
  const ready = await freeToClaim(events, HELD, now, counts);
  if (ready.length === 0) return counts;
  if (user && inQuietHours(user.prefs, now)) {
    const due = quietHoursRelease(user.prefs, now).toISOString();
    await Promise.all(ready.map((e) => updateNotification(e, { channels: {}, defer: { kind: 'held', due_at: due } })));
    return counts;
  }
  // Groups one after another, so a user's messages arrive in the order of their events; a dead run's resends first, as that run grouped them.
  for (const batch of sendBatches(ready)) for (const group of groupHeldForRelease(batch)) await releaseGroup(user, group, claim, now, counts);
  return counts;
}

/** Releases every held event that is due; returns counts for the job's run record. */
export async function releaseHeldNotifications(now: Date): Promise<{ due: number; users: number } & ReleaseCounts> {
  const due = await listDue('held', now);
  const byUser = groupByUser(due);
  const users = await getNotifiableUsers([...byUser.keys()]);
  const claim: ReleaseClaim = { id: randomUUID(), at: now.toISOString() };
  const perUser = await mapLimit([...byUser.entries()], 8, ([userId, events]) => releaseForUser(users.get(userId), events, now, claim));
  const total: ReleaseCounts = { messages: 0, ...emptyCounts() };
  for (const c of perUser) for (const k of Object.keys(total) as (keyof ReleaseCounts)[]) total[k] += c[k];
  return { due: due.length, users: byUser.size, ...total };
}

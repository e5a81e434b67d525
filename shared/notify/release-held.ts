/**
 * release_held_notifications (every 15 minutes): events held by quiet hours
 * go out at the first run after quiet hours end.
 *   1. list held events due by now (oldest first);
 *   2. group them by user and read each user's current preferences;
 *   3. a user still in quiet hours (settings changed) gets a new due time;
 *   4. otherwise, per (bill, kind) only the newest held event is sent, the
 *      older ones are marked superseded; channels switched off since are
 *      cancelled;
 *   5. each event leaves the held index once no channel is still held; a
 *      failed send keeps the channel held, so the next run retries it alone.
 */
import { getNotifiableUsers, type NotifiableUser } from '#shared/db/notification-prefs.repository.ts';
import { listDue, updateNotification } from '#shared/db/notifications.repository.ts';
import { publicUrl, SEND_CHANNELS, sendOnChannels, type SendChannel } from './channel-delivery.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { emailOn, pushOn } from '#shared/domain/notify/delivery-plan.ts';
import type { ChannelState, NotificationEvent } from '#shared/domain/notify/notification.schema.ts';
import { inQuietHours, quietHoursRelease } from '#shared/domain/notify/quiet-hours.ts';
import { renderEvent } from '#shared/domain/notify/render.ts';

/** Groups held events by user, in due order. */
export function groupByUser(events: NotificationEvent[]): Map<string, NotificationEvent[]> {
  const byUser = new Map<string, NotificationEvent[]>();
  for (const e of events) byUser.set(e.user_id, [...(byUser.get(e.user_id) ?? []), e]);
  return byUser;
}

/** Splits one user's held events into those to send (newest per bill and kind, oldest first) and those superseded. */
export function newestPerSubject(events: NotificationEvent[]): { send: NotificationEvent[]; superseded: NotificationEvent[] } {
  const ordered = [...events].sort((a, b) => a.occurred_at.localeCompare(b.occurred_at) || a.event_id.localeCompare(b.event_id));
  const newest = new Map<string, NotificationEvent>();
  for (const e of ordered) newest.set(`${e.bill_id ?? ''}#${e.kind}`, e);
  const keep = new Set(newest.values());
  return { send: ordered.filter((e) => keep.has(e)), superseded: ordered.filter((e) => !keep.has(e)) };
}

const isOn = (user: NotifiableUser, channel: SendChannel) => (channel === 'push' ? pushOn(user.prefs) : emailOn(user.prefs));

async function releaseForUser(user: NotifiableUser | undefined, events: NotificationEvent[], now: Date): Promise<number> {
  if (user && inQuietHours(user.prefs, now)) {
    const due = quietHoursRelease(user.prefs, now).toISOString();
    await Promise.all(events.map((e) => updateNotification(e, { channels: {}, defer: { kind: 'held', due_at: due } })));
    return 0;
  }
  const { send, superseded } = newestPerSubject(events);
  const heldOf = (e: NotificationEvent) => SEND_CHANNELS.filter((c) => e.channels[c] === 'held');
  await Promise.all(
    superseded.map((e) => updateNotification(e, { channels: Object.fromEntries(heldOf(e).map((c) => [c, 'superseded'])), defer: { clear: true } })),
  );
  let sent = 0;
  for (const e of send) {
    const held = heldOf(e);
    const channels: Partial<Record<SendChannel, ChannelState>> = {};
    for (const c of held) if (!user || !isOn(user, c)) channels[c] = 'cancelled';
    const live = held.filter((c) => !channels[c]);
    const results = user && live.length ? await sendOnChannels(user, renderEvent(e, e.mode, publicUrl()), live) : {};
    const errors: Partial<Record<SendChannel, string>> = {};
    for (const c of live) {
      const r = results[c];
      if (r?.state === 'sent') {
        channels[c] = 'sent';
        sent++;
      } else if (r?.error) errors[c] = r.error;
    }
    const stillHeld = held.some((c) => !channels[c]);
    await updateNotification(e, { channels, errors, ...(stillHeld ? {} : { defer: { clear: true as const } }) });
  }
  return sent;
}

/** Releases every held event that is due; returns counts for the job's run record. */
export async function releaseHeldNotifications(now: Date): Promise<{ due: number; users: number; sent: number }> {
  const due = await listDue('held', now);
  const byUser = groupByUser(due);
  const users = await getNotifiableUsers([...byUser.keys()]);
  const sent = await mapLimit([...byUser.entries()], 8, ([userId, events]) => releaseForUser(users.get(userId), events, now));
  return { due: due.length, users: byUser.size, sent: sent.reduce((a, b) => a + b, 0) };
}

/**
 * send_notification_digest (hourly at :05): events held for a user's daily
 * or weekly digest go out as one message per channel when the digest is due
 * (08:00 in the user's zone, Mondays for weekly).
 *   1. list digest events due by now;
 *   2. group them by user and read each user's current preferences;
 *   3. render one bundle of all their events; send it on each channel some
 *      event waits on and that is still on (switched-off channels are cancelled);
 *   4. mark every event's channel with the bundle's outcome; an event leaves
 *      the digest index once no channel still waits, so a failed channel is
 *      retried alone at the next run.
 */
import { getNotifiableUsers, type NotifiableUser } from '#shared/db/notification-prefs.repository.ts';
import { listDue, updateNotification } from '#shared/db/notifications.repository.ts';
import { publicUrl, SEND_CHANNELS, sendOnChannels, type SendChannel } from './channel-delivery.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { channelOn } from '#shared/domain/notify/delivery-plan.ts';
import type { ChannelState, NotificationEvent } from '#shared/domain/notify/notification.schema.ts';
import { groupByUser } from './release-held.ts';
import { renderDigestBundle } from '#shared/domain/notify/render.ts';

async function digestForUser(user: NotifiableUser | undefined, events: NotificationEvent[]): Promise<number> {
  const waiting = SEND_CHANNELS.filter((c) => events.some((e) => e.channels[c] === 'digest'));
  const live = user ? waiting.filter((c) => channelOn(user.prefs, c)) : [];
  const mode = user?.prefs.digest_mode === 'weekly' ? 'weekly' : 'daily';
  const ordered = [...events].sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));
  const occasion = { reason: mode === 'weekly' ? ('weekly_digest' as const) : ('daily_digest' as const), events: ordered };
  const results = user && live.length ? await sendOnChannels(user, renderDigestBundle(ordered, mode, publicUrl()), live, occasion) : {};
  const outcome = (c: SendChannel): ChannelState | undefined => {
    if (!live.includes(c)) return 'cancelled';
    return results[c]?.state === 'sent' ? 'sent' : undefined;
  };
  await Promise.all(
    events.map((e) => {
      const channels: Partial<Record<SendChannel, ChannelState>> = {};
      const errors: Partial<Record<SendChannel, string>> = {};
      for (const c of SEND_CHANNELS.filter((ch) => e.channels[ch] === 'digest')) {
        const state = outcome(c);
        if (state) channels[c] = state;
        else errors[c] = results[c]?.error ?? 'not sent';
      }
      const stillWaiting = SEND_CHANNELS.some((c) => e.channels[c] === 'digest' && !channels[c]);
      return updateNotification(e, { channels, errors, ...(stillWaiting ? {} : { defer: { clear: true as const } }) });
    }),
  );
  return live.filter((c) => results[c]?.state === 'sent').length;
}

/** Sends every digest that is due; returns counts for the job's run record. */
export async function sendNotificationDigests(now: Date): Promise<{ due_events: number; users: number; messages_sent: number }> {
  const due = await listDue('digest', now, 8);
  const byUser = groupByUser(due);
  const users = await getNotifiableUsers([...byUser.keys()]);
  const sent = await mapLimit([...byUser.entries()], 8, ([userId, events]) => digestForUser(users.get(userId), events));
  return { due_events: due.length, users: byUser.size, messages_sent: sent.reduce((a, b) => a + b, 0) };
}

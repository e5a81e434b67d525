/**
 * What happens to an event on each channel of the table for one user,
 * decided from their preferences at `now`: a channel that is read (RSS) is
 * marked at once (a feed is read when the reader wants, so neither quiet
 * hours nor digests apply to it); a channel that is sent is sent now, held
 * for quiet hours, or held for the user's digest. The weekly
 * digest is itself a digest: quiet hours hold it, and a weekly-digest user
 * gets it inside the Monday bundle of the morning it was made for (one
 * message that morning, not two); one an admin sends now is not held for
 * a bundle.
 */
import { holdsForDigest, nextDigestAt } from './digest-schedule.ts';
import type { ChannelStates, NotificationKind } from './notification.schema.ts';
import { channelNamed, channelTable, type ChannelName } from './channels/table.ts';
import type { NotificationPrefs } from './prefs.schema.ts';
import { inQuietHours, quietHoursRelease } from './quiet-hours.ts';

export interface DeliveryPlan {
  channels: ChannelStates;
  /** When held or digest channels go out (ISO), or null. */
  due_at: string | null;
}

/** Whether a channel of the table is configured and on. */
export const channelOn = (p: NotificationPrefs, channel: ChannelName) => channelNamed(channel).isOn(p);

/** The per-channel plan for one event and user; a weekly digest names the Monday 08:00 it was made for (null: sent now). */
export function planDelivery(
  prefs: NotificationPrefs,
  kind: NotificationKind,
  now: Date,
  weekly: { digestAt: Date | null } = { digestAt: null },
): DeliveryPlan {
  const table = channelTable();
  const on = new Set(table.filter((c) => c.isOn(prefs)).map((c) => c.name));
  const anyActive = table.some((c) => c.delivery === 'send' && on.has(c.name));
  // A channel that is read (a feed) has the event at once, whatever holds the sent ones.
  const each = (state: 'digest' | 'held' | 'pending') =>
    Object.fromEntries(table.map((c) => [c.name, !on.has(c.name) ? 'off' : c.delivery === 'read' ? 'sent' : state])) as ChannelStates;
  const digestMode = prefs.digest_mode;
  // A weekly-digest user's Monday bundle carries the weekly digest too (one Monday message); a daily one is no weekly summary.
  if (anyActive && kind === 'weekly_digest' && digestMode === 'weekly' && weekly.digestAt) {
    return { channels: each('digest'), due_at: quietHoursRelease(prefs, weekly.digestAt).toISOString() };
  }
  if (anyActive && kind !== 'weekly_digest' && holdsForDigest(digestMode)) {
    return {
      channels: each('digest'),
      due_at: nextDigestAt(digestMode, prefs, now).toISOString(),
    };
  }
  if (anyActive && inQuietHours(prefs, now)) {
    return {
      channels: each('held'),
      due_at: quietHoursRelease(prefs, now).toISOString(),
    };
  }
  return { channels: each('pending'), due_at: null };
}

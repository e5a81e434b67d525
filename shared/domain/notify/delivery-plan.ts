/**
 * What happens to an event on each channel of one user, decided from their
 * preferences at `now`: RSS is marked at once (a feed is read when the reader
 * wants, so neither quiet hours nor digests apply to it); push, email and
 * webhook are sent now, held for quiet hours, or held for the user's digest. The weekly
 * digest is itself a digest: quiet hours hold it, and a weekly-digest user
 * gets it inside their Monday bundle (one message that morning, not two).
 */
import { holdsForDigest, nextDigestAt } from './digest-schedule.ts';
import type { ChannelStates, NotificationKind } from './notification.schema.ts';
import type { NotificationPrefs } from './prefs.schema.ts';
import { inQuietHours, quietHoursRelease } from './quiet-hours.ts';

export interface DeliveryPlan {
  channels: ChannelStates;
  /** When held or digest channels go out (ISO), or null. */
  due_at: string | null;
}

/** Whether push is configured and on. */
export const pushOn = (p: NotificationPrefs) => p.push_enabled && Boolean(p.push_url);
/** Whether email is configured and on. */
export const emailOn = (p: NotificationPrefs) => p.email_enabled && Boolean(p.email_address);

/** Whether the webhook is configured and on (a URL and a secret to sign with). */
export const webhookOn = (p: NotificationPrefs) => p.webhook_enabled && Boolean(p.webhook_url) && Boolean(p.webhook_secret_sealed);

/** Whether a sending channel is configured and on. */
export const channelOn = (p: NotificationPrefs, channel: 'push' | 'email' | 'webhook') =>
  channel === 'push' ? pushOn(p) : channel === 'email' ? emailOn(p) : webhookOn(p);

/** The per-channel plan for one event and user. */
export function planDelivery(prefs: NotificationPrefs, kind: NotificationKind, now: Date): DeliveryPlan {
  const rss = prefs.rss_enabled ? 'sent' : 'off';
  const active = { push: pushOn(prefs), email: emailOn(prefs), webhook: webhookOn(prefs) };
  const anyActive = active.push || active.email || active.webhook;
  const each = (state: 'digest' | 'held' | 'pending') => ({
    push: active.push ? state : ('off' as const),
    email: active.email ? state : ('off' as const),
    webhook: active.webhook ? state : ('off' as const),
  });
  const digestMode = prefs.digest_mode;
  // A weekly-digest user's Monday bundle carries the weekly digest too (one Monday message); a daily one is no weekly summary.
  const digestHolds = kind !== 'weekly_digest' || digestMode === 'weekly';
  if (anyActive && digestHolds && holdsForDigest(digestMode)) {
    return {
      channels: { ...each('digest'), rss },
      due_at: nextDigestAt(digestMode, prefs, now).toISOString(),
    };
  }
  if (anyActive && inQuietHours(prefs, now)) {
    return {
      channels: { ...each('held'), rss },
      due_at: quietHoursRelease(prefs, now).toISOString(),
    };
  }
  return { channels: { ...each('pending'), rss }, due_at: null };
}

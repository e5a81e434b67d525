/**
 * release_held_notifications (every 15 minutes): events held by quiet hours
 * go out at the first run after quiet hours end, and none is dropped (the
 * rules: shared/domain/notify/held-release.ts). The send loop (claims, a
 * dead run's resends, one message per channel, outcomes and backoff) is the
 * digests' too: bundled-send.ts. What is the release's own:
 *   - a user still in quiet hours (settings changed) gets a new due time;
 *   - otherwise the user's events go out per bill, oldest first, a dead
 *     run's resends first, as that run grouped them;
 *   - each message is the held bundle (reason quiet_hours);
 *   - an event leaves the held index once no channel is held.
 * RSS is never held (delivery-plan.ts marks it at once), so a release only
 * touches push, email and webhook.
 */
import { listDue, updateNotification } from '#shared/adapters/db/notifications.repository.ts';
import { groupHeldForRelease } from '#shared/domain/notify/held-release.ts';
import { inQuietHours, quietHoursRelease } from '#shared/domain/notify/quiet-hours.ts';
import { renderHeldBundle } from '#shared/domain/notify/render.ts';
import { sendBundles, type BundleCounts, type Bundling } from './bundled-send.ts';
import { sendBatches } from './claimed-send.ts';
import { publicUrl } from './public-url.ts';

const HELD_RELEASE: Bundling = {
  policy: { waiting: 'held', retry: 'held' },
  plan: async (user, ready, now) => {
    if (user && inQuietHours(user.prefs, now)) {
      const due = quietHoursRelease(user.prefs, now).toISOString();
      await Promise.all(ready.map((e) => updateNotification(e, { channels: {}, defer: { kind: 'held', due_at: due } })));
      return [];
    }
    return sendBatches(ready).flatMap((batch) => groupHeldForRelease(batch));
  },
  compose: (user, events) => ({ message: renderHeldBundle(events, publicUrl(), user.prefs.timezone), reason: 'quiet_hours' }),
};

/** Releases every held event that is due; returns counts for the job's run record. */
export async function releaseHeldNotifications(now: Date): Promise<{ due: number; users: number } & BundleCounts> {
  const due = await listDue('held', now);
  return { due: due.length, ...(await sendBundles(due, HELD_RELEASE, now)) };
}

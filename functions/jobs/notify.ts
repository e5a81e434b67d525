/** Notification jobs: the weekly digest, digest delivery and the release of events held by quiet hours. */
import { jobFunction } from '#shared/edges/jobs/job-function.ts';
import { releaseHeldNotifications } from '#shared/use-cases/notify/release-held.ts';
import { sendNotificationDigests } from '#shared/use-cases/notify/send-digests.ts';
import { sendWeeklyDigest } from '#shared/use-cases/notify/weekly-digest.ts';

export const handler = jobFunction('notify', {
  // On its schedule (the local scheduler's runs too) for the users whose Monday morning it is; an admin's run ("send now") for everyone, now.
  send_weekly_digest: async ({ now, trigger, runId }) => sendWeeklyDigest(now, trigger === 'admin' ? { kind: 'now', runId } : { kind: 'scheduled' }),
  send_notification_digest: async ({ now }) => ({ ...(await sendNotificationDigests(now)) }),
  release_held_notifications: async ({ now }) => ({ ...(await releaseHeldNotifications(now)) }),
});

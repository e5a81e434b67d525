/** Notification jobs: the weekly digest, digest delivery and the release of events held by quiet hours. */
import { jobFunction } from '#shared/edges/jobs/job-function.ts';
import { releaseHeldNotifications } from '#shared/use-cases/notify/release-held.ts';
import { sendNotificationDigests } from '#shared/use-cases/notify/send-digests.ts';
import { sendWeeklyDigest } from '#shared/use-cases/notify/weekly-digest.ts';

export const handler = jobFunction('notify', {
  send_weekly_digest: async ({ now }) => sendWeeklyDigest(now),
  send_notification_digest: async ({ now }) => ({ ...(await sendNotificationDigests(now)) }),
  release_held_notifications: async ({ now }) => ({ ...(await releaseHeldNotifications(now)) }),
});

/** Jobs of the notify domain (see the job table in ./job-table.ts; docs/product-rules.md explains digest times). */
import type { JobDef } from './job.ts';

export const NOTIFY_JOBS: JobDef[] = [
  {
    name: 'send_weekly_digest',
    group: 'notify',
    // Monday 08:00 of every zone (UTC+14 to UTC-12) falls within the UTC Sunday and Monday; each hourly run serves the users whose Monday morning it is.
    schedule: '0 * * * SUN,MON',
    description:
      "Per user, the followed bills updated in the past 7 days, as a weekly_digest event on every channel and in the feed, on Monday at 08:00 in the user's time zone (run hourly on the UTC Sunday and Monday); an admin's run sends it to everyone at once",
    timeoutSeconds: 900,
    adminPath: '/api/admin/trigger-weekly-digest',
  },
  {
    name: 'send_notification_digest',
    group: 'notify',
    schedule: '5 * * * *',
    description: "Sends the daily and weekly digests that are due (08:00 in each user's time zone) as one message per channel",
    timeoutSeconds: 600,
  },
  {
    name: 'release_held_notifications',
    group: 'notify',
    schedule: '*/15 * * * *',
    description: 'Delivers events held by quiet hours once quiet hours have ended, every one, several of one bill combined into one message',
    timeoutSeconds: 600,
  },
];

/** Schedule job: poll_meetings over the live sources, or the recordings offline (SCHEDULE_RECORDINGS_DIR). */
import * as z from 'zod';
import { jobFunction } from '#shared/edges/jobs/job-function.ts';
import { scheduleFeeds } from '#shared/adapters/providers/schedule/schedule-feeds.ts';
import { pollMeetings } from '#shared/use-cases/schedule/poll-meetings.ts';

/** Optional input: how many hours of Congress.gov committee-meeting updates to read (an admin catch-up). */
const PollInput = z.object({
  congress_gov_hours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .optional(),
});

export const handler = jobFunction('schedule', {
  poll_meetings: async ({ now, input }) => pollMeetings(now, scheduleFeeds(PollInput.parse(input).congress_gov_hours)),
});

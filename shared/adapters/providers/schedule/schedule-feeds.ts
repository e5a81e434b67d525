/** The feeds poll_meetings reads: the recordings when SCHEDULE_RECORDINGS_DIR is set (the offline stack), else the live sources. */
import { config } from '#shared/platform/config.ts';
import { liveFeeds } from './live-feeds.ts';
import { recordedFeed } from './recorded-feed.ts';
import type { ScheduleFeed } from './schedule-feed.ts';

/** Hours of Congress.gov committee-meeting updates a regular poll reads (it runs every two hours; the overlap covers a missed run). */
export const CONGRESS_GOV_WINDOW_HOURS = 6;

export function scheduleFeeds(congressGovHours = CONGRESS_GOV_WINDOW_HOURS): ScheduleFeed[] {
  const dir = config().SCHEDULE_RECORDINGS_DIR;
  return dir ? [recordedFeed(dir)] : liveFeeds(congressGovHours);
}

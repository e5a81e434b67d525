/**
 * What poll_meetings reads: feeds of schedule payloads, each read as
 * readings (one payload's meetings, the source they speak for, where and
 * when it was read). Live feeds read the sources over HTTP (./live-feeds.ts);
 * the offline stack reads recordings (./recorded-feed.ts).
 */
import type { MeetingSource, ParsedMeeting } from '#shared/domain/schedule/meeting.schema.ts';

export interface FeedReading {
  source: MeetingSource;
  /** The URL read, or the recording's file name. */
  ref: string | null;
  /** When the payload was read: the poll's time, or a recording's capture time. Readings apply in this order. */
  read_at: string;
  meetings: ParsedMeeting[];
}

export interface FeedContext {
  now: Date;
  /** The observation times stored for these meetings from a source (by meeting id), so a feed can skip fetching what it already has. */
  storedUpdates: (meetingIds: readonly string[], source: MeetingSource) => Promise<Map<string, string>>;
}

export interface ScheduleFeed {
  name: string;
  read(ctx: FeedContext): Promise<FeedReading[]>;
}

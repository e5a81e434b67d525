/**
 * The live schedule feeds of poll_meetings:
 * - senate.gov's committee schedule (hearings.xml) and next-convene feed (floor_schedule.json);
 * - docs.house.gov's weekly floor schedule of this week and the next (absent weeks answer 404);
 * - the House Clerk's floor summaries of yesterday and today (Eastern; 404 on days the House did not sit);
 * - Congress.gov's committee meetings of both chambers updated in the last `hours`, each item fetched
 *   only when its updateDate is newer than the one stored (needs CONGRESS_API_KEY).
 * docs.house.gov's committee meeting XML has no address to fetch it from (its
 * site hands it out through a form postback), so House committee meetings come
 * live from Congress.gov, whose House event ids are docs.house.gov's; the
 * docs.house.gov parser serves recordings and the CLI.
 */
import * as z from 'zod';
import { config } from '#shared/platform/config.ts';
import { congressForDate } from '#shared/domain/bills/bill-id.ts';
import { addDays, easternDate, easternWeekStart, inEastern } from '#shared/domain/schedule/eastern-time.ts';
import { committeeMeetingId } from '#shared/domain/schedule/meeting-id.ts';
import { getText } from '#shared/adapters/providers/transport/http-transport.ts';
import { apiDateTime, base, getAllPages, getJson } from '#shared/adapters/providers/congress-gov/congress-gov.client.ts';
import { CongressGovMeeting, congressGovMeetingFields } from './congress-gov-meeting.parser.ts';
import { meetingsOfPayload, type ScheduleKind } from './schedule-kinds.ts';
import type { FeedContext, FeedReading, ScheduleFeed } from './schedule-feed.ts';

const trim = (u: string) => u.replace(/\/+$/, '');
const ymd = (date: string) => date.replace(/-/g, '');

/** GETs one payload; null when the source says there is none (404). */
async function fetchPayload(provider: string, kind: ScheduleKind, url: string, now: Date): Promise<FeedReading | null> {
  const res = await getText({ provider, url, accept: [404] });
  if (res.status === 404) return null;
  return { ...meetingsOfPayload(kind, res.text), ref: url, read_at: now.toISOString() };
}

const present = (readings: (FeedReading | null)[]): FeedReading[] => readings.filter((r): r is FeedReading => r !== null);

export const senateHearingsFeed: ScheduleFeed = {
  name: 'senate-hearings',
  read: async ({ now }) =>
    present([await fetchPayload('senate.gov', 'senate-hearings', `${trim(config().SENATE_BASE_URL)}/general/committee_schedules/hearings.xml`, now)]),
};

export const senateFloorFeed: ScheduleFeed = {
  name: 'senate-floor',
  read: async ({ now }) =>
    present([await fetchPayload('senate.gov', 'senate-floor', `${trim(config().SENATE_BASE_URL)}/legislative/schedule/floor_schedule.json`, now)]),
};

export const houseFloorWeekFeed: ScheduleFeed = {
  name: 'house-floor-week',
  read: async ({ now }) => {
    const monday = easternWeekStart(now);
    const weeks = [monday, addDays(monday, 7)].map(
      (w) => `${trim(config().HOUSE_DOCS_BASE_URL)}/floor/Download.aspx?file=/billsthisweek/${ymd(w)}/${ymd(w)}.xml`,
    );
    return present(await Promise.all(weeks.map((url) => fetchPayload('docs.house.gov', 'house-floor-week', url, now))));
  },
};

export const houseClerkFeed: ScheduleFeed = {
  name: 'house-floor-summary',
  read: async ({ now }) => {
    const today = easternDate(now);
    const days = [addDays(today, -1), today].map((d) => `${trim(config().HOUSE_CLERK_BASE_URL)}/floor/${ymd(d)}.xml`);
    // Yesterday first: its announcement of today is overtaken by today's own summary.
    const readings: (FeedReading | null)[] = [];
    for (const url of days) readings.push(await fetchPayload('clerk.house.gov', 'house-floor-summary', url, now));
    return present(readings);
  },
};

const MeetingList = () =>
  z.looseObject({
    committeeMeetings: z.array(
      z.looseObject({ chamber: z.string(), congress: z.coerce.number().int(), eventId: z.coerce.string(), updateDate: z.string().optional(), url: z.string() }),
    ),
    pagination: z.looseObject({ next: z.string().optional() }).optional(),
  });

/** Congress.gov committee meetings of both chambers updated in the last `hours`. */
export function congressGovMeetingsFeed(hours: number): ScheduleFeed {
  return {
    name: 'congress-gov-meetings',
    read: async ({ now, storedUpdates }: FeedContext) => {
      if (!config().CONGRESS_API_KEY) return [];
      const congress = congressForDate(now);
      const readings: FeedReading[] = [];
      for (const chamber of ['house', 'senate'] as const) {
        const u = new URL(`${base()}/committee-meeting/${congress}/${chamber}`);
        u.searchParams.set('fromDateTime', apiDateTime(new Date(now.getTime() - hours * 3_600_000)));
        u.searchParams.set('toDateTime', apiDateTime(now));
        u.searchParams.set('limit', '250');
        const items = await getAllPages('committee-meeting list', u.toString(), MeetingList(), (p) => p.committeeMeetings);
        const stored = await storedUpdates(
          items.map((i) => committeeMeetingId(chamber, i.eventId)),
          'congress-gov',
        );
        for (const item of items) {
          const known = stored.get(committeeMeetingId(chamber, item.eventId));
          const updated = item.updateDate ? Date.parse(item.updateDate.replace(' ', 'T')) : NaN;
          if (known && !Number.isNaN(updated) && Date.parse(known) >= Date.parse(inEastern(new Date(updated)))) continue;
          const detail = await getJson('committee meeting', item.url, z.looseObject({ committeeMeeting: CongressGovMeeting() }));
          readings.push({ source: 'congress-gov', ref: item.url, read_at: now.toISOString(), meetings: [congressGovMeetingFields(detail.committeeMeeting)] });
        }
      }
      return readings;
    },
  };
}

/** Every live feed, in the order they are read. */
export const liveFeeds = (congressGovHours: number): ScheduleFeed[] => [
  senateHearingsFeed,
  congressGovMeetingsFeed(congressGovHours),
  houseFloorWeekFeed,
  houseClerkFeed,
  senateFloorFeed,
];

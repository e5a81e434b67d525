/**
 * The kinds of schedule payload, each with the source it speaks for and its
 * parser to meetings: what a feed reads, live or recorded, and what the
 * `npm run cli -- parse` kinds print (local/schedule-parsers.ts).
 */
import type { MeetingSource, ParsedMeeting } from '#shared/domain/schedule/meeting.schema.ts';
import { parseClerkFloorXml } from './clerk-floor.parser.ts';
import { parseCongressGovMeeting } from './congress-gov-meeting.parser.ts';
import { floorWeekMeeting, parseHouseFloorWeekXml } from './house-floor-week.parser.ts';
import { parseHouseMeetingXml } from './house-meeting.parser.ts';
import { parseSenateFloorJson } from './senate-floor.parser.ts';
import { parseSenateHearingsXml } from './senate-hearings.parser.ts';

export const SCHEDULE_KINDS = ['house-meeting', 'senate-hearings', 'congress-gov-meeting', 'house-floor-week', 'senate-floor', 'house-floor-summary'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** The meetings of one payload, with the source each speaks for (a House witness list speaks for its own). */
export function meetingsOfPayload(kind: ScheduleKind, text: string): { source: MeetingSource; meetings: ParsedMeeting[] } {
  switch (kind) {
    case 'house-meeting': {
      const meeting = parseHouseMeetingXml(text);
      return { source: meeting.fields.starts_at === undefined ? 'house-witnesses' : 'house-docs', meetings: [meeting] };
    }
    case 'senate-hearings':
      return { source: 'senate-gov', meetings: parseSenateHearingsXml(text) };
    case 'congress-gov-meeting':
      return { source: 'congress-gov', meetings: [parseCongressGovMeeting(text)].flat() };
    case 'house-floor-week':
      return { source: 'house-floor', meetings: [floorWeekMeeting(parseHouseFloorWeekXml(text))] };
    case 'senate-floor':
      return { source: 'senate-floor', meetings: parseSenateFloorJson(text) };
    case 'house-floor-summary':
      return { source: 'house-clerk', meetings: parseClerkFloorXml(text) };
  }
}

/**
 * The `npm run cli -- parse` kinds of committees and the schedule (issue 34's
 * parsing contract), through the parsers the pipeline uses:
 * - house-meeting: docs.house.gov meeting XML → a meeting (a witness list → its meeting id and witnesses);
 * - senate-hearings: senate.gov hearings.xml → an array of meetings;
 * - congress-gov-meeting: a Congress.gov committee-meeting item, JSON or XML → a meeting (an array of records → an array);
 * - house-floor-week: the House "bills this week" XML → {week_of, bills};
 * - senate-floor: senate.gov floor_schedule.json → an array of floor meetings;
 * - house-floor-summary: a House Clerk floor summary → the day held and the next one announced;
 * - committees: committees-current (YAML or JSON) → every committee and subcommittee;
 * - committee-membership: committee-membership-current (YAML or JSON) → {committees: [{id, members: [{id, party, side, rank, title}]}]}.
 * A meeting prints {id, chamber, committees, type, status, starts_at, location, title, bill_ids, witnesses}.
 * A seat's party is the member's (D, R, I) in the bundled congress-legislators
 * data (shared/adapters/providers/legislators/data), null for someone not in it;
 * the membership file's own `party` field is the side.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ParsedMeeting } from '#shared/domain/schedule/meeting.schema.ts';
import { parseClerkFloorXml } from '#shared/adapters/providers/schedule/clerk-floor.parser.ts';
import { parseCongressGovMeeting } from '#shared/adapters/providers/schedule/congress-gov-meeting.parser.ts';
import { parseHouseFloorWeekXml } from '#shared/adapters/providers/schedule/house-floor-week.parser.ts';
import { parseHouseMeetingXml } from '#shared/adapters/providers/schedule/house-meeting.parser.ts';
import { parseSenateFloorJson } from '#shared/adapters/providers/schedule/senate-floor.parser.ts';
import { parseSenateHearingsXml } from '#shared/adapters/providers/schedule/senate-hearings.parser.ts';
import { parseCommitteeMembership, parseCommittees } from '#shared/adapters/providers/legislators/committees.parser.ts';
import { parseLegislatorsJson } from '#shared/adapters/providers/legislators/legislators.parser.ts';
import { LEGISLATORS_DATA_DIR } from './demo/offline-members.ts';

/** A meeting as the contract prints it; a partial reading (a witness list) prints its id and what it holds. */
export function contractMeeting(m: ParsedMeeting): Record<string, unknown> {
  const f = m.fields;
  if (f.starts_at === undefined) return { id: m.id, ...f };
  return {
    id: m.id,
    chamber: f.chamber,
    committees: f.committees ?? [],
    type: f.type,
    status: f.status,
    starts_at: f.starts_at,
    location: f.location ?? null,
    title: f.title,
    bill_ids: f.bill_ids ?? [],
    witnesses: f.witnesses ?? [],
  };
}

let parties: Map<string, string | null> | undefined;
/** Bioguide id → party initial, from the bundled legislators file (read once). */
function partyOf(memberId: string): string | null {
  parties ??= new Map(
    parseLegislatorsJson(readFileSync(path.join(LEGISLATORS_DATA_DIR, 'legislators-current.json'), 'utf8'), new Date().toISOString()).map((m) => [
      m.id,
      m.party,
    ]),
  );
  return parties.get(memberId) ?? null;
}

export const SCHEDULE_PARSERS: Record<string, (text: string) => unknown> = {
  'house-meeting': (text) => contractMeeting(parseHouseMeetingXml(text)),
  'senate-hearings': (text) => parseSenateHearingsXml(text).map(contractMeeting),
  'congress-gov-meeting': (text) => {
    const parsed = parseCongressGovMeeting(text);
    return Array.isArray(parsed) ? parsed.map(contractMeeting) : contractMeeting(parsed);
  },
  'house-floor-week': (text) => {
    const week = parseHouseFloorWeekXml(text);
    return { week_of: week.week_of, bills: week.bills.map(({ id, legis_num, title, category }) => ({ id, legis_num, title, category })) };
  },
  'senate-floor': (text) => parseSenateFloorJson(text).map(contractMeeting),
  'house-floor-summary': (text) => parseClerkFloorXml(text).map(contractMeeting),
  committees: (text) => parseCommittees(text).map(({ id, name, chamber, parent_id, url }) => ({ id, name, chamber, parent_id, url })),
  'committee-membership': (text) => ({
    committees: parseCommitteeMembership(text).map((c) => ({
      id: c.committee_id,
      members: c.seats.map((s) => ({ id: s.member_id, party: partyOf(s.member_id), side: s.side, rank: s.rank, title: s.title })),
    })),
  }),
};

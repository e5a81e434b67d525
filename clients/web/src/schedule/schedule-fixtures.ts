// Committees and meetings for component tests, shaped by the API's own types (a contract change breaks them at compile time).
import type { Schemas } from '../../../typescript/index.ts';

const meeting = (m: Partial<Schemas['Meeting']> & Pick<Schemas['Meeting'], 'id' | 'chamber' | 'title' | 'starts_at'>): Schemas['Meeting'] => ({
  congress: 118,
  committees: [],
  type: 'hearing',
  status: 'scheduled',
  ends_at: null,
  all_day: false,
  location: null,
  bill_ids: [],
  witnesses: [],
  documents: [],
  source: 'house-docs',
  sources: [{ name: 'house-docs', url: null, observed_at: '2023-05-18T12:00:00Z' }],
  version: 1,
  updated_at: '2023-05-18T12:00:00Z',
  ...m,
});

export const houseHearing = meeting({
  id: 'house-115955',
  chamber: 'house',
  committees: ['HSII24'],
  status: 'rescheduled',
  title: 'Legislative hearing on H.R. 1234',
  starts_at: '2023-05-23T10:00:00-04:00',
  location: 'Longworth House Office Building 1324',
  bill_ids: ['118-hr-1234'],
  witnesses: [{ name: 'The Honorable Bryan Newland', organization: 'Department of the Interior', position: 'Assistant Secretary' }],
  documents: [{ title: 'Hearing notice', url: 'https://docs.house.gov/notice.pdf' }],
  version: 2,
});

export const senateHearing = meeting({
  id: 'senate-338684',
  chamber: 'senate',
  committees: ['SSFR'],
  title: 'Nominations',
  starts_at: '2023-05-24T09:30:00-04:00',
  location: 'SD-419',
  source: 'senate-gov',
  sources: [{ name: 'senate-gov', url: null, observed_at: '2023-05-18T12:00:00Z' }],
});

export const houseFloor = meeting({
  id: 'house-floor-week-2023-05-22',
  chamber: 'house',
  type: 'floor',
  title: 'Bills on the House floor this week',
  starts_at: '2023-05-22T00:00:00-04:00',
  all_day: true,
  bill_ids: ['118-hr-1234', '118-hr-2'],
  source: 'house-floor',
  sources: [{ name: 'house-floor', url: null, observed_at: '2023-05-18T12:00:00Z' }],
});

export const weekMeetings = [houseFloor, houseHearing, senateHearing];

export const meetingDetail: Schemas['MeetingDetail'] = {
  ...houseHearing,
  history: [
    { at: '2023-05-16T15:00:00Z', version: 1, material: true, kind: 'first_seen', changes: [], sources: ['house-docs'] },
    {
      at: '2023-05-18T12:00:00Z',
      version: 2,
      material: true,
      kind: 'changed',
      changes: [
        { field: 'starts_at', before: '2023-05-18T10:00:00-04:00', after: '2023-05-23T10:00:00-04:00' },
        { field: 'status', before: 'scheduled', after: 'rescheduled' },
      ],
      sources: ['house-docs'],
    },
  ],
};

const listItem = (c: Pick<Schemas['CommitteeListItem'], 'id' | 'name' | 'chamber'> & Partial<Schemas['CommitteeListItem']>): Schemas['CommitteeListItem'] => ({
  parent_id: null,
  url: null,
  member_count: 10,
  updated_at: '2025-01-01T00:00:00Z',
  ...c,
});

export const committeeList: Schemas['CommitteeListItem'][] = [
  listItem({ id: 'HSII', name: 'Committee on Natural Resources', chamber: 'house', member_count: 44 }),
  listItem({ id: 'HSII24', name: 'Indian and Insular Affairs', chamber: 'house', parent_id: 'HSII', member_count: 12 }),
  listItem({ id: 'SSFR', name: 'Committee on Foreign Relations', chamber: 'senate', member_count: 21 }),
  listItem({ id: 'JSEC', name: 'Joint Economic Committee', chamber: 'joint', member_count: 20 }),
];

export const committeeDetail: Schemas['CommitteeDetail'] = {
  ...committeeList[0]!,
  jurisdiction: 'Public lands, fisheries and wildlife.',
  current: true,
  parent_name: null,
  members: [
    { id: 'W000821', name: 'Westerman, Bruce', party: 'R', state: 'AR', side: 'majority', rank: 1, title: 'Chair' },
    { id: 'L000564', name: 'Lamborn, Doug', party: 'R', state: 'CO', side: 'majority', rank: 2, title: null },
    { id: 'G000551', name: 'Grijalva, Raúl', party: 'D', state: 'AZ', side: 'minority', rank: 1, title: 'Ranking Member' },
  ],
  subcommittees: [{ id: 'HSII24', name: 'Indian and Insular Affairs' }],
  recent_activity: [
    { bill_id: '118-hr-1234', kind: 'referral', date: '2023-03-01', action_text: 'Referred to the Committee on Natural Resources.', title: 'A land bill' },
  ],
  upcoming_meetings: [houseHearing],
};

export const page = <T>(items: T[]) => ({ items, next_cursor: null });

/** The signed-in test user's follow of a committee. */
export const committeeFollow = (id: string): Schemas['Follow'] => ({
  id: `committee:${id}`,
  user_id: 'u1',
  target_type: 'committee',
  target_id: id,
  follow_mode: null,
  mode_set_at: null,
  created_at: '2025-01-01T00:00:00Z',
});

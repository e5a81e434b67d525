/**
 * What the API answers for committees: the list item (GET /api/committees),
 * the detail with its members, subcommittees, recent referrals and reports
 * and upcoming meetings (GET /api/committees/{id}), a seat as a member's
 * assignment (committeeAssignmentsOf), and the record of the change feed and
 * the bulk file (the committee with its seats).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { MeetingView } from '#shared/domain/schedule/meeting-views.ts';
import { CommitteeChamber, Side, type Committee, type CommitteeSeat } from './committee.schema.ts';

const id = () => z.string().describe('The committee code (Thomas / system code): HSAG for a full committee, HSAG15 for a subcommittee');

export const CommitteeListItem = lazySchema(() =>
  z
    .object({
      id: id(),
      name: z.string().describe('Its name (a subcommittee: its own name, such as "Forestry and Horticulture")'),
      chamber: CommitteeChamber().describe('house, senate or joint'),
      parent_id: z.string().nullable().describe('The full committee of a subcommittee; null for a full committee'),
      url: z.string().nullable().describe('Its website; null when not known'),
      member_count: z.number().int().describe('How many members sit on it'),
      updated_at: z.string().describe('When what this API returns for it last changed (ISO 8601, UTC): the order of the change feed'),
    })
    .meta({ id: 'CommitteeListItem', description: 'A committee or subcommittee in a list' }),
);
export type CommitteeListItem = z.infer<ReturnType<typeof CommitteeListItem>>;

export const CommitteeMemberView = lazySchema(() =>
  z.object({
    id: z.string().describe('The Bioguide id'),
    name: z.string().describe('The name as the membership data gives it'),
    party: z.string().nullable().describe('The party initial (D, R, I); null when the member is not stored'),
    state: z.string().nullable().describe('The two-letter state code; null when the member is not stored'),
    side: Side().describe('majority or minority'),
    rank: z.number().int().nullable().describe('The rank within the side (1 is the senior member); null when not given'),
    title: z.string().nullable().describe('The title as the source spells it (Chair, Chairman, Ranking Member, Vice Chair, Ex Officio ...); null for none'),
  }),
);
export type CommitteeMemberView = z.infer<ReturnType<typeof CommitteeMemberView>>;

export const CommitteeActivityView = lazySchema(() =>
  z.object({
    bill_id: z.string().describe('The bill, {congress}-{type}-{number}'),
    kind: z.enum(['referral', 'report']).describe('referral: the bill was referred to it; report: it reported (or was discharged of) the bill'),
    date: z.string().describe('The date of the action (YYYY-MM-DD)'),
    action_text: z.string().describe('The action as the source words it'),
    title: z.string().nullable().describe('The bill title; null when the bill is not stored'),
  }),
);
export type CommitteeActivityView = z.infer<ReturnType<typeof CommitteeActivityView>>;

export const CommitteeDetail = lazySchema(() =>
  CommitteeListItem()
    .extend({
      jurisdiction: z.string().nullable().describe('Its jurisdiction as congress-legislators words it; null when not given'),
      current: z.boolean().describe('False for a committee congress-legislators no longer lists (it has no members then)'),
      parent_name: z.string().nullable().describe('The name of the full committee of a subcommittee; null for a full committee'),
      members: z.array(CommitteeMemberView()).describe('Its members: the majority then the minority, each by rank'),
      subcommittees: z
        .array(z.object({ id: id(), name: z.string().describe('The subcommittee name') }))
        .describe('Its subcommittees (empty for a subcommittee)'),
      recent_activity: z.array(CommitteeActivityView()).describe('The latest bills referred to it or reported by it, newest first (at most 20)'),
      upcoming_meetings: z.array(MeetingView()).describe("Its (and its subcommittees') meetings from today on, earliest first (at most 10)"),
      is_following: z.boolean().optional().describe('Whether the signed-in user follows it (absent for guests)'),
    })
    .meta({ id: 'CommitteeDetail', description: 'A committee or subcommittee with its members, subcommittees, referrals and reports, and upcoming meetings' }),
);

export const CommitteeAssignment = lazySchema(() =>
  z
    .object({
      committee_id: id(),
      committee_name: z.string().describe('The committee or subcommittee name'),
      parent_id: z.string().nullable().describe('For a subcommittee, its full committee'),
      parent_name: z.string().nullable().describe('For a subcommittee, the name of its full committee'),
      chamber: CommitteeChamber().describe('house, senate or joint'),
      side: Side().describe('majority or minority'),
      rank: z.number().int().nullable().describe('The rank within the side; null when not given'),
      title: z.string().nullable().describe('The title as the source spells it (Chair, Ranking Member ...); null for none'),
    })
    .meta({ id: 'CommitteeAssignment', description: "One of a member's committee or subcommittee seats" }),
);
export type CommitteeAssignment = z.infer<ReturnType<typeof CommitteeAssignment>>;

/** Seats in the order a roster reads: the majority then the minority, each by rank (unranked last), then name. */
export function rosterOrder<S extends Pick<CommitteeSeat, 'side' | 'rank' | 'name'>>(seats: readonly S[]): S[] {
  const side = (s: S) => (s.side === 'majority' ? 0 : 1);
  return [...seats].sort((a, b) => side(a) - side(b) || (a.rank ?? 9999) - (b.rank ?? 9999) || a.name.localeCompare(b.name));
}

/** The list view of a stored committee. */
export const committeeListItem = (c: Committee & { updated_at: string }): CommitteeListItem => ({
  id: c.id,
  name: c.name,
  chamber: c.chamber,
  parent_id: c.parent_id,
  url: c.url,
  member_count: c.member_count,
  updated_at: c.updated_at,
});

/** The record of the change feed and the bulk file: the committee and its seats (hashed for its content version). */
export function committeeRecord(c: Committee, seats: readonly CommitteeSeat[]) {
  const { id: committeeId, name, chamber, parent_id, url, jurisdiction, subcommittees, member_count, current } = c;
  return {
    id: committeeId,
    name,
    chamber,
    parent_id,
    url,
    jurisdiction,
    subcommittees,
    member_count,
    current,
    members: rosterOrder(seats).map(({ member_id, name: seatName, side, rank, title }) => ({ id: member_id, name: seatName, side, rank, title })),
  };
}

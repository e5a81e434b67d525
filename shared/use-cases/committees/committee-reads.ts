/**
 * Reads of committees: the list (GET /api/committees, also its change feed),
 * one committee with its members, subcommittees, latest referrals and
 * reports and upcoming meetings (GET /api/committees/{id}), and a member's
 * assignments (committeeAssignmentsOf, for member pages and report cards).
 *
 * committeeDetailView: 1. the committee with its seats (one Query); 2. at
 * once: the members' records (BatchGet, for party and state), its latest
 * activity (one Query) with the bills' titles (BatchGet), its meetings from
 * today (pointers Query + BatchGet), and the caller's follow (GetItem);
 * 3. 404 committee.not_found for an unknown code.
 */
import { getBills } from '#shared/adapters/db/bills.repository.ts';
import { listCommitteeActivity } from '#shared/adapters/db/committee-activity.repository.ts';
import { getCommittees, getCommitteeWithSeats, listCommitteeChanges, listCommittees, listSeatsOfMember } from '#shared/adapters/db/committees.repository.ts';
import { getFollow } from '#shared/adapters/db/follows.repository.ts';
import { listPointedMeetings } from '#shared/adapters/db/meeting-listing.repository.ts';
import { getMembers } from '#shared/adapters/db/members.repository.ts';
import type { CommitteeChamber } from '#shared/domain/committees/committee.schema.ts';
import { committeeListItem, rosterOrder, type CommitteeAssignment } from '#shared/domain/committees/committee-views.ts';
import { meetingView } from '#shared/domain/schedule/meeting-views.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';

const RECENT_ACTIVITY = 20;
const UPCOMING_MEETINGS = 10;
/** How far ahead "upcoming" looks: a year covers any announced meeting. */
const UPCOMING_DAYS = 366;

/** GET /api/committees: a page of current committees, optionally of one chamber. */
export async function listCommitteesView(chamber: CommitteeChamber | undefined, paging: { limit: number; cursor?: string }) {
  const page = await listCommittees(chamber, paging.limit, paging.cursor);
  return { items: page.items.map(committeeListItem), next_cursor: page.next_cursor };
}

/**
 * GET /api/committees?sort=updated_asc[&changed_since=]: every committee (retired ones included), oldest content change
 * first; a change of its seats moves it too (its members are in the detail and the bulk file).
 */
export async function committeeChangesView(query: { changed_since?: string; limit: number; cursor?: string }) {
  const page = await listCommitteeChanges(query.changed_since, query.limit, query.cursor);
  return { items: page.items.map(committeeListItem), next_cursor: page.next_cursor };
}

/** GET /api/committees/{id}. */
export async function committeeDetailView(committeeId: string, userId: string | undefined, now = new Date()) {
  const stored = await getCommitteeWithSeats(committeeId);
  if (!stored) throw new NotFoundError(`No committee ${committeeId}`, 'committee.not_found');
  const { committee, seats } = stored;
  const window = { from: now.toISOString(), to: new Date(now.getTime() + UPCOMING_DAYS * 86_400_000).toISOString() };
  const [members, activity, meetings, parent, follow] = await Promise.all([
    getMembers(seats.map((s) => s.member_id)),
    listCommitteeActivity(committee.id, RECENT_ACTIVITY),
    listPointedMeetings(
      'committee',
      committee.id,
      window,
      {},
      (m) => m.committees.some((c) => c === committee.id || c.startsWith(committee.id)),
      UPCOMING_MEETINGS,
    ),
    committee.parent_id ? getCommittees([committee.parent_id]) : Promise.resolve([]),
    userId ? getFollow(userId, 'committee', committee.id) : Promise.resolve(null),
  ]);
  const bills = new Map((await getBills(activity.map((a) => a.bill_id))).map((b) => [b.id, b]));
  const byId = new Map(members.map((m) => [m.id, m]));
  return {
    ...committeeListItem({ ...committee, updated_at: stored.updated_at }),
    jurisdiction: committee.jurisdiction,
    current: committee.current,
    parent_name: parent[0]?.name ?? null,
    members: rosterOrder(seats).map((s) => ({
      id: s.member_id,
      name: s.name,
      party: byId.get(s.member_id)?.party ?? null,
      state: byId.get(s.member_id)?.state ?? null,
      side: s.side,
      rank: s.rank,
      title: s.title,
    })),
    subcommittees: committee.subcommittees,
    recent_activity: activity.map(({ bill_id, kind, date, action_text }) => ({ bill_id, kind, date, action_text, title: bills.get(bill_id)?.title ?? null })),
    upcoming_meetings: meetings.items.map(meetingView),
    ...(userId ? { is_following: follow !== null } : {}),
  };
}

/**
 * A member's committee and subcommittee seats: full committees first, each
 * followed by its subcommittees (for member pages and report cards).
 */
export async function committeeAssignmentsOf(memberId: string): Promise<CommitteeAssignment[]> {
  const seats = await listSeatsOfMember(memberId);
  const committees = new Map((await getCommittees(seats.flatMap((s) => [s.committee_id, s.committee_id.slice(0, 4)]))).map((c) => [c.id, c]));
  return seats
    .flatMap((s): CommitteeAssignment[] => {
      const c = committees.get(s.committee_id);
      if (!c) return [];
      const parent = c.parent_id ? committees.get(c.parent_id) : undefined;
      return [
        {
          committee_id: c.id,
          committee_name: c.name,
          parent_id: c.parent_id,
          parent_name: parent?.name ?? null,
          chamber: c.chamber,
          side: s.side,
          rank: s.rank,
          title: s.title,
        },
      ];
    })
    .sort((a, b) => `${a.parent_id ?? a.committee_id}#${a.committee_id}`.localeCompare(`${b.parent_id ?? b.committee_id}#${b.committee_id}`));
}

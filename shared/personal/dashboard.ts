/**
 * The dashboard, guest-safe. Guests get trending bills as "Most Popular";
 * signed-in users also get recent activity on what they follow.
 * trending: 1. look up stored daily scores within 1, then 3, 7 and 30 days
 *   until some are found (one gsi1 Query per day, each day read once);
 *   2. without any scores, fall back to bills by latest action and say so
 *   (`trending_source: "recent_activity"`).
 * personal part: 1. the caller's follows (one Query); 2. followed bills
 *   (BatchGet) newest action first; 3. followed members (BatchGet) with their
 *   latest recorded positions (one Query each, for the most recent follows).
 */
import type { User } from '#shared/domain/users/user.schema.ts';
import { getBills, listBillsByLatestAction } from '#shared/db/bills.repository.ts';
import { listFollows } from '#shared/db/follows.repository.ts';
import { getMembers } from '#shared/db/members.repository.ts';
import { topTrendingForDay } from '#shared/db/trending-days.repository.ts';
import { listMemberVotes } from '#shared/db/votes.repository.ts';
import type { FollowMode } from '#shared/domain/bills/action-categories.ts';
import { rankTrending, TRENDING_WINDOWS_DAYS, windowDates, type ScoredBill } from '#shared/domain/personal/trending-window.ts';
import { billSummary, memberSummary, type BillSummary, type MemberSummary } from '#shared/domain/personal/summaries.ts';

export const DASHBOARD_LIST_SIZE = 10;
/** Followed members whose latest votes the dashboard shows (each costs one Query). */
const MEMBERS_WITH_ACTIVITY = 10;
const VOTES_PER_MEMBER = 3;

export interface Trending {
  title: 'Most Popular';
  trending_source: 'scores' | 'recent_activity';
  /** The window the scores came from; null for the recent-activity fallback. */
  window_days: number | null;
  items: (BillSummary & { score: number | null })[];
}

/** Trending bills by stored scores, falling back through the windows, then to recent activity. */
export async function trending(limit = DASHBOARD_LIST_SIZE, now = new Date()): Promise<Trending> {
  const found: ScoredBill[] = [];
  let previous = 0;
  for (const window of TRENDING_WINDOWS_DAYS) {
    const days = await Promise.all(windowDates(window, previous, now).map((d) => topTrendingForDay(d, limit)));
    found.push(...days.flat());
    previous = window;
    if (found.length === 0) continue;
    const top = rankTrending(found, limit);
    const bills = new Map((await getBills(top.map((t) => t.bill_id))).map((b) => [b.id, b]));
    const items = top.flatMap((t) => {
      const bill = bills.get(t.bill_id);
      return bill ? [{ ...billSummary(bill), score: t.score }] : [];
    });
    return { title: 'Most Popular', trending_source: 'scores', window_days: window, items };
  }
  const recent = await listBillsByLatestAction({ limit });
  return { title: 'Most Popular', trending_source: 'recent_activity', window_days: null, items: recent.items.map((b) => ({ ...billSummary(b), score: null })) };
}

export interface MemberActivity {
  member: MemberSummary;
  recent_votes: { vote_id: string; bill_id: string | null; date: string; question: string; position: string; result: string }[];
}

export interface Dashboard {
  personalized: boolean;
  most_popular: Trending;
  followed_bills?: (BillSummary & { follow_mode: FollowMode | null })[];
  followed_members?: MemberActivity[];
  followed_topics?: string[];
}

async function memberActivity(memberIds: string[]): Promise<MemberActivity[]> {
  const members = await getMembers(memberIds);
  return Promise.all(
    members.map(async (m) => {
      const votes = await listMemberVotes(m.id, { limit: VOTES_PER_MEMBER });
      return {
        member: memberSummary(m),
        recent_votes: votes.items.map((v) => ({
          vote_id: v.vote_id,
          bill_id: v.bill_id,
          date: v.date,
          question: v.question,
          position: v.position,
          result: v.result,
        })),
      };
    }),
  );
}

/** The dashboard for a guest (null) or a signed-in user. */
export async function dashboardFor(user: User | null, now = new Date()): Promise<Dashboard> {
  if (!user) return { personalized: false, most_popular: await trending(DASHBOARD_LIST_SIZE, now) };
  const [mostPopular, follows] = await Promise.all([trending(DASHBOARD_LIST_SIZE, now), listFollows(user.id)]);
  const newestFirst = [...follows].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  const billFollows = newestFirst.filter((f) => f.target_type === 'bill');
  const modeOf = new Map(billFollows.map((f) => [f.target_id, f.follow_mode]));
  const memberIds = newestFirst
    .filter((f) => f.target_type === 'member')
    .map((f) => f.target_id)
    .slice(0, MEMBERS_WITH_ACTIVITY);
  const [bills, members] = await Promise.all([getBills(billFollows.map((f) => f.target_id)), memberActivity(memberIds)]);
  const followedBills = bills
    .sort((a, b) => (b.latest_action_date ?? '').localeCompare(a.latest_action_date ?? '') || a.id.localeCompare(b.id))
    .slice(0, DASHBOARD_LIST_SIZE)
    .map((b) => ({ ...billSummary(b), follow_mode: modeOf.get(b.id) ?? null }));
  return {
    personalized: true,
    most_popular: mostPopular,
    followed_bills: followedBills,
    followed_members: members,
    followed_topics: newestFirst.filter((f) => f.target_type === 'topic').map((f) => f.target_id),
  };
}

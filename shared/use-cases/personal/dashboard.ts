/**
 * The dashboard, guest-safe, in at most three DynamoDB requests. Guests get
 * trending bills as "Most Popular"; signed-in users also get recent activity
 * on what they follow. Steps:
 *   1. read the dashboard feed (one GetItem) and, for a user, their follows
 *      (one Query), at once; the API starts these for the token's subject
 *      while it loads the caller (`prefetchDashboard`), and they are used only
 *      for that same caller;
 *   2. trending from the feed: the stored top bills of each scored day,
 *      within 1, then 3, 7 and 30 days until some are found; without any
 *      scores, the bills with the newest latest action, and say so
 *      (`trending_source: "recent_activity"`);
 *   3. one BatchGet of everything else shown: the followed bills, and for
 *      the most recently followed members one item each with their card and
 *      latest positions; the trending bills come with the feed as cards
 *      (docs/data-model.md P8b), and only one it has no card for is read
 *      here. A guest whose Most Popular the cards cover needs no BatchGet.
 */
import type { User } from '#shared/domain/users/user.schema.ts';
import { readDashboardCards, type DashboardBill } from '#shared/adapters/db/dashboard-cards.repository.ts';
import { FEED_SIZE, readDashboardFeed } from '#shared/adapters/db/dashboard-feed.repository.ts';
import { type DashboardFeed } from '#shared/domain/personal/dashboard-feed.schema.ts';
import { listFollows } from '#shared/adapters/db/follows.repository.ts';
import type { FollowMode } from '#shared/domain/bills/action-categories.ts';
import type { Follow } from '#shared/domain/personal/follow.schema.ts';
import { planBillIds, planTrending, type TrendingPlan } from '#shared/domain/personal/trending-window.ts';
import { billSummary, memberSummary, type BillSummary, type MemberSummary } from '#shared/domain/personal/summaries.ts';
import { TOPIC_TAGS } from '#shared/domain/briefs/topics.ts';

/** Most Popular's length: the feed keeps that many bills per day and carries their cards. */
export const DASHBOARD_LIST_SIZE = FEED_SIZE;
/** Followed topics the dashboard lists, newest first: the whole vocabulary fits; GET /api/follows?target_type=topic pages them all. */
export const DASHBOARD_TOPICS = TOPIC_TAGS.length;
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

/** Most Popular from a plan and the bills read for it. */
function trendingFrom(plan: TrendingPlan, bills: Map<string, DashboardBill>, limit: number): Trending {
  if (plan.source === 'scores') {
    const items = plan.top.flatMap((t) => {
      const bill = bills.get(t.bill_id);
      return bill ? [{ ...billSummary(bill), score: t.score }] : [];
    });
    return { title: 'Most Popular', trending_source: 'scores', window_days: plan.window_days, items };
  }
  // Ordered by the bills' stored latest action, as the bills listing orders them (ties by id, descending).
  const recent = plan.bill_ids
    .flatMap((id) => bills.get(id) ?? [])
    .sort((a, b) => (b.latest_action_date ?? '').localeCompare(a.latest_action_date ?? '') || b.id.localeCompare(a.id))
    .slice(0, limit);
  return { title: 'Most Popular', trending_source: 'recent_activity', window_days: null, items: recent.map((b) => ({ ...billSummary(b), score: null })) };
}

/** Trending bills by stored scores, falling back through the windows, then to recent activity (one GetItem; a BatchGet of the bills the feed has no card for). */
export async function trending(limit = DASHBOARD_LIST_SIZE, now = new Date()): Promise<Trending> {
  const feed = await readDashboardFeed();
  const plan = planTrending(feed, limit, now);
  const { bills } = await readDashboardCards(planBillIds(plan), [], 0, feed.cards);
  return trendingFrom(plan, bills, limit);
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

/** The dashboard's first reads, made for one subject: the feed, and that user's follows (none for a guest). */
export interface DashboardReads {
  subjectId: string | null;
  feed: DashboardFeed;
  follows: Follow[];
}

/** Step 1 for a user id or a guest (null): reads only, so the API may run it before the caller is loaded. */
export async function prefetchDashboard(subjectId: string | null): Promise<DashboardReads> {
  const [feed, follows] = await Promise.all([readDashboardFeed(), subjectId === null ? [] : listFollows(subjectId)]);
  return { subjectId, feed, follows };
}

/**
 * The dashboard for a guest (null) or a signed-in user. `reads` made for
 * another subject than this caller (a deleted user's token: the caller is a
 * guest) are ignored and read afresh, so one user's follows never reach
 * another's answer.
 */
export async function dashboardFor(user: User | null, now = new Date(), reads?: DashboardReads): Promise<Dashboard> {
  const subjectId = user?.id ?? null;
  const { feed, follows } = reads?.subjectId === subjectId ? reads : await prefetchDashboard(subjectId);
  const plan = planTrending(feed, DASHBOARD_LIST_SIZE, now);
  if (!user) {
    const { bills } = await readDashboardCards(planBillIds(plan), [], 0, feed.cards);
    return { personalized: false, most_popular: trendingFrom(plan, bills, DASHBOARD_LIST_SIZE) };
  }
  const newestFirst = [...follows].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  const billFollows = newestFirst.filter((f) => f.target_type === 'bill');
  const modeOf = new Map(billFollows.map((f) => [f.target_id, f.follow_mode]));
  const memberIds = newestFirst
    .filter((f) => f.target_type === 'member')
    .map((f) => f.target_id)
    .slice(0, MEMBERS_WITH_ACTIVITY);
  const cards = await readDashboardCards([...planBillIds(plan), ...billFollows.map((f) => f.target_id)], memberIds, VOTES_PER_MEMBER, feed.cards);
  const followedBills = billFollows
    .flatMap((f) => cards.bills.get(f.target_id) ?? [])
    .sort((a, b) => (b.latest_action_date ?? '').localeCompare(a.latest_action_date ?? '') || a.id.localeCompare(b.id))
    .slice(0, DASHBOARD_LIST_SIZE)
    .map((b) => ({ ...billSummary(b), follow_mode: modeOf.get(b.id) ?? null }));
  const followedMembers: MemberActivity[] = memberIds.flatMap((id) => {
    const card = cards.members.get(id);
    if (!card) return [];
    const recent_votes = card.recent_votes.map((v) => ({
      vote_id: v.vote_id,
      bill_id: v.bill_id,
      date: v.date,
      question: v.question,
      position: v.position,
      result: v.result,
    }));
    return [{ member: memberSummary(card.card), recent_votes }];
  });
  return {
    personalized: true,
    most_popular: trendingFrom(plan, cards.bills, DASHBOARD_LIST_SIZE),
    followed_bills: followedBills,
    followed_members: followedMembers,
    followed_topics: newestFirst
      .filter((f) => f.target_type === 'topic')
      .slice(0, DASHBOARD_TOPICS)
      .map((f) => f.target_id),
  };
}

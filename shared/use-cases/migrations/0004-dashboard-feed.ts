/**
 * Migration 0004: the dashboard reads Most Popular from one feed item and
 * members' latest positions from one item per member, which their writers
 * keep current from now on. This fills both from what is stored: the top of
 * each of the last 31 days' trending listings, the newest bills by latest
 * action, and each member's newest positions (a Query per member, through
 * the everyone-by-name listing; no Scan). Idempotent: every write merges.
 */
import { listBillsByLatestAction } from '#shared/adapters/db/bills.repository.ts';
import { FEED_DAYS, FEED_SIZE, noteLatestAction, recordTrendingDay } from '#shared/adapters/db/dashboard-feed.repository.ts';
import { noteRecentVotes, RECENT_VOTES_KEPT } from '#shared/adapters/db/member-recent-votes.repository.ts';
import { listAllMembers } from '#shared/adapters/db/members.repository.ts';
import { topTrendingForDay } from '#shared/adapters/db/trending-days.repository.ts';
import { listMemberVotes } from '#shared/adapters/db/votes.repository.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import type { Migration } from './migration.ts';

const daysBack = (now: Date, n: number) => Array.from({ length: n }, (_, i) => new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10));

/** Fills the dashboard feed and the members' recent votes from stored data. */
export async function fillDashboardFeed(now = new Date()): Promise<Record<string, number>> {
  let scoredDays = 0;
  for (const date of daysBack(now, FEED_DAYS)) {
    const top = await topTrendingForDay(date, FEED_SIZE);
    if (top.length === 0) continue;
    await recordTrendingDay(date, top);
    scoredDays++;
  }
  const recent = await listBillsByLatestAction({ limit: FEED_SIZE });
  for (const bill of recent.items) await noteLatestAction(bill.id, bill.latest_action_date);
  const members = await listAllMembers();
  const voted = await mapLimit(members, 8, async (m) => {
    const votes = await listMemberVotes(m.id, { limit: RECENT_VOTES_KEPT });
    await noteRecentVotes(votes.items);
    return votes.items.length > 0 ? 1 : 0;
  });
  return { scored_days: scoredDays, recent_bills: recent.items.length, members: members.length, members_with_votes: voted.reduce<number>((a, b) => a + b, 0) };
}

export const dashboardFeed: Migration = {
  id: '0004',
  description: 'Fill the dashboard feed and members’ recent votes from stored scores, bills and positions',
  up: () => fillDashboardFeed(),
};

/**
 * Which bills and members are scored each day, bounded and read through
 * existing indexes (no Scan):
 *   bills: 1. followed bills, most followed first (users in signup order, A5,
 *   then each user's bill follows, P1); 2. every bill acted on in the last
 *   ACTIVE_BILL_DAYS, newest first (B10); MAX_SCORED_BILLS only bounds the
 *   run's length (the news-search quota goes to the first of them).
 *   members: 1. followed members (same walk); 2. sponsors of the day's scored
 *   bills, highest score first (B14 gsi1); at most MAX_SCORED_MEMBERS.
 */
import { getBills, listBillsByLatestAction } from '#shared/adapters/db/bills.repository.ts';
import { collectPages } from '#shared/adapters/db/dynamo.ts';
import { listFollows } from '#shared/adapters/db/follows.repository.ts';
import { getMembers } from '#shared/adapters/db/members.repository.ts';
import { topTrendingForDay } from '#shared/adapters/db/trending-days.repository.ts';
import { listUsers } from '#shared/adapters/db/users.repository.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import type { FollowTargetType } from '#shared/domain/personal/follow.schema.ts';
import type { Subject } from './signal-sources.ts';
import { MAX_FOLLOW_USERS, MAX_SCORED_BILLS, MAX_SCORED_MEMBERS } from '#shared/domain/scores/trend-decisions.ts';
import { activeSince } from '#shared/domain/bills/active-bills.ts';

const USERS_PAGE = 100;

/** Ids users follow of one target type, most-followed first, walking at most MAX_FOLLOW_USERS users. */
export async function followedIds(type: FollowTargetType, maxUsers = MAX_FOLLOW_USERS): Promise<string[]> {
  const counts = new Map<string, number>();
  let cursor: string | undefined;
  let walked = 0;
  do {
    const page = await listUsers(Math.min(USERS_PAGE, maxUsers - walked), cursor);
    walked += page.items.length;
    const follows = await mapLimit(page.items, 8, (u) => listFollows(u.id, type));
    for (const f of follows.flat()) counts.set(f.target_id, (counts.get(f.target_id) ?? 0) + 1);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && walked < maxUsers);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id]) => id);
}

/** Bills acted on since `since` (YYYY-MM-DD), newest action first, at most `limit`. */
const activeBills = (since: string, limit: number): Promise<Bill[]> => collectPages((n, cursor) => listBillsByLatestAction({ since, limit: n, cursor }), limit);

/** The bills to score on the day of `now`. */
export async function billsToScore(now: Date, max = MAX_SCORED_BILLS): Promise<Subject[]> {
  const since = activeSince(now);
  const followed = await getBills((await followedIds('bill')).slice(0, max));
  const chosen = new Map(followed.map((b) => [b.id, b]));
  if (chosen.size < max) {
    for (const b of await activeBills(since, max)) {
      if (chosen.size >= max) break;
      if (!chosen.has(b.id)) chosen.set(b.id, b);
    }
  }
  return [...chosen.values()].map((bill) => ({ kind: 'bill', id: bill.id, bill }));
}

/** The members to score on the day of `now`. */
export async function membersToScore(now: Date, max = MAX_SCORED_MEMBERS): Promise<Subject[]> {
  const date = now.toISOString().slice(0, 10);
  const ids = (await followedIds('member')).slice(0, max);
  if (ids.length < max) {
    const trending = await topTrendingForDay(date, max);
    const bills = new Map((await getBills(trending.map((t) => t.bill_id))).map((b) => [b.id, b]));
    for (const t of trending) {
      const sponsor = bills.get(t.bill_id)?.sponsor_id;
      if (sponsor && !ids.includes(sponsor) && ids.length < max) ids.push(sponsor);
    }
  }
  return (await getMembers(ids)).map((member) => ({ kind: 'member', id: member.id, member }));
}

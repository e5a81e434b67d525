/**
 * The dashboard in at most three DynamoDB requests, guest or user, with or
 * without trend scores, and the same answer the per-day listings give (the
 * reference below reads them the old way: a Query per day of the look-back,
 * the bills listing, a Query per followed member).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardKeys } from '#shared/adapters/db/keys/dashboard.keys.ts';
import { newestRecent, noteLatestAction, readDashboardFeed } from '#shared/adapters/db/dashboard-feed.repository.ts';
import { noteRecentVotes, recentVotesFromItem } from '#shared/adapters/db/member-recent-votes.repository.ts';
import { memberKeys } from '#shared/adapters/db/keys/member.keys.ts';
import { getBills, listBillsByLatestAction } from '#shared/adapters/db/bills.repository.ts';
import { topTrendingForDay } from '#shared/adapters/db/trending-days.repository.ts';
import { listMemberVotes } from '#shared/adapters/db/votes.repository.ts';
import { fillDashboardFeed } from '#shared/use-cases/migrations/0004-dashboard-feed.ts';
import { recentVotesThree } from '#shared/use-cases/migrations/0011-recent-votes-three.ts';
import { dashboardFor } from '#shared/use-cases/personal/dashboard.ts';
import { follow } from '#shared/use-cases/personal/follows.ts';
import { rankTrending, TRENDING_WINDOWS_DAYS, windowDates, type ScoredBill } from '#shared/domain/personal/trending-window.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { countCommands } from '../../../../../bench/support/bench-stack.ts';
import { seedBill, seedMember, seedRollCall, seedTrendScore } from '#test/support/personal-seed.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

const NOW = new Date('2026-11-24T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString().slice(0, 10);
const user: User = {
  id: 'u-dash',
  email: 'dash@example.org',
  hashed_password: 'x',
  is_admin: false,
  created_at: '2026-01-01T00:00:00Z',
  notification_prefs: null,
};
let requests: ReturnType<typeof countCommands>;
const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** Most Popular read the way the dashboard read it before the feed: one Query per day, then the bills listing. */
async function referenceTrending(limit = 10) {
  const found: ScoredBill[] = [];
  let previous = 0;
  for (const window of TRENDING_WINDOWS_DAYS) {
    found.push(...(await Promise.all(windowDates(window, previous, NOW).map((d) => topTrendingForDay(d, limit)))).flat());
    previous = window;
    if (found.length === 0) continue;
    const top = rankTrending(found, limit);
    const bills = new Map((await getBills(top.map((t) => t.bill_id))).map((b) => [b.id, b]));
    return { source: 'scores', window, ids: top.filter((t) => bills.has(t.bill_id)).map((t) => [t.bill_id, t.score]) };
  }
  return { source: 'recent_activity', window: null, ids: (await listBillsByLatestAction({ limit })).items.map((b) => [b.id, null]) };
}
const asReference = (t: Awaited<ReturnType<typeof dashboardFor>>['most_popular']) => ({
  source: t.trending_source,
  window: t.window_days,
  ids: t.items.map((i) => [i.id, i.score]),
});

beforeAll(async () => {
  requests = countCommands(dynamo());
  for (let n = 1; n <= 14; n++) await seedBill(119, 'hr', n, { latest_action_date: `2026-11-${String(n).padStart(2, '0')}` });
  await seedBill(119, 's', 1, { latest_action_date: '2026-11-14' }); // ties with hr 14 on the date
  for (const [id, name] of [
    ['A000001', 'Adams, Ann'],
    ['B000002', 'Baker, Bo'],
  ] as const)
    await seedMember(id, name);
  for (let roll = 1; roll <= 5; roll++) {
    await seedRollCall({
      billId: '119-hr-1',
      roll,
      date: `2026-10-0${roll}`,
      question: 'On Passage',
      positions: { A000001: roll % 2 ? 'Yea' : 'Nay', B000002: 'Nay' },
    });
  }
  for (const target of ['119-hr-2', '119-hr-9', '119-s-1']) await follow(user, { target_type: 'bill', target_id: target });
  for (const target of ['A000001', 'B000002']) await follow(user, { target_type: 'member', target_id: target });
  requests.take();
});

describe('the dashboard without trend scores', () => {
  it('answers a guest with the bills of newest latest action in two requests, as the bills listing orders them', async () => {
    requests.take();
    const guest = await dashboardFor(null, NOW);
    expect(total(requests.take())).toBeLessThanOrEqual(2);
    expect(asReference(guest.most_popular)).toEqual(await referenceTrending());
    expect(guest.most_popular.items.slice(0, 2).map((i) => i.id)).toEqual(['119-s-1', '119-hr-14']);
  });

  it('answers a user in three requests, with followed members’ latest votes as their own listing has them', async () => {
    requests.take();
    const mine = await dashboardFor(user, NOW);
    const counts = requests.take();
    expect(total(counts), JSON.stringify(counts)).toBeLessThanOrEqual(3);
    expect(asReference(mine.most_popular)).toEqual(await referenceTrending());
    expect(mine.followed_bills?.map((b) => b.id)).toEqual(['119-s-1', '119-hr-9', '119-hr-2']);
    const adams = mine.followed_members?.find((m) => m.member.id === 'A000001');
    const listed = (await listMemberVotes('A000001', { limit: 3 })).items.map((v) => [v.vote_id, v.position]);
    expect(adams?.recent_votes.map((v) => [v.vote_id, v.position])).toEqual(listed);
    expect(listed).toHaveLength(3);
  });
});

describe('the dashboard with trend scores', () => {
  beforeAll(async () => {
    await seedTrendScore('119-hr-3', daysAgo(5), 80);
    await seedTrendScore('119-hr-4', daysAgo(6), 60);
    await seedTrendScore('119-hr-3', daysAgo(6), 90);
  });

  it('falls back to the 7-day window and ranks each bill by its best day, in two requests for a guest', async () => {
    requests.take();
    const guest = await dashboardFor(null, NOW);
    expect(total(requests.take())).toBeLessThanOrEqual(2);
    expect(guest.most_popular).toMatchObject({ trending_source: 'scores', window_days: 7 });
    expect(asReference(guest.most_popular)).toEqual(await referenceTrending());
    expect(guest.most_popular.items.map((i) => [i.id, i.score])).toEqual([
      ['119-hr-3', 90],
      ['119-hr-4', 60],
    ]);
  });

  it('prefers the 1-day window once yesterday is scored, and a user still costs three requests', async () => {
    await seedTrendScore('119-hr-7', daysAgo(1), 20);
    requests.take();
    const mine = await dashboardFor(user, NOW);
    expect(total(requests.take())).toBeLessThanOrEqual(3);
    expect(mine.most_popular).toMatchObject({ trending_source: 'scores', window_days: 1 });
    expect(asReference(mine.most_popular)).toEqual(await referenceTrending());
  });
});

describe('migration 0004', () => {
  it('rebuilds the same feed from the stored listings, idempotently', async () => {
    const before = await dashboardFor(user, NOW);
    // As on a table written before the feed existed: no feed item, no recent-votes items.
    for (const Key of [dashboardKeys.feed, memberKeys.recentVotes('A000001'), memberKeys.recentVotes('B000002')]) {
      await table.deleteItem({ Key });
    }
    expect((await dashboardFor(user, NOW)).followed_members?.[0]?.recent_votes).toEqual([]);
    await fillDashboardFeed(NOW);
    await fillDashboardFeed(NOW);
    expect(await dashboardFor(user, NOW)).toEqual(before);
  });
});

describe('the bounded items behind the dashboard', () => {
  it('trims the recent map back to the newest ten once it passes forty, and raises the floor', async () => {
    for (let n = 1; n <= 45; n++) await noteLatestAction(`trim-${String(n).padStart(2, '0')}`, `2027-01-${String(Math.ceil(n / 2)).padStart(2, '0')}`);
    const feed = await readDashboardFeed();
    expect(Object.keys(feed.recent).filter((id) => id.startsWith('trim-')).length).toBeLessThanOrEqual(40);
    expect(feed.recent_floor).not.toBeNull();
    expect(newestRecent(feed.recent).map(([id]) => id)).toEqual([
      'trim-45',
      'trim-44',
      'trim-43',
      'trim-42',
      'trim-41',
      'trim-40',
      'trim-39',
      'trim-38',
      'trim-37',
      'trim-36',
    ]);
    // A bill older than the floor changes nothing.
    await noteLatestAction('trim-old', '2020-01-01');
    expect((await readDashboardFeed()).recent['trim-old']).toBeUndefined();
  });

  it('keeps a member’s newest positions when the map is trimmed', async () => {
    const votes = Array.from({ length: 20 }, (_, i) => ({
      member_id: 'C000003',
      name: 'C',
      party: null,
      state: null,
      position: 'Yea' as const,
      vote_id: `house-119-1-${100 + i}`,
      bill_id: '119-hr-1',
      chamber: 'house' as const,
      date: `2026-09-${String(i + 1).padStart(2, '0')}`,
      question: 'On Passage',
      vote_type: null,
      kind: 'passage' as const,
      result: 'Passed',
    }));
    for (const v of votes) await noteRecentVotes([v]);
    const item = (await table.getItem({ Key: memberKeys.recentVotes('C000003') })).Item;
    // The dashboard reads every entry: at most five are kept (the three it shows, trimmed once past five).
    expect(Object.keys((item?.votes ?? {}) as object).length).toBeLessThanOrEqual(5);
    expect(recentVotesFromItem(item, 3).map((v) => v.vote_id)).toEqual(['house-119-1-119', 'house-119-1-118', 'house-119-1-117']);
  });

  it('migration 0011 trims an item stored with up to fifteen positions to the newest three, keeping its card, idempotently', async () => {
    const entry = (i: number) => ({
      vote_id: `house-119-1-${200 + i}`,
      bill_id: '119-hr-1',
      date: `2026-08-${String(i + 1).padStart(2, '0')}`,
      question: 'On Passage',
      position: 'Yea',
      result: 'Passed',
    });
    // As the writer before it left items: up to fifteen positions.
    const votes = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`${entry(i).date}#${entry(i).vote_id}`, entry(i)]));
    await table.updateItem({
      Key: memberKeys.recentVotes('A000001'),
      UpdateExpression: 'SET votes = :votes',
      ExpressionAttributeValues: { ':votes': votes },
    });
    const read = async () => (await table.getItem({ Key: memberKeys.recentVotes('A000001') })).Item;
    const stored = await read();
    const before = (await dashboardFor(user, NOW)).followed_members;
    expect(await recentVotesThree.up()).toMatchObject({ trimmed: 1 });
    const item = await read();
    expect(Object.keys((item?.votes ?? {}) as object).sort()).toEqual([9, 10, 11].map((i) => `${entry(i).date}#${entry(i).vote_id}`));
    expect(item?.card).toEqual(stored?.card);
    expect((await dashboardFor(user, NOW)).followed_members).toEqual(before);
    expect(await recentVotesThree.up()).toMatchObject({ trimmed: 0 });
  });
});

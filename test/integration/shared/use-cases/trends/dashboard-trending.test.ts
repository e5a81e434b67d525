/**
 * The dashboard's "Most Popular" over scores the scoring run stored: ranked
 * by score with trending_source "scores", and the 1 → 3 → 7 → 30 day
 * fallback, then recent activity when no day in 30 has scores.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as personal } from '#functions/api/personal.ts';
import { trending } from '#shared/use-cases/personal/dashboard.ts';
import { scoreSubjects } from '#shared/use-cases/trends/score-subjects.ts';
import type { SignalSources, Subject } from '#shared/use-cases/trends/signal-sources.ts';
import { call } from '#test/support/api.ts';
import { seedBill } from '#test/support/personal-seed.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

// Search interest per bill; the news signals agree with it, so the ranking is plain to read.
const INTEREST: Record<string, number> = { '119-hr-1': 30, '119-hr-2': 90, '119-hr-3': 60 };
const value = (s: Subject) => INTEREST[s.id] ?? 0;
const doubles: SignalSources = {
  searchTrends: { unavailable: () => null, compare: async (subjects) => subjects.map(value) },
  newsSearch: { unavailable: () => null, quotaLow: async () => false, countBatch: async (subjects) => subjects.map(value) },
  newsRss: { unavailable: () => null, count: async (s) => value(s) },
};

const SCORED_ON = new Date('2026-10-01T03:00:00Z');
const daysAfter = (n: number) => new Date(SCORED_ON.getTime() + n * 86_400_000 + 6 * 3_600_000);

beforeAll(async () => {
  const bills = await Promise.all([1, 2, 3].map((n) => seedBill(119, 'hr', n, { latest_action_date: `2026-09-0${n}` })));
  await scoreSubjects(
    'bill',
    bills.map((bill) => ({ kind: 'bill' as const, id: bill.id, bill })),
    doubles,
    SCORED_ON,
  );
});

describe('dashboard trending over stored scores', () => {
  it('ranks the bills by stored score and reports the scores source', async () => {
    const top = await trending(10, daysAfter(0));
    expect(top).toMatchObject({ title: 'Most Popular', trending_source: 'scores', window_days: 1 });
    expect(top.items.map((i) => [i.id, i.score])).toEqual([
      ['119-hr-2', 100],
      ['119-hr-3', 66.7],
      ['119-hr-1', 33.3],
    ]);
  });

  it('serves the same ranking to a guest over GET /api/dashboard when today is scored', async () => {
    const bills = await Promise.all([1, 2, 3].map((n) => seedBill(119, 'hr', n, { latest_action_date: `2026-09-0${n}` })));
    await scoreSubjects(
      'bill',
      bills.map((bill) => ({ kind: 'bill' as const, id: bill.id, bill })),
      doubles,
      new Date(),
    );
    const res = await call(personal, 'GET', '/api/dashboard');
    expect(res.status).toBe(200);
    const body = res.body as { most_popular: { trending_source: string; window_days: number; items: { id: string; score: number }[] } };
    expect(body.most_popular).toMatchObject({ trending_source: 'scores', window_days: 1 });
    expect(body.most_popular.items.map((i) => i.id)).toEqual(['119-hr-2', '119-hr-3', '119-hr-1']);
  });

  it('falls back through 3, 7 and 30 days as the scores age', async () => {
    expect((await trending(10, daysAfter(1))).window_days).toBe(1);
    expect((await trending(10, daysAfter(2))).window_days).toBe(3);
    expect((await trending(10, daysAfter(3))).window_days).toBe(3);
    expect((await trending(10, daysAfter(5))).window_days).toBe(7);
    const month = await trending(10, daysAfter(20));
    expect(month).toMatchObject({ trending_source: 'scores', window_days: 30 });
    expect(month.items[0]).toMatchObject({ id: '119-hr-2', score: 100 });
  });

  it('falls back to recent activity when no day within 30 has scores', async () => {
    const old = await trending(10, daysAfter(31));
    expect(old).toMatchObject({ trending_source: 'recent_activity', window_days: null });
    expect(old.items.map((i) => [i.id, i.score])).toEqual([
      ['119-hr-3', null],
      ['119-hr-2', null],
      ['119-hr-1', null],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { SIGNAL_WEIGHTS } from '#shared/domain/scores/trend-decisions.ts';
import { dayMaxima, scoreAgainst, scoreDay, scoreSortKey, type Readings } from '#shared/domain/scores/trend-score.ts';
import { InterestOverTime, meanInterest, trendsTerm } from '#shared/adapters/providers/search-trends.client.ts';

const all = (trends: number, news: number, rss: number): Readings => ({
  search_trends: { value: trends },
  news_search: { value: news },
  news_rss: { value: rss },
});

describe('trend score', () => {
  it('weighs search trends 0.4, news search 0.35 and news RSS 0.25', () => {
    expect(SIGNAL_WEIGHTS).toEqual({ search_trends: 0.4, news_search: 0.35, news_rss: 0.25 });
    expect(Object.values(SIGNAL_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it("normalises each signal against the day's maximum and sums the weighted parts", () => {
    const [top, half, none] = scoreDay([all(80, 20, 10), all(40, 10, 5), all(0, 0, 0)]);
    expect(top?.score).toBe(100);
    expect(half?.score).toBe(50);
    expect(none?.score).toBe(0);
    expect(half?.signals.search_trends).toEqual({ raw: 40, normalised: 0.5, weight: 0.4 });
    expect(half?.missing_signals).toEqual([]);
  });

  it('mixes signals by weight when the leaders differ', () => {
    // a leads search trends only; b leads both news signals.
    const [a, b] = scoreDay([all(100, 0, 0), all(50, 8, 4)]);
    expect(a?.score).toBe(40);
    expect(b?.score).toBe(80); // 0.4 × 0.5 + 0.35 + 0.25
  });

  it('gives 0 to a signal whose day maximum is 0, without dividing by zero', () => {
    expect(dayMaxima([all(0, 0, 3)])).toEqual({ search_trends: 0, news_search: 0, news_rss: 3 });
    expect(scoreDay([all(0, 0, 3)])[0]?.score).toBe(25);
  });

  it('rescales the remaining weights when a signal is missing, and names it with the reason', () => {
    const readings: Readings = { search_trends: { missing: 'not_configured' }, news_search: { value: 6 }, news_rss: { value: 3 } };
    const scored = scoreAgainst(readings, { search_trends: 0, news_search: 12, news_rss: 3 });
    // news search 0.35/0.6 × 0.5 + news RSS 0.25/0.6 × 1 = 0.7083…
    expect(scored?.score).toBe(70.8);
    expect(scored?.signals.news_search?.weight).toBe(0.5833);
    expect(scored?.signals.news_rss?.weight).toBe(0.4167);
    expect(scored?.signals.search_trends).toBeUndefined();
    expect(scored?.missing_signals).toEqual([{ signal: 'search_trends', reason: 'not_configured' }]);
  });

  it('still reaches 100 for the leader of a day scored on one signal', () => {
    const only = (n: number): Readings => ({ search_trends: { missing: 'failed' }, news_search: { missing: 'quota_low' }, news_rss: { value: n } });
    expect(scoreDay([only(9), only(3)]).map((s) => s?.score)).toEqual([100, 33.3]);
  });

  it('leaves a subject with no signal at all unscored', () => {
    const none: Readings = { search_trends: { missing: 'failed' }, news_search: { missing: 'failed' }, news_rss: { missing: 'failed' } };
    expect(scoreDay([none, all(1, 1, 1)])).toEqual([null, expect.objectContaining({ score: 100 })]);
  });

  it('rounds to one decimal and never leaves 0-100', () => {
    const scores = scoreDay([all(3, 7, 11), all(1, 2, 3), all(2, 5, 1)]).map((s) => s?.score ?? -1);
    for (const s of scores) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(100);
      expect(Math.round(s * 10) / 10).toBe(s);
    }
    // A negative raw value (a provider glitch) counts as 0.
    expect(scoreDay([{ ...all(1, 1, 1), news_rss: { value: -4 } }])[0]?.signals.news_rss?.raw).toBe(0);
  });

  it('builds sort keys that order as strings the way scores order as numbers', () => {
    const scores = [100, 7.5, 75, 0, 33.3, 9.9, 10];
    const byKey = [...scores].sort((a, b) => scoreSortKey(a).localeCompare(scoreSortKey(b)));
    expect(byKey).toEqual([...scores].sort((a, b) => a - b));
    expect(scoreSortKey(7.5)).toBe('007.5');
    expect(scoreSortKey(100)).toBe('100.0');
  });
});

describe('search-trends payload', () => {
  const point = (date: string, values: number[], partial?: boolean) => ({
    date,
    timestamp: '1763596800',
    ...(partial ? { partial_data: true } : {}),
    values: values.map((v, i) => ({ query: `term ${i}`, value: String(v), extracted_value: v })),
  });

  it('averages each term over the complete buckets, in the order asked', () => {
    const payload = InterestOverTime.parse({
      interest_over_time: { timeline_data: [point('Nov 20', [10, 100]), point('Nov 21', [30, 50]), point('Nov 22', [0, 0], true)] },
    });
    expect(meanInterest(payload, 2)).toEqual([20, 75]);
  });

  it('uses the partial bucket when it is the only one', () => {
    expect(meanInterest(InterestOverTime.parse({ interest_over_time: { timeline_data: [point('Nov 22', [4], true)] } }), 1)).toEqual([4]);
  });

  it('rejects a bucket whose values do not match the terms asked', () => {
    const payload = InterestOverTime.parse({ interest_over_time: { timeline_data: [point('Nov 20', [10])] } });
    expect(() => meanInterest(payload, 2)).toThrow(/1 values for 2 terms/);
  });

  it('keeps commas out of a term, since they separate terms', () => {
    expect(trendsTerm('Lower Energy Costs Act, 2025 ')).toBe('Lower Energy Costs Act 2025');
  });
});

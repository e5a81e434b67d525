import { describe, expect, it } from 'vitest';
import { bucketOf, percentileRank, rankWithinBuckets, type Ranked } from '#shared/domain/scores/percentile.ts';
import { congressesServed, congressOfYear } from '#shared/domain/scores/seniority.ts';
import { effectivenessTier, seniorityTier } from '#shared/domain/scores/tiers.ts';
import { parseLegislators } from '#shared/adapters/providers/legislators/legislators-yaml.parser.ts';
import { fixture, hasFixtures } from '../../../../support/ingest-fixtures.ts';

const term = (congress: number | null, start_year: number | null, end_year: number | null) => ({ congress, start_year, end_year });

describe('congresses served', () => {
  it('maps years to congresses', () => {
    expect([congressOfYear(1789), congressOfYear(2017), congressOfYear(2018), congressOfYear(2025)]).toEqual([1, 115, 115, 119]);
  });
  it('counts one congress per Congress.gov term, each once', () => {
    expect(congressesServed([term(115, 2017, 2019), term(116, 2019, 2021), term(117, 2021, 2023), term(118, 2023, 2025), term(119, 2025, null)], 119)).toBe(5);
    expect(congressesServed([term(118, 2023, 2025), term(118, 2023, 2025)], 119)).toBe(1);
  });
  it('spreads a six-year Senate term over its three congresses and merges overlaps with House terms', () => {
    expect(congressesServed([term(null, 2019, 2025)], 119)).toBe(3);
    expect(congressesServed([term(115, 2017, 2019), term(116, 2019, 2025)], 119)).toBe(4);
  });
  it('counts no Congress still ahead in a term: a senator sworn in in 2025 has served one, not the three of the six-year term', () => {
    expect(congressesServed([term(null, 2025, 2031)], 119)).toBe(1);
    expect(congressesServed([term(null, 2019, 2025), term(null, 2025, 2031)], 119)).toBe(4);
    expect(congressesServed([term(null, 2025, 2031)], 121)).toBe(3);
  });
  it('is 0 with no terms or terms without congress and years', () => {
    expect(congressesServed([], 119)).toBe(0);
    expect(congressesServed([term(null, null, null)], 119)).toBe(0);
  });
});

describe('tiers', () => {
  it('seniority: junior 1-2, mid 3-5, senior 6+, unknown without terms', () => {
    expect([0, 1, 2, 3, 5, 6, 20].map(seniorityTier)).toEqual([null, 'junior', 'junior', 'mid', 'mid', 'senior', 'senior']);
  });
  it('effectiveness: top from 75, middle from 25 to under 75, bottom under 25', () => {
    expect([100, 75, 74.9, 50, 25, 24.9, 0].map(effectivenessTier)).toEqual(['top', 'top', 'middle', 'middle', 'middle', 'bottom', 'bottom']);
  });
});

describe('percentiles', () => {
  it('ranks by mid-rank: below plus half the ties, over the bucket size', () => {
    expect([1, 2, 3, 4].map((s) => percentileRank(s, [1, 2, 3, 4]))).toEqual([12.5, 37.5, 62.5, 87.5]);
    expect(percentileRank(0, [0, 0, 0])).toBe(50);
    expect(percentileRank(5, [5])).toBe(50);
    expect(percentileRank(5, [])).toBe(50);
    expect(percentileRank(2, [1, 2, 2, 9])).toBe(50);
  });

  const m = (id: string, score: number, seniority_tier: Ranked['seniority_tier'], party: string | null): Ranked => ({ id, score, seniority_tier, party });

  it('computes each percentile within its (seniority tier × party) bucket only', () => {
    const out = rankWithinBuckets([
      m('a', 10, 'senior', 'D'),
      m('b', 0, 'senior', 'D'),
      m('c', 1, 'senior', 'D'),
      m('d', 0, 'senior', 'D'),
      m('e', 100, 'junior', 'D'),
      m('f', 1, 'senior', 'R'),
    ]);
    expect(out.get('a')).toEqual({ percentile: 87.5, tier: 'top' });
    expect(out.get('c')).toEqual({ percentile: 62.5, tier: 'middle' });
    // Members with no sponsored bills score 0 and still get a percentile; ties share it.
    expect(out.get('b')).toEqual({ percentile: 25, tier: 'middle' });
    expect(out.get('d')).toEqual(out.get('b'));
    // Alone in their buckets: the middle, whatever the score.
    expect(out.get('e')).toEqual({ percentile: 50, tier: 'middle' });
    expect(out.get('f')).toEqual({ percentile: 50, tier: 'middle' });
  });

  it('puts unknown seniority and unknown party in buckets of their own, and party codes in one case', () => {
    expect(bucketOf({ seniority_tier: null, party: null })).toBe('unknown|unknown');
    expect(bucketOf({ seniority_tier: 'mid', party: ' d ' })).toBe(bucketOf({ seniority_tier: 'mid', party: 'D' }));
    const out = rankWithinBuckets([m('x', 3, null, 'R'), m('y', 0, null, 'R'), m('z', 9, 'junior', null), m('w', 0, 'junior', 'R')]);
    expect(out.get('x')).toEqual({ percentile: 75, tier: 'top' });
    expect(out.get('y')).toEqual({ percentile: 25, tier: 'middle' });
    expect(out.get('z')?.percentile).toBe(50);
    expect(out.get('w')?.percentile).toBe(50);
  });

  it('answers nothing for no members', () => {
    expect(rankWithinBuckets([]).size).toBe(0);
  });
});

describe.skipIf(!hasFixtures)('seniority of the sitting senators (congress-legislators, recorded in the 119th)', () => {
  it('reads every senator first sworn in in 2025 as junior', () => {
    const senators = parseLegislators(fixture('congress-legislators/legislators-current.json')).filter((m) => m.chamber === 'senate');
    const freshmen = senators.filter((m) => m.terms.every((t) => (t.start_year ?? 0) >= 2025));
    expect(freshmen.length).toBeGreaterThanOrEqual(5);
    expect(freshmen.map((m) => [m.id, seniorityTier(congressesServed(m.terms, 119))])).toEqual(freshmen.map((m) => [m.id, 'junior']));
  });
});

/**
 * Percentiles of members' scores within buckets of (seniority tier × party).
 * The percentile rank counts the members below plus half of those tied
 * (mid-rank), so tied scores share one percentile, a member alone in a bucket
 * sits at 50, and a bucket where everyone scored 0 is all 50.
 */
import { effectivenessTier, type EffectivenessTier, type SeniorityTier } from './tiers.ts';

export interface Ranked {
  id: string;
  score: number;
  seniority_tier: SeniorityTier | null;
  party: string | null;
}

export interface Percentile {
  percentile: number;
  tier: EffectivenessTier;
}

/** The bucket a member is ranked in; unknown seniority and unknown party are buckets of their own. */
export const bucketOf = (m: Pick<Ranked, 'seniority_tier' | 'party'>): string =>
  `${m.seniority_tier ?? 'unknown'}|${m.party?.trim().toUpperCase() || 'unknown'}`;

/** Mid-rank percentile (0-100, one decimal) of a score among the bucket's scores. */
export function percentileRank(score: number, bucket: readonly number[]): number {
  if (bucket.length === 0) return 50;
  const below = bucket.filter((s) => s < score).length;
  const tied = bucket.filter((s) => s === score).length;
  return Math.round(((below + tied / 2) / bucket.length) * 1000) / 10;
}

/** Percentile and tier of every member, each within their own bucket. */
export function rankWithinBuckets(members: readonly Ranked[]): Map<string, Percentile> {
  const buckets = new Map<string, number[]>();
  for (const m of members) {
    const key = bucketOf(m);
    const scores = buckets.get(key);
    if (scores) scores.push(m.score);
    else buckets.set(key, [m.score]);
  }
  const out = new Map<string, Percentile>();
  for (const m of members) {
    const percentile = percentileRank(m.score, buckets.get(bucketOf(m)) ?? [m.score]);
    out.set(m.id, { percentile, tier: effectivenessTier(percentile) });
  }
  return out;
}

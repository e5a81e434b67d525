/**
 * The tiers of the effectiveness score: the member's seniority (which bucket
 * the percentile is computed in) and the effectiveness tier read from that
 * percentile. Thresholds are the product's (docs/product-rules.md, "Scores").
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const SeniorityTier = lazySchema(() => z.enum(['junior', 'mid', 'senior']));
export type SeniorityTier = z.infer<ReturnType<typeof SeniorityTier>>;

export const EffectivenessTier = lazySchema(() => z.enum(['top', 'middle', 'bottom']));
export type EffectivenessTier = z.infer<ReturnType<typeof EffectivenessTier>>;

/** junior 1-2 congresses, mid 3-5, senior 6 or more; none known → null (the member's terms are not stored yet). */
export function seniorityTier(congressesServed: number): SeniorityTier | null {
  if (congressesServed <= 0) return null;
  if (congressesServed <= 2) return 'junior';
  return congressesServed <= 5 ? 'mid' : 'senior';
}

/** top from 75 up, middle from 25 to under 75, bottom under 25. */
export function effectivenessTier(percentile: number): EffectivenessTier {
  if (percentile >= 75) return 'top';
  return percentile >= 25 ? 'middle' : 'bottom';
}

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers,
 * revision 10): `RateLimit-Policy` declares the quota policy as a Structured
 * Fields item (`"login";q=10;w=60`) and `RateLimit` the caller's remaining
 * quota and the seconds until it grows back (`"login";r=7;t=42`). Sent on
 * every answer of a rate-limited route, the 429 included, so a client learns
 * its limit before it hits it.
 */
import type { RateLimitRule } from './rate-limits.ts';

export interface RateLimitState {
  name: string;
  rule: RateLimitRule;
  /** Hits counted in the window, this one included. */
  count: number;
  /** Seconds until the oldest counted hit leaves the window. */
  resetSeconds: number;
}

/** The two header fields for one policy's state. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const remaining = Math.max(0, state.rule.limit - state.count);
  return {
    'RateLimit-Policy': `"${state.name}";q=${state.rule.limit};w=${state.rule.windowSeconds}`,
    RateLimit: `"${state.name}";r=${remaining};t=${Math.max(0, Math.ceil(state.resetSeconds))}`,
  };
}

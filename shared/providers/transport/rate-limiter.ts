/**
 * A client-side sliding-window rate limit per provider, so a burst of work in
 * one container stays under the provider's documented quota (Congress.gov:
 * 5,000 requests per hour). Callers wait for a free slot.
 */
import { CONGRESS_GOV_HOURLY_LIMIT } from '#shared/platform/config.ts';

export interface RateLimit {
  requests: number;
  perMs: number;
}

export const CONGRESS_GOV_LIMIT: RateLimit = { requests: CONGRESS_GOV_HOURLY_LIMIT, perMs: 3_600_000 };

const windows = new Map<string, number[]>();

/** The delay before a request may go out under `limit`, having recorded it when the delay is 0. */
export function reserveSlot(provider: string, limit: RateLimit, now = Date.now()): number {
  const sent = (windows.get(provider) ?? []).filter((t) => t > now - limit.perMs);
  windows.set(provider, sent);
  if (sent.length < limit.requests) {
    sent.push(now);
    return 0;
  }
  return (sent[0] as number) + limit.perMs - now;
}

/** Waits until a request to `provider` is allowed, then records it. */
export async function takeRateSlot(provider: string, limit: RateLimit): Promise<void> {
  for (;;) {
    const wait = reserveSlot(provider, limit);
    if (wait <= 0) return;
    await new Promise((r) => setTimeout(r, Math.min(wait, 60_000)));
  }
}

/** Forgets every window (tests). */
export function resetRateLimits(): void {
  windows.clear();
}

/**
 * A provider's request budget shared by every Lambda, so the whole fleet
 * (poller, ingest workers, backfills, health probes in any number of
 * containers) stays under the provider's documented quota; Congress.gov
 * allows 5,000 requests per hour per key. The budget is a token bucket in
 * the table (RATE#provider#{name} / BUCKET, shared/adapters/db/token-bucket.repository.ts)
 * sized so that no window of `perMs` can see more than `requests`: a burst
 * of a tenth of the quota, refilled at the rest spread over the window
 * (Congress.gov: 500 at once, then 75 a minute; 500 + 4,500 = 5,000 in any
 * hour). Callers wait for a token; a wait past `maxWaitMs` fails the request
 * as a provider error, so the caller's retry or redelivery takes over.
 */
import { CONGRESS_GOV_HOURLY_LIMIT } from '#shared/platform/config.ts';
import { rateKeys } from '#shared/adapters/db/keys/rate.keys.ts';
import { takeBucketToken, type Bucket } from '#shared/adapters/db/token-bucket.repository.ts';
import { ProviderError } from './provider-error.ts';
import { entityTag } from '#shared/adapters/db/entities.ts';

export interface RateLimit {
  /** At most this many requests… */
  requests: number;
  /** …in any window of this many milliseconds, across every Lambda. */
  perMs: number;
}

export const CONGRESS_GOV_LIMIT: RateLimit = { requests: CONGRESS_GOV_HOURLY_LIMIT, perMs: 3_600_000 };

/** The share of the quota that may go out at once; the rest is refilled over the window. */
const BURST_SHARE = 0.1;
/** A lost race is retried after a short random pause, so contending Lambdas spread out. */
const RACE_PAUSE_MS = 25;
const DEFAULT_MAX_WAIT_MS = 60_000;

/** The token bucket that keeps `provider` under `limit` in every window: capacity + refill × window = requests. */
export function bucketFor(provider: string, limit: RateLimit): Bucket {
  const capacity = Math.max(1, Math.floor(limit.requests * BURST_SHARE));
  return { key: rateKeys.providerBucket(provider), ...entityTag('provider_bucket'), capacity, refillPerMs: (limit.requests - capacity) / limit.perMs };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until a request to `provider` is allowed under the fleet-wide `limit`, then spends it. */
export async function takeRateSlot(provider: string, limit: RateLimit, maxWaitMs = DEFAULT_MAX_WAIT_MS): Promise<void> {
  const bucket = bucketFor(provider, limit);
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const { taken, waitMs } = await takeBucketToken(bucket);
    if (taken) return;
    const pause = waitMs > 0 ? waitMs : Math.random() * RACE_PAUSE_MS;
    if (Date.now() + pause > deadline) {
      throw new ProviderError(
        provider,
        `request budget exhausted: no slot within ${maxWaitMs} ms (${limit.requests} requests per ${limit.perMs / 60_000} min)`,
      );
    }
    await sleep(pause);
  }
}

/**
 * The fleet-wide provider budget (Congress.gov: 5,000 requests per hour) in
 * DynamoDB Local: concurrent callers, standing in for Lambdas in separate
 * containers, share one token bucket, so no window of the limit ever sees
 * more requests than it allows; a wait past the deadline fails as a provider
 * error; and the transport takes a slot from the shared bucket per request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateKeys } from '#shared/adapters/db/keys/rate.keys.ts';
import { getText } from '#shared/adapters/providers/transport/http-transport.ts';
import { ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';
import { bucketFor, takeRateSlot, type RateLimit } from '#shared/adapters/providers/transport/rate-limiter.ts';
import { takeBucketToken } from '#shared/adapters/db/token-bucket.repository.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { providerServer, sendJson } from '../../../../../support/ingest-fixtures.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { entityTag } from '#shared/adapters/db/entities.ts';

useIntegrationStack();

const bucketItem = async (provider: string) => (await table.getItem({ Key: rateKeys.providerBucket(provider), ConsistentRead: true })).Item;

describe('the fleet-wide provider budget', () => {
  it('never lets concurrent callers exceed the limit in any window', async () => {
    // 20 requests per 2 s: a burst of 2, then one every ~111 ms.
    const limit: RateLimit = { requests: 20, perMs: 2000 };
    const granted: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < 4; i++) {
          await takeRateSlot('budget-test', limit);
          granted.push(Date.now());
        }
      }),
    );
    expect(granted).toHaveLength(32);
    granted.sort((a, b) => a - b);
    // Grants are timed after each take returns; a margin covers that latency.
    const window = limit.perMs - 200;
    for (const start of granted) {
      expect(granted.filter((t) => t >= start && t < start + window).length).toBeLessThanOrEqual(limit.requests);
    }
    // The first burst is the bucket's capacity, no more: 32 grants need at least (32 - 2) refills.
    const bucket = bucketFor('budget-test', limit);
    expect(bucket.capacity).toBe(2);
    expect((granted.at(-1) as number) - (granted[0] as number)).toBeGreaterThanOrEqual(((32 - bucket.capacity - 1) / bucket.refillPerMs) * 0.9);
    expect(await bucketItem('budget-test')).toMatchObject({ ...entityTag('provider_bucket'), seq: 32 });
  });

  it('hands out exactly the capacity at one instant, whatever the number of concurrent takers', async () => {
    const bucket = bucketFor('instant-test', { requests: 50, perMs: 3_600_000 });
    const now = Date.parse('2026-01-01T00:00:00Z');
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, async () => {
        for (;;) {
          const r = await takeBucketToken(bucket, now);
          if (r.taken || r.waitMs > 0) return r.taken;
        }
      }),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(5);
  });

  it('fails as a provider error when no slot comes within the deadline', async () => {
    const limit: RateLimit = { requests: 10, perMs: 3_600_000 };
    await takeRateSlot('deadline-test', limit, 100);
    const started = Date.now();
    await expect(takeRateSlot('deadline-test', limit, 100)).rejects.toBeInstanceOf(ProviderError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  describe('through the transport', () => {
    let server: Awaited<ReturnType<typeof providerServer>>;
    beforeAll(async () => {
      server = await providerServer({ '/ok': (_req, res) => sendJson(res, { ok: true }) });
    });
    afterAll(() => server.close());

    it('takes one slot of the shared bucket per request of a rate-limited provider', async () => {
      const limit: RateLimit = { requests: 1000, perMs: 3_600_000 };
      const started = Date.now();
      await Promise.all(Array.from({ length: 5 }, () => getText({ provider: 'transport-test', url: `${server.base}/ok`, rateLimit: limit })));
      const item = await bucketItem('transport-test');
      expect(item?.seq).toBe(5);
      // the bucket refills while the requests run, and a loaded machine runs them slowly: allow what the elapsed time refilled
      const refilled = ((Date.now() - started) * limit.requests) / limit.perMs;
      expect(Number(item?.tokens)).toBeLessThanOrEqual(bucketFor('transport-test', limit).capacity - 5 + refilled + 0.01);
    });
  });
});

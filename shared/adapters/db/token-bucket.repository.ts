/**
 * Token buckets shared by every Lambda (docs/data-model.md A8, A8a): one item
 * per bucket holding the tokens left, when they were counted and a write
 * sequence number. A take is a strongly consistent GetItem, then an
 * UpdateItem conditioned on that sequence number, so two Lambdas can never
 * spend the same token (timestamps alone can tie); the loser of a race is
 * told to try again at once.
 */
import { isConditionFailed } from './dynamo.ts';
import type { ItemKey } from './keys/key.ts';
import { cond, expressions } from './expressions.ts';
import * as table from './table-client.ts';
import { entityTag, type EntityName } from './entities.ts';

export interface TakeResult {
  taken: boolean;
  /** When not taken: milliseconds until one token is available (0: a lost race, try again now). */
  waitMs: number;
}

export interface Bucket {
  key: ItemKey;
  /** The item's `entity`, for humans and backfills. */
  entity: EntityName;
  /** Tokens a full bucket holds: the largest burst. */
  capacity: number;
  /** Tokens added per millisecond. */
  refillPerMs: number;
}

/** Tries to take one token from `bucket` (a new bucket starts full). */
export async function takeBucketToken(bucket: Bucket, now = Date.now()): Promise<TakeResult> {
  const out = await table.getItem({ Key: bucket.key, ConsistentRead: true });
  const lastTokens = out.Item ? Number(out.Item.tokens) : bucket.capacity;
  const lastAt = out.Item ? Number(out.Item.updated_at_ms) : now;
  const seq = out.Item ? Number(out.Item.seq ?? 0) : 0;
  const refilled = Math.min(bucket.capacity, lastTokens + Math.max(0, now - lastAt) * bucket.refillPerMs);
  if (refilled < 1) return { taken: false, waitMs: Math.ceil((1 - refilled) / bucket.refillPerMs) };
  try {
    await table.updateItem({
      Key: bucket.key,
      ...expressions({
        update: { set: { tokens: refilled - 1, updated_at_ms: Math.max(now, lastAt), seq: seq + 1, ...entityTag(bucket.entity) } },
        // The write lands only on the state read: the same seq (absent on buckets written before it), or still no bucket.
        condition: out.Item ? (seq === 0 ? cond.or(cond.eq('seq', seq), cond.absent('seq')) : cond.eq('seq', seq)) : cond.itemAbsent(),
      }),
    });
    return { taken: true, waitMs: 0 };
  } catch (err) {
    if (isConditionFailed(err)) return { taken: false, waitMs: 0 };
    throw err;
  }
}

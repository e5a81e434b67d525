/**
 * Token buckets shared by every Lambda (docs/data-model.md A8, A8a): one item
 * per bucket holding the tokens left, when they were counted and a write
 * sequence number. A take is a strongly consistent GetItem, then an
 * UpdateItem conditioned on that sequence number, so two Lambdas can never
 * spend the same token (timestamps alone can tie); the loser of a race is
 * told to try again at once.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { isConditionFailed } from './dynamo.ts';
import type { ItemKey } from './keys/key.ts';
import { tableName } from './table.ts';
import { cond, expressions } from './expressions.ts';

export interface TakeResult {
  taken: boolean;
  /** When not taken: milliseconds until one token is available (0: a lost race, try again now). */
  waitMs: number;
}

export interface Bucket {
  key: ItemKey;
  /** The item's `entity`, for humans and backfills. */
  entity: string;
  /** Tokens a full bucket holds: the largest burst. */
  capacity: number;
  /** Tokens added per millisecond. */
  refillPerMs: number;
}

/** Tries to take one token from `bucket` (a new bucket starts full). */
export async function takeBucketToken(bucket: Bucket, now = Date.now()): Promise<TakeResult> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: bucket.key, ConsistentRead: true }));
  const lastTokens = out.Item ? Number(out.Item.tokens) : bucket.capacity;
  const lastAt = out.Item ? Number(out.Item.updated_at_ms) : now;
  const seq = out.Item ? Number(out.Item.seq ?? 0) : 0;
  const refilled = Math.min(bucket.capacity, lastTokens + Math.max(0, now - lastAt) * bucket.refillPerMs);
  if (refilled < 1) return { taken: false, waitMs: Math.ceil((1 - refilled) / bucket.refillPerMs) };
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: bucket.key,
        ...expressions({
          update: { set: { tokens: refilled - 1, updated_at_ms: Math.max(now, lastAt), seq: seq + 1, entity: bucket.entity } },
          // The write lands only on the state read: the same seq (absent on buckets written before it), or still no bucket.
          condition: out.Item ? (seq === 0 ? cond.or(cond.eq('seq', seq), cond.absent('seq')) : cond.eq('seq', seq)) : cond.itemAbsent(),
        }),
      }),
    );
    return { taken: true, waitMs: 0 };
  } catch (err) {
    if (isConditionFailed(err)) return { taken: false, waitMs: 0 };
    throw err;
  }
}

/**
 * The LLM requests-per-minute token bucket shared by every Lambda
 * (docs/data-model.md A8): one item RATE#llm-rpm / BUCKET holding the tokens
 * left, when they were counted and a write sequence number. A take is an
 * optimistic conditional update on that sequence number, so two Lambdas can
 * never spend the same token (timestamps alone can tie).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { isConditionFailed } from './dynamo.ts';
import { rateKeys } from './keys/rate.keys.ts';
import { tableName } from './table.ts';

export interface TakeResult {
  taken: boolean;
  /** When not taken: milliseconds until one token is available. */
  waitMs: number;
}

/**
 * Tries to take one token from a bucket of `capacity` tokens refilled at
 * `perMinute` tokens a minute. A lost race answers "try again now" (waitMs 0).
 */
export async function takeLlmToken(capacity: number, perMinute: number, now = Date.now()): Promise<TakeResult> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: rateKeys.llmBucket, ConsistentRead: true }));
  const lastTokens = out.Item ? Number(out.Item.tokens) : capacity;
  const lastAt = out.Item ? Number(out.Item.updated_at_ms) : now;
  const seq = out.Item ? Number(out.Item.seq ?? 0) : 0;
  const refilled = Math.min(capacity, lastTokens + (Math.max(0, now - lastAt) * perMinute) / 60_000);
  if (refilled < 1) return { taken: false, waitMs: Math.ceil(((1 - refilled) * 60_000) / perMinute) };
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateKeys.llmBucket,
        UpdateExpression: 'SET tokens = :t, updated_at_ms = :now, seq = :next, entity = :e',
        ConditionExpression: out.Item ? (seq === 0 ? '(seq = :seq OR attribute_not_exists(seq))' : 'seq = :seq') : 'attribute_not_exists(pk)',
        ExpressionAttributeValues: {
          ':t': refilled - 1,
          ':now': Math.max(now, lastAt),
          ':next': seq + 1,
          ':e': 'llm_bucket',
          ...(out.Item ? { ':seq': seq } : {}),
        },
      }),
    );
    return { taken: true, waitMs: 0 };
  } catch (err) {
    if (isConditionFailed(err)) return { taken: false, waitMs: 0 };
    throw err;
  }
}

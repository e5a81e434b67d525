/**
 * Fixed-window rate-limit counters shared by every Lambda: one item per
 * (limit, subject, window), incremented atomically and expired by TTL.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/aws/clients.ts';
import { tableName, TTL_ATTRIBUTE } from './table.ts';

export interface RateDecision {
  allowed: boolean;
  count: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/** Counts one hit against `limit` per `windowSeconds` for a subject and says whether it is allowed. */
export async function hit(
  name: string,
  subject: string,
  limit: number,
  windowSeconds: number,
  now = Date.now(),
): Promise<RateDecision> {
  const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  const windowEnd = windowStart + windowSeconds;
  const out = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `RATE#${name}#${subject}`, sk: `WINDOW#${windowStart}` },
      UpdateExpression: 'ADD hits :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':one': 1, ':ttl': windowEnd + 60 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const count = Number(out.Attributes?.hits ?? 1);
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, windowEnd - Math.floor(now / 1000)) };
}

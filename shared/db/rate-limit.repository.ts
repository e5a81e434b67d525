/**
 * Sliding-log rate limits shared by every Lambda: one item per (limit,
 * subject) holding the times of the allowed hits still inside the window.
 * Unlike fixed windows, "10 per minute" then means any 60 seconds, so a burst
 * that straddles a window boundary is still caught. Writes use optimistic
 * concurrency on a version number, so concurrent Lambdas never lose a hit.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/aws/clients.ts';
import { isConditionFailed } from './dynamo.ts';
import { tableName, TTL_ATTRIBUTE } from './table.ts';

export interface RateDecision {
  allowed: boolean;
  /** Hits inside the window, this one included when allowed. */
  count: number;
  /** Seconds until the oldest hit leaves the window (when refused), else the window length. */
  retryAfterSeconds: number;
}

const MAX_ATTEMPTS = 6;

/** Counts one hit against `limit` per `windowSeconds` for a subject and says whether it is allowed. */
export async function hit(
  name: string,
  subject: string,
  limit: number,
  windowSeconds: number,
  now = Date.now(),
): Promise<RateDecision> {
  const key = { pk: `RATE#${name}#${subject}`, sk: 'LOG' };
  const windowMs = windowSeconds * 1000;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    const version = Number(current.Item?.version ?? 0);
    const recent = ((current.Item?.hits ?? []) as number[]).filter((t) => t > now - windowMs).sort((a, b) => a - b);
    if (recent.length >= limit) {
      const oldest = recent[recent.length - limit] ?? now;
      return { allowed: false, count: recent.length, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
    }
    const hits = [...recent, now];
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, entity: 'rate_limit', hits, version: version + 1, [TTL_ATTRIBUTE]: Math.ceil((now + windowMs) / 1000) + 60 },
          ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
          ExpressionAttributeValues: version === 0 ? undefined : { ':v': version },
        }),
      );
      return { allowed: true, count: hits.length, retryAfterSeconds: windowSeconds };
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
      // Another request wrote first: read again and re-decide.
    }
  }
  // Heavy contention on one subject is itself a burst: refuse rather than let it through.
  return { allowed: false, count: limit, retryAfterSeconds: 1 };
}

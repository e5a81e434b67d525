/**
 * The news search API's daily request quota, counted in one item per UTC day
 * (QUOTA#news-search / DAY#{YYYY-MM-DD}, TTL two days) that every Lambda
 * shares. Taking a request is one conditional UpdateItem (ADD used 1 while
 * used < limit), so concurrent callers can never overspend the day.
 */
import { conditional, isConditionFailed } from './dynamo.ts';
import { quotaKeys } from './keys/quota.keys.ts';
import { ttlIn, TTL_ATTRIBUTE } from './table.ts';
import { cond, expressions } from './expressions.ts';
import * as table from './table-client.ts';
import { entityTag } from './entities.ts';

const QUOTA_TTL_SECONDS = 2 * 24 * 3600;

/** Requests counted for the UTC day of `now` (0 when none). */
export async function newsQuotaUsed(now = new Date()): Promise<number> {
  const out = await table.getItem({ Key: quotaKeys.newsSearchDay(now), ...expressions({ projection: ['used'] }) });
  return Number(out.Item?.used ?? 0);
}

/** Counts one request if the day has one left; false (nothing counted) when the quota is spent. */
export async function takeNewsQuota(limit: number, now = new Date()): Promise<boolean> {
  return conditional(() =>
    table.updateItem({
      Key: quotaKeys.newsSearchDay(now),
      ...expressions({
        update: { add: { used: 1 }, set: { ...entityTag('news_quota'), [TTL_ATTRIBUTE]: ttlIn(QUOTA_TTL_SECONDS, now.getTime()) } },
        condition: cond.or(cond.absent('used'), cond.lt('used', limit)),
      }),
    }),
  );
}

/** Marks the day spent (the provider said its quota is exhausted, whatever our count says). */
export async function exhaustNewsQuota(limit: number, now = new Date()): Promise<void> {
  await table
    .updateItem({
      Key: quotaKeys.newsSearchDay(now),
      ...expressions({
        update: { set: { used: limit, ...entityTag('news_quota'), [TTL_ATTRIBUTE]: ttlIn(QUOTA_TTL_SECONDS, now.getTime()) } },
        condition: cond.or(cond.absent('used'), cond.lt('used', limit)),
      }),
    })
    .catch((err: unknown) => {
      if (!isConditionFailed(err)) throw err;
    });
}

/**
 * The requests of the counting and listing repositories built on
 * shared/adapters/db/expressions.ts (quota, rate limit, token bucket, stats, news
 * claims and listings, outbox, settings, trend days), with the document
 * client mocked (no emulator): keys, key conditions, updates and conditions
 * read back through their aliases. Their integration tests run the same
 * requests against DynamoDB Local.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { billKeys } from '#shared/adapters/db/keys/bill.keys.ts';
import { newsCacheKeys } from '#shared/adapters/db/keys/news-cache.keys.ts';
import { newsKeys } from '#shared/adapters/db/keys/news.keys.ts';
import { outboxKeys } from '#shared/adapters/db/keys/outbox.keys.ts';
import { quotaKeys } from '#shared/adapters/db/keys/quota.keys.ts';
import { rateKeys } from '#shared/adapters/db/keys/rate.keys.ts';
import { settingKeys } from '#shared/adapters/db/keys/settings.keys.ts';
import { statsKeys } from '#shared/adapters/db/keys/stats.keys.ts';
import { trendKeys } from '#shared/adapters/db/keys/trend.keys.ts';
import { clearCachedFeeds } from '#shared/adapters/db/news-rss-cache.repository.ts';
import { exhaustNewsQuota, takeNewsQuota } from '#shared/adapters/db/news-quota.repository.ts';
import { claimNewsFetch, latestGnewsCount, membersWithNewsReadSince } from '#shared/adapters/db/news.repository.ts';
import { listOutboxEntries } from '#shared/adapters/db/outbox.repository.ts';
import { scanBillIdsWithoutCategory } from '#shared/adapters/db/llm-backfill.repository.ts';
import { hit } from '#shared/adapters/db/rate-limit.repository.ts';
import { getAllSettings } from '#shared/adapters/db/settings.repository.ts';
import { incrementStats, statsIncrement } from '#shared/adapters/db/stats.repository.ts';
import { INDEX, TTL_ATTRIBUTE } from '#shared/adapters/db/table.ts';
import { takeBucketToken } from '#shared/adapters/db/token-bucket.repository.ts';
import { listTrendDays } from '#shared/adapters/db/trend-scores.repository.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { useMockedDocumentClient } from '#test/support/mocked-document-client.ts';
import { entityTag } from '#shared/adapters/db/entities.ts';

const { db, sent } = useMockedDocumentClient((db) => {
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(UpdateCommand).resolves({ Attributes: {} });
  db.on(PutCommand).resolves({});
  db.on(GetCommand).resolves({});
});

const NOW = new Date('2026-01-01T12:00:00.000Z');

describe('news search quota', () => {
  it('counts one request only while the day has one left', async () => {
    expect(await takeNewsQuota(100, NOW)).toBe(true);
    const u = sent(UpdateCommand);
    expect(u.Key).toEqual(quotaKeys.newsSearchDay(NOW));
    expect(expressionText(u.UpdateExpression, u)).toMatch(/^SET entity = "news_quota", ttl = \d+ ADD used 1$/);
    expect(expressionText(u.ConditionExpression, u)).toBe('(attribute_not_exists(used) OR used < 100)');
  });

  it('answers false, counting nothing, when the condition fails', async () => {
    db.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'spent', $metadata: {} }));
    expect(await takeNewsQuota(100, NOW)).toBe(false);
    await expect(exhaustNewsQuota(100, NOW)).resolves.toBeUndefined();
  });
});

describe('rate limit and token bucket', () => {
  it('adds the hit to the current slot, refreshes the TTL and prunes expired slots in one update', async () => {
    await hit('login', 'ip', 5, 60, NOW.getTime());
    const u = sent(UpdateCommand);
    expect(u.Key).toEqual(rateKeys.window('login', 'ip'));
    expect(u.ReturnValues).toBe('ALL_NEW');
    const text = expressionText(u.UpdateExpression, u);
    expect(text).toMatch(new RegExp(`^SET ${TTL_ATTRIBUTE} = \\d+ ADD s\\d+ 1 REMOVE s\\d+, s\\d+, s\\d+$`));
  });

  it('writes a new bucket only where none exists, and an existing one only at the sequence it read', async () => {
    const bucket = { key: rateKeys.llmBucket, ...entityTag('llm_bucket'), capacity: 10, refillPerMs: 1 };
    await takeBucketToken(bucket, 1000);
    let u = sent(UpdateCommand);
    expect(expressionText(u.ConditionExpression, u)).toBe('attribute_not_exists(pk)');
    expect(expressionText(u.UpdateExpression, u)).toBe('SET tokens = 9, updated_at_ms = 1000, seq = 1, entity = "llm_bucket"');

    db.reset();
    db.on(GetCommand).resolves({ Item: { tokens: 5, updated_at_ms: 1000, seq: 4 } });
    db.on(UpdateCommand).resolves({});
    await takeBucketToken(bucket, 1000);
    u = sent(UpdateCommand);
    expect(expressionText(u.ConditionExpression, u)).toBe('seq = 4');
    expect(expressionText(u.UpdateExpression, u)).toContain('seq = 5');
  });
});

describe('stats', () => {
  it('adds the non-zero deltas in one update, alone or in a transaction', async () => {
    await incrementStats({ total_bills: 2, documents_fetched: 0, briefs_full: -1 });
    const u = sent(UpdateCommand);
    expect(u.Key).toEqual(statsKeys.counters);
    expect(expressionText(u.UpdateExpression, u)).toBe('ADD total_bills 2, briefs_full -1');
    const { Update } = statsIncrement({ total_bills: 1 });
    expect(expressionText(Update.UpdateExpression, Update)).toBe('ADD total_bills 1');
  });
});

describe('news', () => {
  it('claims a fetch when unclaimed or when the earlier claim has run out', async () => {
    expect(await claimNewsFetch({ kind: 'bill', id: '119-hr-1' }, 3600, NOW)).toBe(true);
    const p = sent(PutCommand);
    expect(p.Item).toMatchObject(newsKeys.claim({ kind: 'bill', id: '119-hr-1' }));
    expect(expressionText(p.ConditionExpression, p)).toBe(`(attribute_not_exists(pk) OR until < ${Math.floor(NOW.getTime() / 1000)})`);
  });

  it('lists members read since a time on their index', async () => {
    await membersWithNewsReadSince(NOW, 20);
    const q = sent(QueryCommand);
    const { index, partition } = newsKeys.membersRead;
    expect(q.IndexName).toBe(INDEX[index].name);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${INDEX[index].pk} = "${partition}" AND ${INDEX[index].sk} >= "${NOW.toISOString()}"`);
  });

  it('reads a bill’s newest trend score by the trend prefix', async () => {
    expect(await latestGnewsCount('119-hr-1')).toBe(0);
    const q = sent(QueryCommand);
    expect(q.Limit).toBe(1);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${billKeys.partition('119-hr-1')}" AND begins_with(sk, "${trendKeys.prefix}")`);
  });

  it('clears the RSS cache by reading only the keys of its one partition', async () => {
    db.on(QueryCommand).resolves({ Items: [] });
    expect(await clearCachedFeeds()).toBe(0);
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${newsCacheKeys.partition}"`);
    expect(expressionText(q.ProjectionExpression, q)).toBe('pk, sk');
  });
});

describe('outbox, settings and trend days', () => {
  it('lists outbox entries created before a time on the sparse listing', async () => {
    await listOutboxEntries('2026-01-01T00:00:00.000Z', 10);
    const q = sent(QueryCommand);
    const { index, partition } = outboxKeys.pending;
    expect(q.IndexName).toBe(INDEX[index].name);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${INDEX[index].pk} = "${partition}" AND ${INDEX[index].sk} < "2026-01-01T00:00:00.000Z"`);
  });

  it('reads every setting from the settings partition, consistently', async () => {
    await getAllSettings();
    const q = sent(QueryCommand);
    expect(q.ConsistentRead).toBe(true);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${settingKeys.partition}"`);
  });

  it('lists a subject’s trend days newest first', async () => {
    await listTrendDays('member', 'P000197', 7);
    const q = sent(QueryCommand);
    expect(q.ScanIndexForward).toBe(false);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${trendKeys.partition('member', 'P000197')}" AND begins_with(sk, "${trendKeys.prefix}")`);
  });
});

describe('llm backfill', () => {
  it('scans for bills without a category, reading only their ids', async () => {
    db.on(ScanCommand).resolves({ Items: [{ id: '119-hr-1' }] });
    expect(await scanBillIdsWithoutCategory()).toEqual(['119-hr-1']);
    const s = sent(ScanCommand);
    expect(expressionText(s.FilterExpression, s)).toBe('(entity = "bill" AND (attribute_not_exists(bill_category) OR bill_category = null))');
    expect(expressionText(s.ProjectionExpression, s)).toBe('id');
  });
});

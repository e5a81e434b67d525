/**
 * The news RSS cache shared by every Lambda (the news fetcher and the trend
 * scorer read the same entries): one item per query in a single partition,
 * NEWSRSS / Q#{sha256(query)}, holding the parsed articles and when they
 * expire (2 hours: fresh enough for news, and the feed is read once per query
 * in that time). Expiry is checked on read because TTL deletion lags; the one
 * partition lets an admin clear the whole cache with a Query instead of a
 * Scan. The number of distinct queries is bounded by the bills and members
 * searched in two hours.
 */
import type { NewsArticle } from '#shared/domain/news/news-article.ts';
import { batchWrite, queryAll } from './dynamo.ts';
import { newsCacheKeys } from './keys/news-cache.keys.ts';
import { KEY, ttlIn } from './table.ts';
import { CachedFeed } from '#shared/domain/news/news-rss-cache.schema.ts';
import { query } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

/** News RSS cache lifetime: 2 hours (docs/product-rules.md). */
export const NEWS_RSS_CACHE_SECONDS = 2 * 3600;

/** The cached articles of a query, or null when absent or older than 2 hours. */
export async function getCachedFeed(query: string, now = Date.now()): Promise<NewsArticle[] | null> {
  const out = await table.getItem({ Key: newsCacheKeys.query(query) });
  const cached = CachedFeed().safeParse(out.Item);
  if (!cached.success || cached.data.query !== query || cached.data.expires_at <= now) return null;
  return cached.data.articles;
}

/** Caches a query's articles for 2 hours. */
export async function putCachedFeed(query: string, articles: NewsArticle[], now = Date.now()): Promise<void> {
  await table.putItem({
    Item: entityItem('news_rss_cache', newsCacheKeys.query(query), {
      query,
      articles,
      fetched_at: new Date(now).toISOString(),
      expires_at: now + NEWS_RSS_CACHE_SECONDS * 1000,
      ttl: ttlIn(NEWS_RSS_CACHE_SECONDS, now),
    }),
  });
}

/** Deletes every cached feed; resolves to how many were deleted. */
export async function clearCachedFeeds(): Promise<number> {
  const keys = await queryAll(query({ pk: newsCacheKeys.partition }, { projection: [KEY.pk, KEY.sk] }));
  await batchWrite(keys.map((k) => ({ delete: { [KEY.pk]: k[KEY.pk], [KEY.sk]: k[KEY.sk] } })));
  return keys.length;
}

/**
 * Stored news articles (data-model B13, M11): a bill's at BILL#{id} /
 * NEWS#{sha256(url)} and a member's at MEMBER#{id} / NEWS#{sha256(url)}, so
 * an article is unique per (owner, url) by its key, and a second store of
 * the same URL is a failed condition, not a read. Each carries gsi3
 * NEWS#{owner pk} / {published_at}#{hash} for the newest-first list. Also
 * the claims that keep reads from queueing a fetch on every view, and the
 * latest trend score of a bill (B14, written by the trend scorer).
 */
import type { NewsArticle } from '#shared/domain/news/news-article.ts';
import { conditional, indexPartition, queryPage, type Page } from './dynamo.ts';
import { billKeys } from './keys/bill.keys.ts';
import { newsKeys, type NewsOwner } from './keys/news.keys.ts';
import { trendKeys } from './keys/trend.keys.ts';
import { ttlIn } from './table.ts';
import { StoredArticle } from '#shared/domain/news/stored-article.schema.ts';
import { TrendSignal } from '#shared/domain/scores/trend-day.schema.ts';
import { cond, expressions, query } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

export type { NewsOwner } from './keys/news.keys.ts';

/** How long a member stays listed for news refresh after its news was last read. */
export const MEMBER_LISTING_SECONDS = 14 * 24 * 3600;

/** Longest description kept: articles sit in the bill's partition, which its detail read loads whole. */
const MAX_DESCRIPTION = 500;

/** Stores one article unless the owner already has its URL; true when it was new. */
export async function putArticle(owner: NewsOwner, article: NewsArticle, provider: StoredArticle['provider'], now = new Date()): Promise<boolean> {
  const description =
    article.description && article.description.length > MAX_DESCRIPTION ? `${article.description.slice(0, MAX_DESCRIPTION - 1)}…` : article.description;
  return conditional(() =>
    table.putItem({
      Item: entityItem('news_article', newsKeys.article(owner, article.url), {
        ...article,
        description,
        provider,
        stored_at: now.toISOString(), // Undated articles sort by when they were stored.
        ...newsKeys.byOwner.keys(owner, article.url, article.published_at ?? now.toISOString()),
      }),
      ...expressions({ condition: cond.itemAbsent() }),
    }),
  );
}

/** An owner's articles, newest first, a page at a time. */
export async function listArticles(owner: NewsOwner, limit: number, cursor?: string): Promise<Page<StoredArticle>> {
  const page = await queryPage({ ...indexPartition(newsKeys.byOwner.index, newsKeys.byOwner.partition(owner)), ScanIndexForward: false, Limit: limit }, cursor);
  return { items: page.items.map((i) => StoredArticle().parse(i)), next_cursor: page.next_cursor };
}

/**
 * Claims a background news fetch for an owner for `seconds`: true for the one
 * caller that gets it, false while an earlier claim holds. A member's claim
 * also lists it on gsi3 NEWS_MEMBERS / {claimed_at}#{id} (M11a), so the
 * scheduled fetch can refresh the members people read news of.
 */
export async function claimNewsFetch(owner: NewsOwner, seconds: number, now = new Date()): Promise<boolean> {
  const listing = owner.kind === 'member' ? { ...newsKeys.membersRead.keys(owner.id, now.toISOString()), member_id: owner.id } : {};
  return conditional(() =>
    table.putItem({
      Item: entityItem('news_claim', newsKeys.claim(owner), {
        claimed_at: now.toISOString(),
        until: Math.floor(now.getTime() / 1000) + seconds,
        ttl: ttlIn(Math.max(seconds, MEMBER_LISTING_SECONDS), now.getTime()),
        ...listing,
      }),
      ...expressions({ condition: cond.or(cond.itemAbsent(), cond.lt('until', Math.floor(now.getTime() / 1000))) }),
    }),
  );
}

/** Members whose news was read since `since` (newest first), for the scheduled refresh. */
export async function membersWithNewsReadSince(since: Date, limit: number): Promise<string[]> {
  const out = await table.query({
    ...query({ index: newsKeys.membersRead.index, pk: newsKeys.membersRead.partition, skFrom: since.toISOString() }),
    ScanIndexForward: false,
    Limit: limit,
  });
  return [...new Set((out.Items ?? []).map((i) => String(i.member_id)))];
}

/** The news-search article count of a bill's latest trend score (B14), or 0 when it has none. */
export async function latestGnewsCount(billId: string): Promise<number> {
  const out = await table.query({
    ...query({ pk: billKeys.partition(billId), skPrefix: trendKeys.prefix }),
    ScanIndexForward: false,
    Limit: 1,
  });
  const item = out.Items?.[0];
  if (!item) return 0;
  const parsed = TrendSignal().safeParse(item);
  return parsed.success && Number.isFinite(parsed.data.gnews_count) ? parsed.data.gnews_count : 0;
}

/**
 * The read use cases of the news routes: stored articles of a bill or a
 * member (a member's news read queues a refresh, at most every 6 hours), the
 * news search quota and the RSS cache flush of the admin routes.
 */
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { getMember } from '#shared/adapters/db/members.repository.ts';
import { listArticles } from '#shared/adapters/db/news.repository.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { clearNewsRssCache } from '#shared/adapters/providers/news-rss.client.ts';
import { isNewsSearchConfigured, newsSearchQuota } from '#shared/adapters/providers/news-search.client.ts';
import type { NewsArticle } from '#shared/domain/news/news-article.ts';
import { queueNewsFetch } from './news-fetch-rule.ts';

/** The public fields of a stored article (provider and stored_at stay internal). */
const view = ({ url, title, source, description, image_url, published_at }: NewsArticle): NewsArticle => ({
  url,
  title,
  source,
  description,
  image_url,
  published_at,
});

/** GET /api/bills/{id}/news: stored articles, newest first. */
export async function billNewsView(billId: string, paging: { limit: number; cursor?: string }) {
  const page = await listArticles({ kind: 'bill', id: billId }, paging.limit, paging.cursor);
  if (page.items.length === 0 && !paging.cursor && !(await getBill(billId))) throw new NotFoundError(`No bill ${billId}`, 'bill.not_found');
  return { items: page.items.map(view), next_cursor: page.next_cursor };
}

/** GET /api/members/{id}/news: stored articles, newest first; a read queues a refresh at most every 6 hours. */
export async function memberNewsView(memberId: string, paging: { limit: number; cursor?: string }, now = new Date()) {
  if (!(await getMember(memberId))) throw new NotFoundError(`No member ${memberId}`, 'member.not_found');
  const [page, queued] = await Promise.all([
    listArticles({ kind: 'member', id: memberId }, paging.limit, paging.cursor),
    queueNewsFetch({ kind: 'member', id: memberId }, { v: 1, type: 'fetch_member_news', member_id: memberId }, now),
  ]);
  return { items: page.items.map(view), next_cursor: page.next_cursor, news_fetch_queued: queued };
}

/** GET /api/admin/news-api-quota. */
export async function newsQuotaView(now = new Date()) {
  return { configured: isNewsSearchConfigured(), date: now.toISOString().slice(0, 10), ...(await newsSearchQuota(now)) };
}

/** POST /api/admin/clear-news-feed-cache. */
export async function clearNewsFeedCache() {
  return { cleared: await clearNewsRssCache() };
}

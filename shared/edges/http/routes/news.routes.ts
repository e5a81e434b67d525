/** Routes of the news function group (functions/api/news.ts implements them). */
import * as z from 'zod';
import { NewsArticle } from '#shared/domain/news/news-article.ts';
import { defineRoute, type RouteDef } from '#shared/edges/http/route.ts';
import { BillIdParams, MemberIdParams, listOf } from '#shared/edges/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';

const fn = 'news' as const;

export const listBillNews = defineRoute({
  operationId: 'listBillNews',
  description:
    "Stored news articles about a bill, newest first; fetched every 6 hours, and in the background when the bill's page is read and none are stored. Anonymous; 404 for an unknown bill.",
  method: 'GET',
  path: '/api/bills/{id}/news',
  fn,
  auth: 'none',
  cache: 'public',
  summary: "Stored news articles about the bill, newest first (fetched every 6 hours, and in the background when the bill's page is read and none are stored)",
  tags: ['news'],
  params: () => BillIdParams(),
  query: () => Paging(),
  response: () => listOf(NewsArticle()),
});

export const listMemberNews = defineRoute({
  operationId: 'listMemberNews',
  description:
    'News articles about a member, newest first; a read queues a refresh at most every 6 hours (news_fetch_queued). Anonymous; 404 for an unknown member.',
  method: 'GET',
  path: '/api/members/{id}/news',
  fn,
  auth: 'none',
  cache: 'public',
  summary: 'News articles about the member, newest first; a read queues a refresh at most every 6 hours (news_fetch_queued)',
  tags: ['news'],
  params: () => MemberIdParams(),
  query: () => Paging(),
  response: () => listOf(NewsArticle()).extend({ news_fetch_queued: z.boolean().describe('Whether this read queued a refresh of the news') }),
});

export const newsApiQuota = defineRoute({
  operationId: 'newsApiQuota',
  description: 'The news-search calls left for the UTC day out of the daily limit; low is true under 10. Admin only.',
  method: 'GET',
  path: '/api/admin/news-api-quota',
  fn,
  auth: 'admin',
  summary: 'Remaining news-search calls for the UTC day; low is true under 10',
  tags: ['admin'],
  response: () =>
    z.object({
      configured: z.boolean().describe('Whether the provider is configured (a key or URL is set)'),
      date: z.string().describe('The UTC day counted (YYYY-MM-DD)'),
      limit: z.number().int().describe('News-search calls allowed per UTC day'),
      used: z.number().int().describe('Calls made today'),
      remaining: z.number().int().describe('News-search calls left today'),
      low: z.boolean().describe('Whether fewer than 10 calls are left'),
    }),
});

export const clearNewsFeedCache = defineRoute({
  operationId: 'clearNewsFeedCache',
  description: 'Flushes the shared news RSS cache and answers how many cached queries were removed. Admin only.',
  method: 'POST',
  path: '/api/admin/clear-news-feed-cache',
  fn,
  auth: 'admin',
  summary: 'Flushes the shared news RSS cache; answers how many cached queries were removed',
  tags: ['admin'],
  response: () => z.object({ cleared: z.number().int().describe('How many cached queries were removed') }),
});

export const NEWS_ROUTES: RouteDef[] = [listBillNews, listMemberNews, newsApiQuota, clearNewsFeedCache];

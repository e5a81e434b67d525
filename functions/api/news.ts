/** News: stored articles of bills and members, the news search quota and the RSS cache flush. */
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import * as routes from '#shared/edges/http/routes/news.routes.ts';
import { billNewsView, clearNewsFeedCache, memberNewsView, newsQuotaView } from '#shared/use-cases/news/news-reads.ts';

export const handler = apiFunction('news', [
  implement(routes.listBillNews, async ({ params, query }) => billNewsView(params.id, query)),
  implement(routes.listMemberNews, async ({ params, query }) => memberNewsView(params.id, query)),
  implement(routes.newsApiQuota, async () => newsQuotaView()),
  implement(routes.clearNewsFeedCache, async () => clearNewsFeedCache()),
]);

/** News jobs: the scheduled news fetch. */
import { jobFunction } from '#shared/edges/jobs/job-function.ts';
import { runFetchNews } from '#shared/use-cases/news/fetch-news.ts';

export const handler = jobFunction('news', {
  fetch_news: async ({ now }) => runFetchNews(now),
});

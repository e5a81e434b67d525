/** News jobs: the scheduled news fetch. */
import { jobFunction } from '#shared/jobs/job-function.ts';
import { runFetchNews } from '#shared/news/fetch-news.ts';

export const handler = jobFunction('news', {
  fetch_news: async ({ now }) => runFetchNews(now),
});

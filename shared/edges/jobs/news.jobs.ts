/** Jobs of the news domain (see the job table in ./job-table.ts; docs/observability.md lists every schedule). */
import type { JobDef } from './job.ts';

export const NEWS_JOBS: JobDef[] = [
  {
    name: 'fetch_news',
    group: 'news',
    schedule: '15 */6 * * *',
    description:
      'Fetches news for requested and recently active bills (4 per news-search call, stopping when the quota is low; RSS cached 2 h) and for members whose news was read',
    timeoutSeconds: 900,
  },
];

/**
 * Job runs (docs/data-model.md A9): JOB#{name} / LATEST is the last run of a
 * job, JOB#{name} / RUN#{started_at}#{run_id} its history.
 */
import type { ItemKey } from './key.ts';

const PREFIX = 'JOB#';
const partition = (job: string) => `${PREFIX}${job}`;

export const jobKeys = {
  latest: (job: string): ItemKey => ({ pk: partition(job), sk: 'LATEST' }),
  run: (job: string, startedAt: string, runId: string): ItemKey => ({ pk: partition(job), sk: `RUN#${startedAt}#${runId}` }),
  /** The partition and sort-key prefix of a job's run history (a Query with begins_with). */
  history: (job: string) => ({ pk: partition(job), skPrefix: 'RUN#' }),
  /** True for the partition key of a job's items. */
  isJobPartition: (pk: string) => pk.startsWith(PREFIX),
} as const;

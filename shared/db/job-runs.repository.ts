/**
 * The record of job runs: JOB#{name}/LATEST holds the last run of each job
 * (for GET /api/admin/jobs) and JOB#{name}/RUN#{started_at}#{run_id} keeps
 * a 30-day history.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { batchGet } from './dynamo.ts';
import { jobKeys } from './keys/job.keys.ts';
import { tableName, ttlIn } from './table.ts';

export const JobRun = z.object({
  job: z.string(),
  run_id: z.string(),
  trigger: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof JobRun>;

const HISTORY_DAYS = 30;

/** Records a run's state both as the job's latest run and in its history. */
export async function recordJobRun(run: JobRun): Promise<void> {
  const base = { entity: 'job_run', ...run };
  await Promise.all([
    dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...jobKeys.latest(run.job), ...base } })),
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...jobKeys.run(run.job, run.started_at, run.run_id), ...base, ttl: ttlIn(HISTORY_DAYS * 86400) },
      }),
    ),
  ]);
}

/** The latest run of each named job (absent jobs have never run). */
export async function latestRuns(jobs: string[]): Promise<Map<string, JobRun>> {
  const items = await batchGet(jobs.map((j) => jobKeys.latest(j)));
  return new Map(items.map((i) => JobRun.parse(i)).map((r) => [r.job, r]));
}

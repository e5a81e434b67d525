/**
 * When a "running" run is taken to have been killed by its Lambda's timeout
 * (docs/observability.md, "Job runs"): a run whose started_at plus its
 * function's timeout plus a margin has passed without an outcome. Such runs
 * are marked timed_out when read by an admin and when the next run of the
 * same job starts.
 */
import { markRunTimedOut } from '#shared/adapters/db/job-runs.repository.ts';
import { type JobRun } from '#shared/domain/jobs/job-run.schema.ts';
import { JOBS, jobByName } from './job-table.ts';

/** Lambda's own ceiling on a function timeout. */
const LAMBDA_MAX_TIMEOUT_SECONDS = 900;

/** Slack for clock skew and for the final DynamoDB write of a run that ends right at its timeout. */
export const STALE_RUN_MARGIN_SECONDS = 60;

/**
 * The most a run of this job can last: the timeout of its group's function,
 * which is the longest timeout of the group's jobs (the CDK function catalog
 * sizes each job Lambda that way), so a short job is not declared dead while
 * its function may still legitimately be running it.
 */
export function runLifetimeSeconds(job: string): number | null {
  const def = jobByName(job);
  if (!def) return null;
  const group = JOBS.filter((j) => j.group === def.group).map((j) => j.timeoutSeconds);
  return Math.min(LAMBDA_MAX_TIMEOUT_SECONDS, Math.max(...group));
}

/**
 * How long a run's lease lasts: as long as a run of the job can be alive
 * (its lifetime plus the same margin as a stale run), so a live holder never
 * loses it and a dead one blocks the job no longer than that.
 */
export function leaseSeconds(job: string): number {
  return (runLifetimeSeconds(job) ?? LAMBDA_MAX_TIMEOUT_SECONDS) + STALE_RUN_MARGIN_SECONDS;
}

/** True when a run is still "running" past its lifetime plus the margin. */
export function isStale(run: JobRun, now: Date): boolean {
  if (run.status !== 'running') return false;
  const lifetime = runLifetimeSeconds(run.job);
  if (lifetime === null) return false;
  return Date.parse(run.started_at) + (lifetime + STALE_RUN_MARGIN_SECONDS) * 1000 < now.getTime();
}

/** The run as it should be shown: a stale "running" run is marked timed_out (conditionally) first. */
export async function settleIfStale(run: JobRun, now: Date): Promise<JobRun> {
  if (!isStale(run, now)) return run;
  const lifetime = runLifetimeSeconds(run.job) ?? 0;
  return markRunTimedOut(run, `no outcome recorded within ${lifetime + STALE_RUN_MARGIN_SECONDS} s of its start; the function most likely hit its timeout`);
}

/**
 * The record of job runs: JOB#{name}/LATEST holds the last run of each job
 * (for GET /api/admin/jobs) and JOB#{name}/RUN#{started_at}#{run_id} keeps
 * a 30-day history (GET /api/admin/jobs/{name}/runs).
 */
import { batchGet, isConditionFailed, queryPage, type Page } from './dynamo.ts';
import { jobKeys } from './keys/job.keys.ts';
import { ttlIn } from './table.ts';
import { JobRun } from '#shared/domain/jobs/job-run.schema.ts';
import { cond, expressions, query, type Condition } from './expressions.ts';
import * as table from './table-client.ts';
import { entityTag } from './entities.ts';

const HISTORY_DAYS = 30;

const fromItem = (item: Record<string, unknown>): JobRun => JobRun().parse(item);

/**
 * Records a run's state in its history and as the job's latest run. The
 * latest-run write is conditional: a run that finishes late (after a newer
 * run of the job started) updates its own history item but does not replace
 * the newer run in LATEST. With `latest: false` only the history is written:
 * a skipped run must not hide the run it yielded to, which is still going.
 */
export async function recordJobRun(run: JobRun, options: { latest?: boolean } = {}): Promise<void> {
  const base = { ...entityTag('job_run'), ...run };
  await Promise.all([
    options.latest === false
      ? Promise.resolve()
      : table
          .putItem({
            Item: { ...jobKeys.latest(run.job), ...base },
            ...expressions({ condition: cond.or(cond.itemAbsent(), cond.eq('run_id', run.run_id), cond.lte('started_at', run.started_at)) }),
          })
          .catch((err: unknown) => {
            if (!isConditionFailed(err)) throw err;
          }),
    table.putItem({
      Item: { ...jobKeys.run(run.job, run.started_at, run.run_id), ...base, ttl: ttlIn(HISTORY_DAYS * 86400) },
    }),
  ]);
}

/**
 * Marks a run that is still "running" as timed_out, in its history and (if
 * it is still the job's latest run) in LATEST. Both updates are conditional
 * on the status still being "running", so a run that recorded its outcome in
 * the meantime keeps it. Returns the run as it now stands.
 */
export async function markRunTimedOut(run: JobRun, reason: string): Promise<JobRun> {
  const timedOut: JobRun = { ...run, status: 'timed_out', error: reason };
  const update = (key: Record<string, unknown>, ...extraConditions: Condition[]) =>
    table
      .updateItem({
        Key: key,
        ...expressions({
          update: { set: { status: 'timed_out', error: reason } },
          condition: cond.and(cond.itemExists(), cond.eq('status', 'running'), ...extraConditions),
        }),
      })
      .then(
        () => true,
        (err: unknown) => {
          if (isConditionFailed(err)) return false;
          throw err;
        },
      );
  const [history] = await Promise.all([
    update(jobKeys.run(run.job, run.started_at, run.run_id)),
    update(jobKeys.latest(run.job), cond.eq('run_id', run.run_id)),
  ]);
  if (history) return timedOut;
  // The run recorded an outcome between our read and the update: answer what is stored.
  return (await getJobRunAt(run.job, run.started_at, run.run_id)) ?? run;
}

async function getJobRunAt(job: string, startedAt: string, runId: string): Promise<JobRun | null> {
  const [item] = await batchGet([jobKeys.run(job, startedAt, runId)]);
  return item ? fromItem(item) : null;
}

/** The latest run of each named job (absent jobs have never run). */
export async function latestRuns(jobs: string[]): Promise<Map<string, JobRun>> {
  const items = await batchGet(jobs.map((j) => jobKeys.latest(j)));
  return new Map(items.map(fromItem).map((r) => [r.job, r]));
}

/** A page of a job's run history, newest first. */
export async function listJobRuns(job: string, limit: number, cursor?: string): Promise<Page<JobRun>> {
  const page = await queryPage(
    {
      ...query(jobKeys.history(job)),
      ScanIndexForward: false,
      Limit: limit,
    },
    cursor,
  );
  return { items: page.items.map(fromItem), next_cursor: page.next_cursor };
}

/**
 * One run by id. The history is keyed by start time, so this reads the job's
 * partition (at most 30 days of runs, TTL-bounded) with a filter on run_id,
 * checking LATEST first since the run asked about is usually the last one.
 */
export async function getJobRun(job: string, runId: string): Promise<JobRun | null> {
  const latest = (await latestRuns([job])).get(job);
  if (latest?.run_id === runId) return (await getJobRunAt(job, latest.started_at, runId)) ?? latest;
  let cursor: string | undefined;
  do {
    const page = await queryPage(
      {
        ...query(jobKeys.history(job), { filter: cond.eq('run_id', runId) }),
        ScanIndexForward: false,
      },
      cursor,
    );
    const [found] = page.items;
    if (found) return fromItem(found);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return null;
}

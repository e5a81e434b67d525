/**
 * Builds the Lambda handler of one job group. It accepts the scheduler's
 * input or the admin bus event (whose detail is the same JobInvocation),
 * runs the named job, and records the run with its summary or error.
 * A run first takes its job's lease (docs/observability.md, "Run leases"): an
 * overlapping run of the same job (a schedule firing while an admin run is
 * going, a retried event) finds it held, records itself as skipped and
 * does nothing. The lease lasts the job's lifetime, so a holder that died
 * stops blocking once it could no longer be running.
 */
import { randomUUID } from 'node:crypto';
import '#shared/platform/cold-start.ts';
import { acquireJobLease, releaseJobLease } from '#shared/adapters/db/job-leases.repository.ts';
import { latestRuns, recordJobRun } from '#shared/adapters/db/job-runs.repository.ts';
import { type JobRun } from '#shared/domain/jobs/job-run.schema.ts';
import type { Context } from 'aws-lambda';
import { withCorrelationId } from '#shared/platform/correlation.ts';
import { traced } from '#shared/platform/tracer.ts';
import { logger } from '#shared/platform/logger.ts';
import { recordJobRun as emitJobMetric } from '#shared/platform/metrics.ts';
import { JobInvocation, type JobFunctionGroup, type JobHandler } from './job.ts';
import { JOBS } from './job-table.ts';
import { leaseSeconds, settleIfStale } from './stale-runs.ts';
import { errorText } from '#shared/errors/error-text.ts';

/** A bus event wraps the invocation in `detail`; the scheduler sends it bare. */
function invocationOf(event: unknown): JobInvocation {
  const candidate = event && typeof event === 'object' && 'detail' in event ? (event as { detail: unknown }).detail : event;
  return JobInvocation().parse(candidate);
}

/** Runs one invocation against a group's implementations, recording the run. */
export async function runJob(implementations: Record<string, JobHandler>, invocation: JobInvocation, now = new Date()): Promise<JobRun> {
  const handler = implementations[invocation.job];
  if (!handler) throw new Error(`Unknown job "${invocation.job}" for this function`);
  const run: JobRun = {
    job: invocation.job,
    run_id: invocation.run_id ?? randomUUID(),
    trigger: invocation.trigger,
    status: 'running',
    started_at: now.toISOString(),
    finished_at: null,
    duration_ms: null,
    result: null,
    error: null,
  };
  const lease = await acquireJobLease(run.job, run.run_id, now, leaseSeconds(run.job));
  if (!lease.acquired) {
    const holder = lease.holder ? `run ${lease.holder.run_id} (started ${lease.holder.acquired_at}, lease until ${lease.holder.expires_at})` : 'another run';
    const skipped: JobRun = {
      ...run,
      status: 'skipped',
      finished_at: now.toISOString(),
      duration_ms: 0,
      error: `${holder} of this job is in progress; this run did nothing`,
    };
    await recordJobRun(skipped, { latest: false });
    logger.info('job skipped: its lease is held', { job: run.job, runId: run.run_id, holder: lease.holder?.run_id ?? null });
    return skipped;
  }
  // The previous run of this job, if its function was killed by its timeout, never recorded an outcome: settle it before this run replaces it as the latest.
  const previous = (await latestRuns([run.job])).get(run.job);
  if (previous && previous.run_id !== run.run_id) await settleIfStale(previous, now);
  await recordJobRun(run);
  const started = Date.now();
  try {
    return await runHolding(handler, run, invocation, now, started);
  } finally {
    // A failed release only leaves the lease to expire; the run's outcome is already recorded.
    await releaseJobLease(run.job, run.run_id).catch((err: unknown) => logger.warn('job lease not released', { job: run.job, error: String(err) }));
  }
}

async function runHolding(handler: JobHandler, run: JobRun, invocation: JobInvocation, now: Date, started: number): Promise<JobRun> {
  try {
    const result = await handler({ runId: run.run_id, trigger: invocation.trigger, now, input: invocation.input ?? {} });
    const done: JobRun = { ...run, status: 'succeeded', finished_at: new Date().toISOString(), duration_ms: Date.now() - started, result };
    await recordJobRun(done);
    emitJobMetric(run.job, true, done.duration_ms ?? 0);
    logger.info('job succeeded', { job: run.job, runId: run.run_id, result });
    return done;
  } catch (err) {
    const message = errorText(err);
    await recordJobRun({ ...run, status: 'failed', finished_at: new Date().toISOString(), duration_ms: Date.now() - started, error: message });
    emitJobMetric(run.job, false, Date.now() - started);
    logger.error('job failed', { job: run.job, runId: run.run_id, error: message });
    throw err;
  }
}

/**
 * The handler of a job group; every job of the group in the job table must be
 * implemented, and nothing else may be, or the function fails at cold start.
 */
export function jobFunction(group: JobFunctionGroup, implementations: Record<string, JobHandler>) {
  const expected = JOBS.filter((j) => j.group === group).map((j) => j.name);
  const missing = expected.filter((n) => !implementations[n]);
  const extra = Object.keys(implementations).filter((n) => !expected.includes(n));
  if (missing.length || extra.length) {
    throw new Error(`Job group ${group}: missing [${missing.join(', ')}], not in the job table [${extra.join(', ')}]`);
  }
  return async (event: unknown, context?: Context): Promise<JobRun> => {
    const invocation = invocationOf(event);
    // The run id is the correlation id of everything the run logs and queues; fixed here so the run record and the logs agree.
    const runId = invocation.run_id ?? randomUUID();
    return logger.withContext(context, () =>
      withCorrelationId(runId, () => traced(`job-${group}`, { job: invocation.job }, () => runJob(implementations, { ...invocation, run_id: runId }))),
    );
  };
}

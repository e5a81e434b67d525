/**
 * Admin use cases over jobs: the job table joined with each job's last run,
 * a job's run history and one run, and asking for a run by name. Reads mark
 * stale "running" runs timed_out (shared/edges/jobs/stale-runs.ts).
 */
import { getJobRun, latestRuns, listJobRuns } from '#shared/adapters/db/job-runs.repository.ts';
import { type JobRun } from '#shared/domain/jobs/job-run.schema.ts';
import type { Page } from '#shared/adapters/db/dynamo.ts';
import type { Paging } from '#shared/domain/paging.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { JOBS, jobByName } from './job-table.ts';
import { settleIfStale } from './stale-runs.ts';
import { requestJobRun } from './trigger.ts';

export async function listJobsWithRuns(now = new Date()) {
  const stored = await latestRuns(JOBS.map((j) => j.name));
  const runs = new Map<string, JobRun>();
  await Promise.all([...stored].map(async ([name, run]) => runs.set(name, await settleIfStale(run, now))));
  return {
    items: JOBS.map((j) => {
      const run = runs.get(j.name);
      return {
        name: j.name,
        group: j.group,
        description: j.description,
        schedule: j.schedule ?? null,
        admin_path: j.adminPath ?? null,
        last_run: run
          ? {
              run_id: run.run_id,
              trigger: run.trigger,
              status: run.status,
              started_at: run.started_at,
              finished_at: run.finished_at,
              duration_ms: run.duration_ms,
            }
          : null,
        last_result: run?.result ?? (run?.error ? { error: run.error } : null),
      };
    }),
  };
}

function requireJob(name: string): void {
  if (!jobByName(name)) throw new NotFoundError(`No job named ${name}`, 'job.not_found');
}

/** A page of a job's runs, newest first (404 for a name the job table does not have). */
export async function jobRunHistory(name: string, paging: Paging, now = new Date()): Promise<Page<JobRun>> {
  requireJob(name);
  const page = await listJobRuns(name, paging.limit, paging.cursor);
  return { items: await Promise.all(page.items.map((r) => settleIfStale(r, now))), next_cursor: page.next_cursor };
}

/** One run of a job (404 for an unknown job or run). */
export async function jobRun(name: string, runId: string, now = new Date()): Promise<JobRun> {
  requireJob(name);
  const run = await getJobRun(name, runId);
  if (!run) throw new NotFoundError(`No run ${runId} of job ${name}`, 'job_run.not_found');
  return settleIfStale(run, now);
}

/** Starts a job by name (404 for a name the job table does not have). */
export async function startJob(name: string, requestedBy: string) {
  requireJob(name);
  return requestJobRun(name, requestedBy);
}

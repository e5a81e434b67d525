/**
 * Admin use cases over jobs: the job table joined with each job's last run,
 * and asking for a run by name.
 */
import { latestRuns } from '#shared/db/job-runs.repository.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { JOBS, jobByName } from './job-table.ts';
import { requestJobRun } from './trigger.ts';

export async function listJobsWithRuns() {
  const runs = await latestRuns(JOBS.map((j) => j.name));
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

/** Starts a job by name (404 for a name the job table does not have). */
export async function startJob(name: string, requestedBy: string) {
  if (!jobByName(name)) throw new NotFoundError(`No job named ${name}`, 'job.not_found');
  return requestJobRun(name, requestedBy);
}

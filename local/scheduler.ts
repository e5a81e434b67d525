/**
 * The local EventBridge Scheduler: croner fires every row of the job table
 * that has a schedule (five-field cron, UTC) and invokes the job group's
 * handler (functions/jobs/<group>.ts) with {job, trigger: 'local'}. A failing
 * job is logged and the next tick still fires; nothing here can stop the stack.
 */
import { Cron } from 'croner';
import type { JobDef } from '#shared/edges/jobs/job.ts';
import { runJobLocally } from './job-invoker.ts';

export interface ScheduledJob {
  name: string;
  schedule: string;
  next: Date | null;
}

/** The next run of every scheduled job after `from`, without starting anything. */
export function nextRuns(jobs: readonly JobDef[], from = new Date()): ScheduledJob[] {
  return jobs
    .filter((j): j is JobDef & { schedule: string } => Boolean(j.schedule))
    .map((j) => {
      const cron = new Cron(j.schedule, { timezone: 'UTC', paused: true });
      const next = cron.nextRun(from);
      cron.stop();
      return { name: j.name, schedule: j.schedule, next };
    });
}

export interface LocalScheduler {
  jobs: ScheduledJob[];
  stop(): void;
}

/** Starts one cron per scheduled job; overlapping runs of one job are skipped (protect). */
export function startScheduler(jobs: readonly JobDef[], log: (line: string) => void): LocalScheduler {
  const crons: Cron[] = [];
  for (const job of jobs) {
    if (!job.schedule) continue;
    crons.push(
      new Cron(job.schedule, { timezone: 'UTC', protect: true, name: `job:${job.name}` }, async () => {
        await runJobLocally(job, { job: job.name, trigger: 'local' }, log);
      }),
    );
  }
  return {
    jobs: nextRuns(jobs),
    stop: () => crons.forEach((c) => c.stop()),
  };
}

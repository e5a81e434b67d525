// The local scheduler: next runs computed from the job table in UTC, and a due job run through its group's handler.
import { afterEach, describe, expect, it } from 'vitest';
import { latestRuns } from '#shared/adapters/db/job-runs.repository.ts';
import type { JobDef } from '#shared/edges/jobs/job.ts';
import { JOBS } from '#shared/edges/jobs/job-table.ts';
import { nextRuns, startScheduler, type LocalScheduler } from '#local/scheduler.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const job = (name: string, schedule?: string): JobDef => ({ name, group: 'system', schedule, description: name, timeoutSeconds: 60 });
let running: LocalScheduler | undefined;
afterEach(() => running?.stop());

describe('local scheduler', () => {
  it('computes the next run of every scheduled row of the job table, and skips unscheduled ones', () => {
    const now = new Date();
    const runs = nextRuns(JOBS, now);
    expect(runs.map((r) => r.name)).toEqual(JOBS.filter((j) => j.schedule).map((j) => j.name));
    for (const run of runs) expect(run.next && run.next.getTime() > now.getTime()).toBe(true);
  });

  it('reads five-field crons in UTC', () => {
    const from = new Date('2026-03-08T05:59:30Z');
    const runs = nextRuns([job('every_quarter_hour', '*/15 * * * *'), job('daily_six', '0 6 * * *'), job('mondays', '30 7 * * 1'), job('admin_only')], from);
    expect(runs.map((r) => [r.name, r.next?.toISOString()])).toEqual([
      ['every_quarter_hour', '2026-03-08T06:00:00.000Z'],
      ['daily_six', '2026-03-08T06:00:00.000Z'],
      ['mondays', '2026-03-09T07:30:00.000Z'],
    ]);
  });

  it('invokes the job group handler when a schedule fires, with trigger local', async () => {
    const logs: string[] = [];
    // croner also reads a six-field cron with seconds, which keeps this test short.
    running = startScheduler([job('run_migrations', '* * * * * *')], (l) => logs.push(l));
    const deadline = Date.now() + 10_000;
    let run;
    while (!(run = (await latestRuns(['run_migrations'])).get('run_migrations')) || run.status === 'running') {
      if (Date.now() > deadline) throw new Error(`no run recorded; logs: ${logs.join(' | ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(run).toMatchObject({ trigger: 'local', status: 'succeeded' });
  });
});

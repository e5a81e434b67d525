import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as admin } from '#functions/api/admin.ts';
import { handler as systemJobs } from '#functions/jobs/system.ts';
import { RUN_JOB_EVENT } from '#shared/edges/jobs/job.ts';
import { recordJobRun, markRunTimedOut } from '#shared/adapters/db/job-runs.repository.ts';
import { type JobRun } from '#shared/domain/jobs/job-run.schema.ts';
import { jobFunction, runJob } from '#shared/edges/jobs/job-function.ts';
import { currentCorrelationId } from '#shared/platform/correlation.ts';
import { runLifetimeSeconds, STALE_RUN_MARGIN_SECONDS } from '#shared/edges/jobs/stale-runs.ts';
import { JOBS } from '#shared/edges/jobs/job-table.ts';
import { runPendingMigrations } from '#shared/use-cases/migrations/runner.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

const bus = mockClient(EventBridgeClient);
afterEach(() => bus.reset());
// The stub is on the client class, in a process the tier's files share (vitest.config.ts): put the real send back.
afterAll(() => bus.restore());

let token: string;
beforeAll(async () => {
  ({ token } = await newAccount('ops@example.org'));
});

describe('jobs', () => {
  it('puts a RunJob event on the bus and answers 202 with the run id', async () => {
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });
    const res = await call(admin, 'POST', '/api/admin/jobs/run_migrations', { token });
    expect(res.status).toBe(202);
    const { job, run_id } = res.body as { job: string; run_id: string };
    expect(job).toBe('run_migrations');
    const entry = bus.commandCalls(PutEventsCommand)[0]?.args[0].input.Entries?.[0];
    expect(entry).toMatchObject({ Source: RUN_JOB_EVENT.source, DetailType: RUN_JOB_EVENT.detailType });
    expect(JSON.parse(entry?.Detail ?? '{}')).toMatchObject({ job: 'run_migrations', run_id, trigger: 'admin' });
  });

  it('answers 404 for an unknown job and 503 when the bus refuses the event', async () => {
    expect((await call(admin, 'POST', '/api/admin/jobs/no_such_job', { token })).status).toBe(404);
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'down' }] });
    const refused = await call(admin, 'POST', '/api/admin/jobs/run_migrations', { token });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'job.bus_refused' });
  });

  it('runs a job from the bus event and shows its last run and result in the job list', async () => {
    const run = await systemJobs({
      'detail-type': RUN_JOB_EVENT.detailType,
      source: RUN_JOB_EVENT.source,
      detail: { job: 'run_migrations', run_id: 'r-1', trigger: 'admin' },
    });
    expect(run.status).toBe('succeeded');
    const list = await call(admin, 'GET', '/api/admin/jobs', { token });
    const items = (list.body as { items: { name: string; last_run: { run_id: string; status: string } | null; schedule: string | null }[] }).items;
    expect(items.map((i) => i.name)).toEqual(JOBS.map((j) => j.name));
    expect(items.find((i) => i.name === 'run_migrations')?.last_run).toMatchObject({ run_id: 'r-1', status: 'succeeded' });
  });
});

const runningRun = (job: string, runId: string, startedAt: Date): JobRun => ({
  job,
  run_id: runId,
  trigger: 'schedule',
  status: 'running',
  started_at: startedAt.toISOString(),
  finished_at: null,
  duration_ms: null,
  result: null,
  error: null,
});

/** Long enough ago that a run of `job` still "running" is stale. */
const staleStart = (job: string) => new Date(Date.now() - ((runLifetimeSeconds(job) ?? 0) + STALE_RUN_MARGIN_SECONDS + 5) * 1000);

describe('job run correlation', () => {
  it('runs a job under its run id as the correlation id, and leaves none behind', async () => {
    let during: string | undefined;
    const fn = jobFunction('system', {
      run_migrations: async () => {
        during = currentCorrelationId();
        return {};
      },
      // The group's other job, which this test does not run.
      export_bulk: async () => ({}),
    });
    const run = await fn({ job: 'run_migrations', trigger: 'admin' });
    expect(during).toBe(run.run_id);
    expect(currentCorrelationId()).toBeUndefined();
  });
});

describe('job run history', () => {
  it("lists a job's runs newest first, paged, and reads one run by id", async () => {
    const job = 'sync_members';
    for (let i = 0; i < 3; i++) {
      await runJob({ [job]: async () => ({ n: i }) }, { job, run_id: `h-${i}`, trigger: 'admin' }, new Date(Date.UTC(2026, 0, 1, 0, i)));
    }
    const first = await call(admin, 'GET', `/api/admin/jobs/${job}/runs`, { token, query: { limit: '2' } });
    expect(first.status).toBe(200);
    const page1 = first.body as { items: JobRun[]; next_cursor: string | null };
    expect(page1.items.map((r) => r.run_id)).toEqual(['h-2', 'h-1']);
    expect(page1.items[0]).toMatchObject({ status: 'succeeded', result: { n: 2 }, trigger: 'admin' });
    expect(page1.next_cursor).not.toBeNull();
    const second = await call(admin, 'GET', `/api/admin/jobs/${job}/runs`, {
      token,
      query: { limit: '2', cursor: page1.next_cursor ?? '' },
    });
    expect((second.body as { items: JobRun[] }).items.map((r) => r.run_id)).toEqual(['h-0']);

    const one = await call(admin, 'GET', `/api/admin/jobs/${job}/runs/h-0`, { token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ job, run_id: 'h-0', status: 'succeeded', result: { n: 0 } });
    const latest = await call(admin, 'GET', `/api/admin/jobs/${job}/runs/h-2`, { token });
    expect(latest.body).toMatchObject({ run_id: 'h-2', status: 'succeeded' });
  });

  it('answers 404 for an unknown job or run', async () => {
    expect((await call(admin, 'GET', '/api/admin/jobs/no_such_job/runs', { token })).status).toBe(404);
    expect((await call(admin, 'GET', '/api/admin/jobs/no_such_job/runs/x', { token })).status).toBe(404);
    const missing = await call(admin, 'GET', '/api/admin/jobs/sync_members/runs/never-ran', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'job_run.not_found' });
  });

  it('shows a run still "running" past its function timeout as timed_out, and stores that', async () => {
    const job = 'backfill_sponsors';
    await recordJobRun(runningRun(job, 'killed', staleStart(job)));
    await recordJobRun(runningRun(job, 'fresh-other', new Date(Date.now() - 1000)));
    const history = await call(admin, 'GET', `/api/admin/jobs/${job}/runs`, { token });
    const items = (history.body as { items: JobRun[] }).items;
    expect(items.map((r) => [r.run_id, r.status])).toEqual([
      ['fresh-other', 'running'],
      ['killed', 'timed_out'],
    ]);
    expect(items[1]?.error).toMatch(/timeout/);
    // Stored, not only shown: reading the run again finds it timed_out.
    expect((await call(admin, 'GET', `/api/admin/jobs/${job}/runs/killed`, { token })).body).toMatchObject({ status: 'timed_out' });
  });

  it('marks the last run timed_out in the job list and when the next run of the job starts', async () => {
    const job = 'backfill_all_actions';
    await recordJobRun(runningRun(job, 'dead', staleStart(job)));
    const list = await call(admin, 'GET', '/api/admin/jobs', { token });
    const view = (list.body as { items: { name: string; last_run: { status: string } | null }[] }).items.find((j) => j.name === job);
    expect(view?.last_run?.status).toBe('timed_out');

    const other = 'poll_bills';
    await recordJobRun(runningRun(other, 'dead-too', staleStart(other)));
    await runJob({ [other]: async () => ({}) }, { job: other, run_id: 'next', trigger: 'admin' });
    const dead = await call(admin, 'GET', `/api/admin/jobs/${other}/runs/dead-too`, { token });
    expect(dead.body).toMatchObject({ status: 'timed_out' });
  });

  it('never marks a run that recorded its outcome, and a late outcome does not replace a newer latest run', async () => {
    const job = 'fetch_actions_for_active_bills';
    const old = runningRun(job, 'late', staleStart(job));
    await recordJobRun(old);
    // The run finished between an admin's read and the timed_out update: the update must not land.
    await recordJobRun({ ...old, status: 'succeeded', finished_at: new Date().toISOString(), duration_ms: 5, result: { ok: true } });
    expect(await markRunTimedOut(old, 'stale')).toMatchObject({ status: 'succeeded' });

    await runJob({ [job]: async () => ({ newer: true }) }, { job, run_id: 'newer', trigger: 'admin' });
    // The older run records its (late) outcome again: its history changes, the latest run stays the newer one.
    await recordJobRun({ ...old, status: 'failed', finished_at: new Date().toISOString(), duration_ms: 9, error: 'late' });
    const list = await call(admin, 'GET', '/api/admin/jobs', { token });
    const view = (list.body as { items: { name: string; last_run: { run_id: string } | null }[] }).items.find((j) => j.name === job);
    expect(view?.last_run?.run_id).toBe('newer');
    expect((await call(admin, 'GET', `/api/admin/jobs/${job}/runs/late`, { token })).body).toMatchObject({ status: 'failed' });
  });
});

describe('migrations', () => {
  it('applies each migration once, in order, and records failures for a retry', async () => {
    const order: string[] = [];
    let failOnce = true;
    const migrations = [
      { id: '9002', description: 'second', up: async () => (order.push('9002'), {}) },
      {
        id: '9001',
        description: 'first, fails once',
        up: async () => {
          order.push('9001');
          if (failOnce) {
            failOnce = false;
            throw new Error('transient');
          }
          return { touched: 1 };
        },
      },
    ];
    await expect(runPendingMigrations(migrations)).rejects.toThrow('transient');
    expect(await runPendingMigrations(migrations)).toMatchObject({ applied: ['9001', '9002'] });
    expect(await runPendingMigrations(migrations)).toMatchObject({ applied: [] });
    expect(order).toEqual(['9001', '9001', '9002']);
  });
});

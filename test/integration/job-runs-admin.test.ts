import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as auth } from '#functions/api/auth.ts';
import { handler as admin } from '#functions/api/admin.ts';
import { handler as systemJobs } from '#functions/jobs/system.ts';
import { RUN_JOB_EVENT } from '#shared/jobs/job.ts';
import { JOBS } from '#shared/jobs/job-table.ts';
import { runPendingMigrations } from '#shared/migrations/runner.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const bus = mockClient(EventBridgeClient);
afterEach(() => bus.reset());

let token: string;
beforeAll(async () => {
  await call(auth, 'POST', '/api/auth/register', { body: { email: 'ops@example.org', password: 'long enough pw' } });
  const login = await call(auth, 'POST', '/api/auth/login', { body: { email: 'ops@example.org', password: 'long enough pw' } });
  token = (login.body as { access_token: string }).access_token;
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

// Run leases: overlapping runs of one job never both act; a skipped run is recorded with its reason; a dead holder's lease expires.
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as admin } from '#functions/api/admin.ts';
import { handler as systemJobs } from '#functions/jobs/system.ts';
import { acquireJobLease, getJobLease, releaseJobLease } from '#shared/adapters/db/job-leases.repository.ts';
import type { JobRun } from '#shared/domain/jobs/job-run.schema.ts';
import { RUN_JOB_EVENT } from '#shared/edges/jobs/job.ts';
import { runJob } from '#shared/edges/jobs/job-function.ts';
import { leaseSeconds } from '#shared/edges/jobs/stale-runs.ts';
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
  ({ token } = await newAccount('lease@example.org'));
});

/** A job body that waits until released, counting how many runs entered it. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const state = { entered: 0 };
  const body = async () => {
    state.entered += 1;
    await opened;
    return { acted: true };
  };
  return { state, body, open: () => open() };
}

describe('job run leases', () => {
  it('lets one of two overlapping runs act; the other is recorded as skipped, naming the run it yielded to', async () => {
    const job = 'release_held_notifications';
    const g = gate();
    const first = runJob({ [job]: g.body }, { job, run_id: 'lease-a', trigger: 'schedule' });
    // The first run holds the lease once its body is entered.
    await expect.poll(() => g.state.entered).toBe(1);
    const second = await runJob({ [job]: g.body }, { job, run_id: 'lease-b', trigger: 'admin' });
    expect(second).toMatchObject({ status: 'skipped', run_id: 'lease-b' });
    expect(second.error).toContain('run lease-a');
    g.open();
    expect(await first).toMatchObject({ status: 'succeeded', result: { acted: true } });
    expect(g.state.entered).toBe(1);

    // The skipped run is in the history with its reason; the job's last run stays the one that acted.
    const skipped = await call(admin, 'GET', `/api/admin/jobs/${job}/runs/lease-b`, { token });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ status: 'skipped', trigger: 'admin', error: expect.stringContaining('lease-a') });
    const list = await call(admin, 'GET', '/api/admin/jobs', { token });
    const view = (list.body as { items: { name: string; last_run: { run_id: string; status: string } | null }[] }).items.find((j) => j.name === job);
    expect(view?.last_run).toMatchObject({ run_id: 'lease-a', status: 'succeeded' });

    // Released at the end: the next run acts.
    expect(await getJobLease(job)).toBeNull();
    expect(await runJob({ [job]: async () => ({ again: true }) }, { job, run_id: 'lease-c', trigger: 'schedule' })).toMatchObject({ status: 'succeeded' });
  });

  it('releases the lease when the job fails', async () => {
    const job = 'send_notification_digest';
    await expect(
      runJob(
        {
          [job]: async () => {
            throw new Error('boom');
          },
        },
        { job, run_id: 'fails', trigger: 'schedule' },
      ),
    ).rejects.toThrow('boom');
    expect(await getJobLease(job)).toBeNull();
    expect(await runJob({ [job]: async () => ({}) }, { job, run_id: 'after-failure', trigger: 'schedule' })).toMatchObject({ status: 'succeeded' });
  });

  it("expires a dead holder's lease after the job's lifetime, and never frees a newer holder's", async () => {
    const job = 'send_weekly_digest';
    const now = new Date();
    // A run that took the lease and died: it blocks while it could still be alive ...
    const diedAt = new Date(now.getTime() - (leaseSeconds(job) - 30) * 1000);
    expect(await acquireJobLease(job, 'dead', diedAt, leaseSeconds(job))).toMatchObject({ acquired: true });
    expect(await runJob({ [job]: async () => ({}) }, { job, run_id: 'too-early', trigger: 'schedule' }, now)).toMatchObject({ status: 'skipped' });
    // ... and no longer once its lease has run out.
    const later = new Date(now.getTime() + 31 * 1000);
    expect(await runJob({ [job]: async () => ({ ran: true }) }, { job, run_id: 'after-expiry', trigger: 'schedule' }, later)).toMatchObject({
      status: 'succeeded',
      result: { ran: true },
    });
    // The dead run, come back, cannot release a lease it no longer holds.
    expect(await acquireJobLease(job, 'holder', later, leaseSeconds(job))).toMatchObject({ acquired: true });
    expect(await releaseJobLease(job, 'dead')).toBe(false);
    expect(await getJobLease(job)).toMatchObject({ run_id: 'holder' });
    expect(await releaseJobLease(job, 'holder')).toBe(true);
  });

  it('records an admin "run now" of a job already running as skipped, keeping the 202 answer', async () => {
    const job = 'run_migrations';
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });
    expect(await acquireJobLease(job, 'scheduled-run', new Date(), leaseSeconds(job))).toMatchObject({ acquired: true });
    const res = await call(admin, 'POST', `/api/admin/jobs/${job}`, { token });
    expect(res.status).toBe(202);
    const detail = JSON.parse(bus.commandCalls(PutEventsCommand)[0]?.args[0].input.Entries?.[0]?.Detail ?? '{}') as { run_id: string };
    // The bus delivers the event to the job's function, which finds the lease held.
    const run = (await systemJobs({ 'detail-type': RUN_JOB_EVENT.detailType, source: RUN_JOB_EVENT.source, detail })) as JobRun;
    expect(run.status).toBe('skipped');
    const shown = await call(admin, 'GET', `/api/admin/jobs/${job}/runs/${detail.run_id}`, { token });
    expect(shown.body).toMatchObject({ status: 'skipped', error: expect.stringContaining('scheduled-run') });
    await releaseJobLease(job, 'scheduled-run');
  });
});

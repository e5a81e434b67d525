/**
 * The admin routes over HTTP against the local stack (no provider keys, so
 * the providers replay the project's recording): user management, the
 * external-API health check, and every job trigger path of the job table,
 * each answering 202 and showing its run in /api/admin/jobs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_TRIGGER_ROUTES } from '#shared/edges/http/routes/admin.routes.ts';
import { signUp } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

delete process.env.CONGRESS_API_KEY;
delete process.env.REPLAY_HAR;
const e2e = useLocalStack();
const api = () => e2e.client();

let admin = '';
let other = '';
beforeAll(async () => {
  // The first account is the admin.
  admin = await signUp(api(), 'admin');
  other = await signUp(api(), 'other');
});

describe('admin routes over HTTP', () => {
  it('lists users, promotes and demotes one, and deletes one', async () => {
    const users = await api().request('GET', '/api/admin/users', { token: admin });
    expect(users.status).toBe(200);
    expect(users.body.items.map((u) => u.is_admin)).toEqual([true, false]);
    const otherId = users.body.items[1]?.id as string;
    expect((await api().request('GET', '/api/admin/users', { token: other })).status).toBe(403);

    const promoted = await api().request('POST', `/api/admin/users/${otherId}/promote`, { token: admin });
    expect(promoted.body).toMatchObject({ id: otherId, is_admin: true });
    const demoted = await api().request('POST', `/api/admin/users/${otherId}/demote`, { token: admin });
    expect(demoted.body).toMatchObject({ id: otherId, is_admin: false });

    expect((await api().request('DELETE', `/api/admin/users/${otherId}`, { token: admin })).status).toBe(204);
    const after = await api().request('GET', '/api/admin/users', { token: admin });
    expect(after.body.items.map((u) => u.id)).not.toContain(otherId);
  });

  it('reports each external provider with its status, as data', async () => {
    const health = await api().request('GET', '/api/admin/health', { token: admin });
    expect(health.status).toBe(200);
    expect(health.body.checks.map((c) => c.name)).toEqual([
      'congress_api',
      'document_api',
      'house_votes',
      'senate_votes',
      'legislators',
      'rep_lookup',
      'llm',
      'news',
      'trends',
    ]);
    expect(health.body.checks.find((c) => c.name === 'news')?.status).toBe('not_configured');
    for (const name of ['house_votes', 'senate_votes', 'legislators']) expect(health.body.checks.find((c) => c.name === name)?.status, name).toBe('ok');
  });

  it('starts the job of every trigger path with a 202, and each run shows in /api/admin/jobs', async () => {
    const started = new Map<string, string>();
    for (const route of JOB_TRIGGER_ROUTES) {
      // Paths read from the job table at run time: typed by the route's reply, not by a literal path.
      const res = await api().raw<{ job: string; run_id: string }>('POST', route.path, { token: admin });
      expect(res.status, route.path).toBe(202);
      expect(res.body.job).toBe(route.job);
      started.set(res.body.job, res.body.run_id);
    }
    await e2e.stack().bus.idle();
    const jobs = await api().request('GET', '/api/admin/jobs', {
      token: admin,
    });
    for (const [job, runId] of started) {
      expect(jobs.body.items.find((j) => j.name === job)?.last_run, job).toMatchObject({ run_id: runId, trigger: 'admin' });
    }
  });

  it("reads a job's run history and one run, 404 for an unknown job or run", async () => {
    const started = await api().request('POST', '/api/admin/jobs/run_migrations', { token: admin });
    expect(started.status).toBe(202);
    await e2e.stack().bus.idle();
    const runs = await api().request('GET', '/api/admin/jobs/run_migrations/runs', { token: admin, query: { limit: '5' } });
    expect(runs.status).toBe(200);
    expect(runs.body.items.map((r) => r.run_id)).toContain(started.body.run_id);
    const run = await api().request('GET', `/api/admin/jobs/run_migrations/runs/${started.body.run_id}`, {
      token: admin,
    });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ run_id: started.body.run_id, status: 'succeeded' });
    expect((await api().request('GET', '/api/admin/jobs/run_migrations/runs/no-such-run', { token: admin })).status).toBe(404);
    expect((await api().request('GET', '/api/admin/jobs/no_such_job/runs', { token: admin })).status).toBe(404);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../typescript/index.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';

const admin: Schemas['User'] = { id: 'a1', email: 'ada@example.org', is_admin: true, created_at: '2025-01-01T00:00:00Z' };
const reader: Schemas['User'] = { id: 'u2', email: 'bo@example.org', is_admin: false, created_at: '2025-01-02T00:00:00Z' };

function adminApi(me: Schemas['User']) {
  return (call: FakeCall) => {
    if (call.path === '/api/auth/me') return { body: me };
    if (call.path === '/api/admin/health')
      return {
        body: {
          status: 'degraded',
          checked_at: '2026-11-26T11:00:00Z',
          checks: [{ name: 'congress_api', status: 'error', latency_ms: 812, detail: 'HTTP 503' }],
        },
      };
    if (call.path === '/api/admin/stats')
      return {
        body: {
          total_bills: 12,
          documents_fetched: 9,
          briefs_full: 7,
          briefs_amendment: 1,
          remaining: 2,
          uncited_briefs: 0,
          unlabeled_briefs: 0,
          bills_missing_sponsor: 1,
          bills_missing_metadata: 0,
        },
      };
    if (call.path === '/api/admin/news-api-quota') return { body: { configured: true, date: '2026-11-26', limit: 100, used: 96, remaining: 4, low: true } };
    if (call.path === '/api/admin/jobs' && call.method === 'GET')
      return {
        body: {
          items: [
            {
              name: 'poll_bills',
              group: 'ingest',
              description: 'Polls Congress.gov for changed bills',
              schedule: '*/15 * * * *',
              admin_path: null,
              last_run: { run_id: 'r1', trigger: 'admin', status: 'running', started_at: '2026-11-26T10:00:00Z', finished_at: null, duration_ms: null },
              last_result: null,
            },
          ],
        },
      };
    if (call.path === '/api/admin/jobs/poll_bills' && call.method === 'POST')
      return { status: 202, body: { job: 'poll_bills', run_id: 'r2', status: 'accepted' } };
    if (call.path === '/api/admin/jobs/poll_bills/runs')
      return {
        body: {
          items: [
            {
              job: 'poll_bills',
              run_id: 'r1',
              trigger: 'admin',
              status: 'running',
              started_at: '2026-11-26T10:00:00Z',
              finished_at: null,
              duration_ms: null,
              result: null,
              error: null,
            },
            {
              job: 'poll_bills',
              run_id: 'r0',
              trigger: 'schedule',
              status: 'succeeded',
              started_at: '2026-11-26T09:45:00Z',
              finished_at: '2026-11-26T09:45:04Z',
              duration_ms: 4200,
              result: { bills_changed: 3 },
              error: null,
            },
            {
              job: 'poll_bills',
              run_id: 'rx',
              trigger: 'schedule',
              status: 'failed',
              started_at: '2026-11-26T09:30:00Z',
              finished_at: '2026-11-26T09:30:01Z',
              duration_ms: 900,
              result: null,
              error: 'Congress.gov answered 503',
            },
          ],
          next_cursor: null,
        },
      };
    if (call.path === '/api/admin/users' && call.method === 'GET') return { body: { items: [admin, reader], next_cursor: null } };
    if (call.path === `/api/admin/users/${reader.id}/promote`) return { body: { ...reader, is_admin: true } };
    if (call.path === '/api/admin/users/a1/demote') return { status: 409, body: { detail: 'You are the only administrator', code: 'user.last_admin' } };
    return undefined;
  };
}

describe('the admin console', () => {
  it('shows the processing figures, the low news quota, a running job with its progress, and the users with the last-admin rule', async () => {
    renderApp('/admin', adminApi(admin), { token: 't' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Bills stored' })).toBeInTheDocument();
    expect(await screen.findByText('Low: fewer than 10 left')).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'poll_bills is running' })).toBeInTheDocument();
    expect(screen.getByText(/the last one cannot be demoted or deleted/)).toBeInTheDocument();
    // Demoting yourself is refused by the API; the console does not offer it.
    expect(await screen.findByRole('button', { name: 'Demote ada@example.org' })).toBeDisabled();
    // The only administrator cannot be deleted (the API answers 409): no Delete is offered for them, one is for others.
    expect(screen.queryByRole('button', { name: 'Delete ada@example.org' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete bo@example.org' })).toBeEnabled();
    expect(screen.getByRole('row', { name: /ada@example.org/ })).toHaveTextContent('the only administrator');
  });

  it('offers Delete for every administrator when there are two', async () => {
    const second = { ...reader, id: 'a2', email: 'cy@example.org', is_admin: true };
    const api = adminApi(admin);
    renderApp('/admin', (call) => (call.path === '/api/admin/users' ? { body: { items: [admin, second], next_cursor: null } } : api(call)), { token: 't' });
    expect(await screen.findByRole('button', { name: 'Delete ada@example.org' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete cy@example.org' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Demote cy@example.org' })).toBeEnabled();
  });

  it('runs a job after a confirmation naming it and saying what it does, and promotes a user through the API', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/admin', adminApi(admin), { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Run poll_bills' }));
    let confirm = await screen.findByRole('dialog', { name: 'Run poll_bills now?' });
    expect(confirm).toHaveTextContent('Polls Congress.gov for changed bills');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Run poll_bills' }));
    confirm = await screen.findByRole('dialog', { name: 'Run poll_bills now?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, run it' }));
    await user.click(await screen.findByRole('button', { name: 'Promote bo@example.org' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/jobs/poll_bills', `/api/admin/users/${reader.id}/promote`]),
    );
  });

  it('shows the recent runs of a job on request in a dialog (in view, however long the jobs table), with a progress indicator for the running one', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/admin', adminApi(admin), { token: 't' });
    const toggle = await screen.findByRole('button', { name: 'Runs of poll_bills' });
    expect(calls.some((c) => c.path.endsWith('/runs'))).toBe(false);
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Recent runs of poll_bills' });
    const table = await within(dialog).findByRole('table', { name: 'Recent runs of poll_bills' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('progressbar')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('succeeded');
    expect(rows[1]).toHaveTextContent('4.2 s');
    expect(rows[1]).toHaveTextContent('bills changed: 3');
    expect(rows[2]).toHaveTextContent('Congress.gov answered 503');
  });

  it('checks the external APIs only when asked, and shows each one with its latency', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/admin', adminApi(admin), { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Check the external APIs' }));
    expect(calls.filter((c) => c.path === '/api/admin/health')).toHaveLength(1);
    const row = await screen.findByRole('row', { name: /congress_api/ });
    expect(row).toHaveTextContent('Failing');
    expect(row).toHaveTextContent('812 ms');
  });

  it('tells a signed-in user who is not an admin, and calls no admin route', async () => {
    const { calls } = renderApp('/admin', adminApi(reader), { token: 't' });
    expect(await screen.findByText(/The admin console is for administrators/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/admin'))).toEqual([]);
  });
});

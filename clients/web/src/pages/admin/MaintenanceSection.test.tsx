import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp, type FakeCall } from '../../test/render.tsx';
import { MAINTENANCE_ROWS } from './maintenance-actions.ts';
import { MaintenanceSection } from './MaintenanceSection.tsx';

function maintenanceApi(call: FakeCall) {
  if (call.method !== 'POST') return undefined;
  if (call.path === '/api/admin/backfill-citations') return { status: 202, body: { job: 'backfill_citations', run_id: 'run-7' } };
  if (call.path === '/api/admin/search/rebuild') return { status: 202, body: { status: 'queued' } };
  if (call.path === '/api/admin/backfill-cosponsors')
    return { status: 503, body: { detail: 'Congress.gov is switched off in the data sources', code: 'source.disabled' } };
  return undefined;
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.path);

describe('the maintenance actions', () => {
  it('lists every one-shot action in plain words, one row each with what it does and a button', () => {
    renderInApp(<MaintenanceSection />, maintenanceApi, { token: 't' });
    const table = screen.getByRole('table', { name: 'Maintenance actions with what each does' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(MAINTENANCE_ROWS.length);
    const citations = within(table).getByRole('row', { name: /Rewrite briefs without citations/ });
    expect(citations).toHaveTextContent('Deletes the briefs that have no verified citation');
    expect(within(citations).getByRole('button', { name: 'Run Rewrite briefs without citations' })).toBeEnabled();
    for (const name of ['Link missing sponsors', 'Fetch the actions of every bill', 'Resume stalled briefs', 'Rebuild the search index']) {
      expect(within(table).getByRole('button', { name: `Run ${name}` })).toBeInTheDocument();
    }
  });

  it('asks before running an action, runs it once confirmed and shows the job run it started', async () => {
    const user = userEvent.setup();
    const { calls } = renderInApp(<MaintenanceSection />, maintenanceApi, { token: 't' });
    await user.click(screen.getByRole('button', { name: 'Run Rewrite briefs without citations' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rewrite briefs without citations?' });
    expect(confirm).toHaveTextContent('the new briefs notify no one');
    expect(posts(calls)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, run it' }));
    expect(await screen.findByText('Started: run run-7 of backfill_citations. Its progress shows under Jobs.')).toBeInTheDocument();
    expect(posts(calls)).toEqual(['/api/admin/backfill-citations']);
  });

  it('makes no call when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const { calls } = renderInApp(<MaintenanceSection />, maintenanceApi, { token: 't' });
    await user.click(screen.getByRole('button', { name: 'Run Send the weekly digest now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send the weekly digest now?' });
    expect(confirm).toHaveTextContent('do not run it twice');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([]);
  });

  it("says a queued action is queued, and shows the service's detail when one cannot start", async () => {
    const user = userEvent.setup();
    const { calls } = renderInApp(<MaintenanceSection />, maintenanceApi, { token: 't' });
    await user.click(screen.getByRole('button', { name: 'Run Rebuild the search index' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, run it' }));
    const rebuild = screen.getByRole('row', { name: /Rebuild the search index/ });
    expect(await within(rebuild).findByRole('status')).toHaveTextContent('Queued: it runs in the background.');

    await user.click(screen.getByRole('button', { name: 'Run Fetch cosponsors' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, run it' }));
    const cosponsors = screen.getByRole('row', { name: /Fetch cosponsors/ });
    const alert = await within(cosponsors).findByRole('alert');
    expect(alert).toHaveTextContent('Fetch cosponsors: it did not start');
    expect(alert).toHaveTextContent('Congress.gov is switched off in the data sources');
    expect(posts(calls)).toEqual(['/api/admin/search/rebuild', '/api/admin/backfill-cosponsors']);
  });
});

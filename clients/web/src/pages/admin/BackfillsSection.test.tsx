import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../typescript/index.ts';
import { renderInApp, type FakeCall } from '../../test/render.tsx';
import { BackfillsSection } from './BackfillsSection.tsx';

const running: Schemas['BillBackfill'] = {
  id: 'congress-118',
  scope: { kind: 'congress', congress: 118 },
  run: 1,
  state: 'running',
  cursor: { offset: 500, next_page_at: '2026-11-26T12:00:00Z' },
  pages_done: 2,
  pages_total: 8,
  bills_seen: 500,
  bills_queued: 480,
  bills_refreshed: 20,
  bills_total: 2000,
  stalled: false,
  resumes: 0,
  started_by: 'ada@example.org',
  started_at: '2026-11-26T11:00:00Z',
  updated_at: '2026-11-26T11:30:00Z',
  finished_at: null,
  error: null,
  source: 'api',
  files_failed: null,
};

describe('the bill backfills', () => {
  it('shows each backfill with a progress bar from its counts, and starts one for a Congress from the bulk files', async () => {
    const user = userEvent.setup();
    const { calls } = renderInApp(
      <BackfillsSection />,
      (call: FakeCall) => {
        if (call.path === '/api/admin/backfill-bills' && call.method === 'GET') return { body: { items: [running], next_cursor: null } };
        if (call.path === '/api/admin/backfill-bills' && call.method === 'POST')
          return {
            status: 202,
            body: { ...running, id: 'congress-117', scope: { kind: 'congress', congress: 117 }, source: 'bulk', bills_seen: 0, bills_total: null },
          };
        return undefined;
      },
      { token: 't' },
    );
    const bar = await screen.findByRole('progressbar', { name: /Backfill of Congress 118 \(API\)/ });
    expect(bar).toHaveAttribute('value', '500');
    expect(bar).toHaveAttribute('max', '2000');
    await user.type(screen.getByRole('textbox', { name: 'Congress' }), '117');
    await user.click(screen.getByRole('radio', { name: /GovInfo bulk files/ }));
    await user.click(screen.getByRole('button', { name: 'Start the backfill' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ congress: 117, source: 'bulk' }));
    expect(await screen.findByText('The backfill of Congress 117 has started.')).toBeInTheDocument();
  });

  it('shows the detail when a backfill cannot start', async () => {
    const user = userEvent.setup();
    renderInApp(
      <BackfillsSection />,
      (call: FakeCall) => {
        if (call.path === '/api/admin/backfill-bills' && call.method === 'GET') return { body: { items: [], next_cursor: null } };
        if (call.path === '/api/admin/backfill-bills' && call.method === 'POST')
          return { status: 409, body: { detail: 'The backfill of Congress 118 is already running', code: 'backfill.running' } };
        return undefined;
      },
      { token: 't' },
    );
    expect(await screen.findByText(/No backfill has run yet/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Congress' }), '118');
    await user.click(screen.getByRole('button', { name: 'Start the backfill' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The backfill of Congress 118 is already running');
  });

  it('starts a backfill of a window of update dates, from the API only', async () => {
    const user = userEvent.setup();
    const { calls } = renderInApp(
      <BackfillsSection />,
      (call: FakeCall) => {
        if (call.path === '/api/admin/backfill-bills' && call.method === 'GET') return { body: { items: [], next_cursor: null } };
        if (call.path === '/api/admin/backfill-bills' && call.method === 'POST')
          return {
            status: 202,
            body: { ...running, id: 'updated-2026-01-01-2026-03-31', scope: { kind: 'window', from: '2026-01-01', to: '2026-03-31' }, action: 'started' },
          };
        return undefined;
      },
      { token: 't' },
    );
    await user.click(screen.getByRole('radio', { name: /GovInfo bulk files/ }));
    await user.click(screen.getByRole('radio', { name: /Bills updated between two dates/ }));
    expect(screen.queryByRole('textbox', { name: 'Congress' })).not.toBeInTheDocument();
    // The bulk files hold whole Congresses: a window is read from the API.
    expect(screen.getByRole('radio', { name: /GovInfo bulk files/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^Congress\.gov API/ })).toBeChecked();
    await user.type(screen.getByLabelText('Updated from'), '2026-01-01');
    await user.type(screen.getByLabelText('Updated to'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Start the backfill' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ from: '2026-01-01', to: '2026-03-31', source: 'api' }));
    expect(await screen.findByText('The backfill of bills updated 2026-01-01 to 2026-03-31 has started.')).toBeInTheDocument();
  });

  it("shows the service's refusal beside the date it names, in plain words", async () => {
    const user = userEvent.setup();
    renderInApp(
      <BackfillsSection />,
      (call: FakeCall) => {
        if (call.path === '/api/admin/backfill-bills' && call.method === 'GET') return { body: { items: [], next_cursor: null } };
        if (call.path === '/api/admin/backfill-bills' && call.method === 'POST')
          return {
            status: 400,
            body: {
              detail: 'Invalid body',
              code: 'validation',
              errors: [{ path: 'body.to', message: 'the window spans 400 days; at most 366 (backfill a longer history a Congress at a time)' }],
            },
          };
        return undefined;
      },
      { token: 't' },
    );
    await user.click(screen.getByRole('radio', { name: /Bills updated between two dates/ }));
    await user.type(screen.getByLabelText('Updated from'), '2025-01-01');
    await user.type(screen.getByLabelText('Updated to'), '2026-02-04');
    await user.click(screen.getByRole('button', { name: 'Start the backfill' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The window spans 400 days; at most 366');
    expect(summary).not.toHaveTextContent('to:');
    expect(screen.getByLabelText('Updated to')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Updated to')).toHaveAccessibleDescription(/^Loads every bill .* The window spans 400 days; at most 366/);
  });
});

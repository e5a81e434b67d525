import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../typescript/index.ts';
import { renderInApp, type FakeCall } from '../../test/render.tsx';
import { ReprocessSection } from './ReprocessSection.tsx';

const admin: Schemas['User'] = { id: 'a1', email: 'ada@example.org', is_admin: true, created_at: '2025-01-01T00:00:00Z' };
const reader: Schemas['User'] = { id: 'u2', email: 'bo@example.org', is_admin: false, created_at: '2025-01-02T00:00:00Z' };

function api(me: Schemas['User'], reprocess: { status: number; body: unknown }) {
  return (call: FakeCall) => {
    if (call.path === '/api/auth/me') return { body: me };
    if (call.path === '/api/admin/bills/119-hr-1/reprocess' && call.method === 'POST') return reprocess;
    return undefined;
  };
}

describe("an admin's reprocess control on the bill page", () => {
  it('reprocesses the bill and says what was queued', async () => {
    const user = userEvent.setup();
    const { calls } = renderInApp(
      <ReprocessSection billId="119-hr-1" />,
      api(admin, { status: 202, body: { bill_id: '119-hr-1', document_fetch_queued: true, brief_queued_for: 'ih' } }),
      { token: 't' },
    );
    await user.click(await screen.findByRole('button', { name: 'Reprocess this bill' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The text fetch is queued; a brief is queued for the text version ih.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/bills/119-hr-1/reprocess']);
  });

  it("shows the service's detail when the bill cannot be reprocessed", async () => {
    const user = userEvent.setup();
    renderInApp(<ReprocessSection billId="119-hr-1" />, api(admin, { status: 404, body: { detail: 'No bill 119-hr-1', code: 'bill.not_found' } }), {
      token: 't',
    });
    await user.click(await screen.findByRole('button', { name: 'Reprocess this bill' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No bill 119-hr-1');
  });

  it('is not shown to a signed-in user who is not an admin', async () => {
    const { calls } = renderInApp(<ReprocessSection billId="119-hr-1" />, api(reader, { status: 500, body: {} }), { token: 't' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/me')).toBe(true));
    // The session has read who is signed in once the account menu names them.
    await screen.findByText(/bo@example.org/);
    expect(screen.queryByRole('button', { name: 'Reprocess this bill' })).not.toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bill, billPageReads } from '../../test/fixtures.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';

const noteReads = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/notes'));

describe('the note on a bill page', () => {
  it('with no note yet shows an empty note form and no error, reading the notes filtered to this bill (never a 404)', async () => {
    const { calls } = renderApp(`/bills/${bill.id}`, billPageReads, { token: 't' });
    const box = await screen.findByRole('textbox', { name: 'Only you can see this note' });
    expect(box).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Delete note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(noteReads(calls).map((c) => `${c.path}${c.search}`)).toEqual([`/api/notes?bill_id=${bill.id}`]);
  });

  it('shows the note kept on the bill, with its pin and a way to delete it', async () => {
    const note = {
      user_id: 'u1',
      bill_id: bill.id,
      content: 'Call the office',
      pinned: true,
      created_at: '2025-02-01T00:00:00Z',
      updated_at: '2025-02-02T00:00:00Z',
    };
    renderApp(`/bills/${bill.id}`, (c) => (c.method === 'GET' && c.path === '/api/notes' ? { body: { items: [note], next_cursor: null } } : billPageReads(c)), {
      token: 't',
    });
    expect(await screen.findByRole('textbox', { name: 'Only you can see this note' })).toHaveValue('Call the office');
    expect(screen.getByRole('checkbox', { name: /Pin it to the top of/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Delete note' })).toBeInTheDocument();
  });

  // The words people read before: "Invalid body.content: must be at most 10000 characters".
  it('shows a refused note beside the box in plain words, never the field name or the raw detail', async () => {
    const u = userEvent.setup();
    renderApp(
      `/bills/${bill.id}`,
      (c) =>
        c.method === 'PUT' && c.path === `/api/notes/${bill.id}`
          ? {
              status: 422,
              body: {
                detail: 'Invalid body.content: must be at most 10000 characters',
                code: 'request.invalid',
                errors: [{ path: 'body.content', message: 'must be at most 10000 characters' }],
              },
            }
          : billPageReads(c),
      { token: 't' },
    );
    const box = await screen.findByRole('textbox', { name: 'Only you can see this note' });
    await u.type(box, 'A long note');
    await u.click(screen.getByRole('button', { name: 'Save note' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Your note must be at most 10,000 characters.' })).toHaveAttribute('href', '#note-content');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Your note must be at most 10,000 characters.');
    expect(document.body).not.toHaveTextContent(/Invalid|body\.content|content:/);
  });
});

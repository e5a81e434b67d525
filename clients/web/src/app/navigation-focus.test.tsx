import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../typescript/index.ts';
import { user } from '../test/fixtures.ts';
import { renderApp, type FakeCall } from '../test/render.tsx';

const farmWatch: Schemas['Collection'] = {
  id: '6f1d2c3b-0000-4000-8000-000000000001',
  user_id: user.id,
  name: 'Farm watch',
  slug: 'farm-watch',
  share_token: '6f1d2c3b-0000-4000-8000-000000000002',
  is_public: false,
  bill_count: 0,
  created_at: '2025-02-01T12:00:00Z',
  updated_at: '2025-02-01T12:00:00Z',
};

/** The collections list at once; the collection itself only once `loaded` settles. */
const collections = (loaded: Promise<void>) => async (c: FakeCall) => {
  if (c.path === '/api/auth/me') return { body: user };
  if (c.path === '/api/collections') return { body: { items: [farmWatch], next_cursor: null } };
  if (c.path === `/api/collections/${farmWatch.id}`) {
    await loaded;
    return { body: { ...farmWatch, bills: { items: [], next_cursor: null } } };
  }
  return undefined;
};

function gate() {
  let open = () => {};
  const loaded = new Promise<void>((resolve) => (open = resolve));
  return { loaded, open };
}

describe('the focus after an in-app navigation', () => {
  it('goes to the heading of a page that renders it once its data is in, when the link pressed went with the old page', async () => {
    const u = userEvent.setup();
    const { loaded, open } = gate();
    renderApp('/collections', collections(loaded), { token: 't1' });
    await u.click(await screen.findByRole('link', { name: 'Farm watch' }));
    await screen.findByText('Loading the collection…');
    open();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Farm watch' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  // A keyboard user who moved on while the page loaded would otherwise have their next key press land on the
  // heading: the browser journey's Space meant for the Public checkbox scrolled the page instead.
  it('stays on a control the person reached while the new page was loading', async () => {
    const u = userEvent.setup();
    const { loaded, open } = gate();
    renderApp('/collections', collections(loaded), { token: 't1' });
    await u.click(await screen.findByRole('link', { name: 'Farm watch' }));
    await screen.findByText('Loading the collection…');
    const notes = within(screen.getByRole('navigation', { name: 'Site' })).getByRole('link', { name: 'Notes' });
    notes.focus();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Farm watch' });
    await screen.findByRole('checkbox', { name: 'Public: anyone with the link can see it' });
    expect(notes).toHaveFocus();
  });
});

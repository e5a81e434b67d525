import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { user } from '../../test/fixtures.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';

const SAVED = {
  id: 'search:0123456789abcdef0123',
  user_id: user.id,
  target_type: 'search',
  target_id: '0123456789abcdef0123',
  follow_mode: null,
  mode_set_at: null,
  created_at: '2026-05-01T00:00:00Z',
  search: { q: 'rural broadband', filters: { congress: 119, has_document: true } },
};

const dashboard = {
  personalized: true,
  followed_bills: [],
  followed_members: [],
  most_popular: { title: 'Most Popular', trending_source: 'scores', window_days: 7, items: [] },
};

function api(saved: (typeof SAVED)[]) {
  return (call: FakeCall) => {
    if (call.path === '/api/auth/me') return { body: user };
    if (call.path === '/api/topics') return { body: { items: [], next_cursor: null } };
    if (call.path === '/api/search') return { body: { q: 'rural broadband', bills: [], total: 0, next_cursor: null, members: [], topics: [] } };
    if (call.path === '/api/dashboard') return { body: dashboard };
    if (call.method === 'POST' && call.path === '/api/follows') return { status: 201, body: SAVED };
    if (call.method === 'GET' && call.path === '/api/follows') return { body: { items: saved, next_cursor: null } };
    if (call.method === 'DELETE' && decodeURIComponent(call.path) === `/api/follows/${SAVED.id}`) {
      saved.splice(0);
      return { status: 204 };
    }
    return undefined;
  };
}

const personal = (calls: FakeCall[]) => calls.filter((c) => c.path.startsWith('/api/follows'));

describe('following a search', () => {
  it('saves the words and filters of the page as a search follow, has_document as a boolean and without the sort', async () => {
    const u = userEvent.setup();
    const { calls } = renderApp('/search?q=rural+broadband&congress=119&has_document=true&sort=date', api([]), { token: 't' });

    await u.click(await screen.findByRole('button', { name: 'Follow this search' }));

    expect(await screen.findByRole('button', { name: 'Following this search' })).toHaveAttribute('aria-pressed', 'true');
    expect(personal(calls).find((c) => c.method === 'POST')?.body).toEqual({
      target_type: 'search',
      target_id: 'rural broadband',
      filters: { congress: 119, has_document: true },
    });
  });

  it('gives a guest the sign-in prompt and makes no call', async () => {
    const u = userEvent.setup();
    const { calls } = renderApp('/search?q=rural+broadband', api([]));

    await u.click(await screen.findByRole('button', { name: 'Follow this search' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    expect(within(dialog).getByText(/to follow this search/)).toBeInTheDocument();
    expect(personal(calls)).toEqual([]);
  });

  it('lists the saved searches on the dashboard, each opening its results, and unfollows one', async () => {
    const u = userEvent.setup();
    const { calls } = renderApp('/', api([SAVED]), { token: 't' });

    const section = (await screen.findByRole('heading', { level: 2, name: 'Searches you follow' })).closest('section')!;
    const link = await within(section).findByRole('link', { name: '“rural broadband”' });
    expect(link).toHaveAttribute('href', '/search?q=rural+broadband&congress=119&has_document=true');
    expect(within(section).getByText('(congress 119, has text)')).toBeInTheDocument();

    await u.click(within(section).getByRole('button', { name: 'Unfollow the search “rural broadband”' }));

    expect(await within(section).findByText(/You follow no searches yet/)).toBeInTheDocument();
    expect(
      personal(calls)
        .filter((c) => c.method === 'DELETE')
        .map((c) => decodeURIComponent(c.path)),
    ).toEqual([`/api/follows/${SAVED.id}`]);
  });
});

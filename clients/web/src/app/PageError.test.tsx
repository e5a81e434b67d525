import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../api/api-failure.ts';
import { user } from '../test/fixtures.ts';
import { renderApp, type FakeCall } from '../test/render.tsx';

// Three pages that fail in the three ways a page can: a bug throws while drawing it, a request it cannot do
// without fails, and its code does not download.
vi.mock('../pages/NotesPage.tsx', () => ({
  default: function NotesPage(): never {
    throw new Error('notes.map is not a function');
  },
}));
vi.mock('../pages/AlignmentPage.tsx', () => ({
  default: function AlignmentPage(): never {
    throw new ApiFailure(503, 'The service is having trouble right now.');
  },
}));
// A lazy page whose import rejects throws the browser's rejection where it renders: that error, thrown there.
vi.mock('../pages/CollectionsPage.tsx', () => ({
  default: function CollectionsPage(): never {
    throw new TypeError('Failed to fetch dynamically imported module: https://billwatch.example/assets/CollectionsPage-3f2a.js');
  },
}));

const api = (c: FakeCall) =>
  c.path === '/api/auth/me' ? { body: user } : c.path === '/api/bills' || c.path === '/api/topics' ? { body: { items: [], next_cursor: null } } : undefined;

afterEach(() => vi.restoreAllMocks());

describe('a page that fails', () => {
  it('shows why inside the layout, with its heading focused and naming the tab, and a link away leaves it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const u = userEvent.setup();
    renderApp('/notes', api, { token: 't' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'This page could not be shown' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('This page could not be shown · BillWatch');
    expect(screen.getByText(/it was not anything you did/)).toBeInTheDocument();
    expect(screen.queryByText('notes.map is not a function')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(logged).toHaveBeenCalled();

    await u.click(within(screen.getByRole('navigation', { name: 'Site' })).getByRole('link', { name: 'Bills' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bills' })).toBeInTheDocument();
    expect(screen.queryByText('This page could not be shown')).not.toBeInTheDocument();
  });

  it('says the service had a problem when a request the page needs failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/alignment', api, { token: 't' });
    expect(await screen.findByRole('heading', { level: 1, name: 'BillWatch had a problem' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Site' })).toBeInTheDocument();
  });

  it('says the page did not download when its code could not be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/collections', api, { token: 't' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Could not load this page' })).toBeInTheDocument();
    expect(screen.getByText(/Check your connection, then try again/)).toBeInTheDocument();
  });
});

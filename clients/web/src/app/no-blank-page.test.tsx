/**
 * No page of the app goes blank on a failed request: every route, opened with every request failing (the service
 * down, the person signed in), shows a page heading and says what failed, inside the layout.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render.tsx';
import { PAGE_ROUTES } from './routes.tsx';

const paths = [...PAGE_ROUTES.map((r) => r.path.replace(/:\w+/g, 'x')), '/admin', '/no/such/page'];

describe('every page with the service down', () => {
  it.each(paths)('%s shows its heading and what failed, never a blank page', async (path) => {
    const { calls } = renderApp(path, () => ({ status: 503, body: { detail: 'The service is having trouble right now.', code: 'unavailable' } }), {
      token: 't',
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Site' })).toBeInTheDocument();
    // Every read has failed (or was never made) before the page is judged.
    await waitFor(() => expect(document.querySelectorAll('.bw-skeleton')).toHaveLength(0));
    expect(screen.getByRole('main').textContent?.trim().length).toBeGreaterThan(20);
    // A page that asked for anything (beyond the session's own read) says that it failed.
    if (calls.some((c) => c.path !== '/api/auth/me')) await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(0));
  });
});

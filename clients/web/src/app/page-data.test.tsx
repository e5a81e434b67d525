import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { bill } from '../test/fixtures.ts';
import { fakeApi, type FakeCall } from '../test/render.tsx';
import { AppProviders, createQueryClient } from './AppProviders.tsx';
import { prefetchPageData } from './page-data.ts';
import { routes } from './routes.tsx';

const billApi = (call: FakeCall) => (call.path === `/api/bills/${bill.id}` ? { body: bill } : undefined);

describe("a page's first read, started from its path", () => {
  it('is asked for before the page renders, and the page takes that answer instead of asking again', async () => {
    const { api, session, calls } = fakeApi(billApi);
    const queryClient = createQueryClient({ retryDelayMs: 0 });
    prefetchPageData(`/bills/${bill.id}`, queryClient, api.$api, routes);
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual([`/api/bills/${bill.id}`]));

    const router = createMemoryRouter(routes, { initialEntries: [`/bills/${bill.id}`] });
    render(
      <AppProviders api={api} session={session} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: bill.short_title ?? bill.title })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `/api/bills/${bill.id}`)).toHaveLength(1);
  });

  it('reads what the route declares: the dashboard for the home page, the member, the shared collection, and nothing for a page without one', async () => {
    const { api, calls } = fakeApi(() => undefined);
    const queryClient = createQueryClient({ retryDelayMs: 0 });
    for (const path of ['/', '/members/B001319', '/share/collection/tok', '/search', '/notifications', '/bills'])
      prefetchPageData(path, queryClient, api.$api, routes);
    await waitFor(() => expect(calls.map((c) => c.path).sort()).toEqual(['/api/dashboard', '/api/members/B001319', '/api/share/collection/tok']));
    expect(calls.find((c) => c.path === '/api/share/collection/tok')?.search).toBe('?limit=100');
    // Nothing more follows once they have answered.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(calls).toHaveLength(3);
  });
});

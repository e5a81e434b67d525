/**
 * Renders the app (or one component) as it runs, over a fake API: `respond` answers each request by method and
 * path (at once, or when a promise it returns settles), and `calls` records every request made, so a test can assert that no call was made at all.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/AppProviders.tsx';
import { Layout } from '../app/Layout.tsx';
import { routes } from '../app/routes.tsx';
import { createApi } from '../api/create-api.ts';
import { createSessionStore } from '../session/session-store.ts';

export interface FakeCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

/** Answers a call, or holds it until a promise settles (a test's way to see a page while its data loads). */
export type Responder = (call: FakeCall) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function fakeApi(respond: Responder, token?: string) {
  const calls: FakeCall[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call = { method: request.method, path: url.pathname, search: url.search, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const answer = await respond(call);
    if (!answer) return json(404, { detail: `No fake for ${call.method} ${call.path}`, code: 'test.unmatched' });
    return json(answer.status ?? 200, answer.body);
  };
  const storage = window.localStorage;
  if (token) storage.setItem('billwatch.token', token);
  const session = createSessionStore(storage);
  const api = createApi({ token: () => session.get().token, expired: () => session.expire() }, { baseUrl: 'http://localhost', fetch: fetchFn as typeof fetch });
  return { api, session, calls };
}

/** The whole app at `path` (deep links, lazy pages, layout and all). */
export function renderApp(path: string, respond: Responder, options: { token?: string } = {}) {
  const fake = fakeApi(respond, options.token);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders api={fake.api} session={fake.session} queryClient={createQueryClient({ retryDelayMs: 0 })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, ...fake, router };
}

/** One component inside the app's providers and layout (for the sign-in prompt and the session). */
export function renderInApp(ui: ReactNode, respond: Responder, options: { token?: string } = {}) {
  const fake = fakeApi(respond, options.token);
  const router = createMemoryRouter([{ Component: Layout, children: [{ path: '*', element: ui }] }], { initialEntries: ['/'] });
  const view = render(
    <AppProviders api={fake.api} session={fake.session} queryClient={createQueryClient({ retryDelayMs: 0 })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, ...fake, router };
}

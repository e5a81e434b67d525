// The web app's entry: one session store, one API client, one query cache, the router.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/AppProviders.tsx';
import { prefetchPageData } from './app/page-data.ts';
import { routes } from './app/routes.tsx';
import { createApi } from './api/create-api.ts';
import { createSessionStore } from './session/session-store.ts';
import './styles/index.scss';

const session = createSessionStore();
const api = createApi({ token: () => session.get().token, expired: () => session.expire() });
const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

// Each page's first read (its route's handle.read) is asked for as its path is known, alongside the download of the page's code.
let prefetchedPath = router.state.location.pathname;
prefetchPageData(prefetchedPath, queryClient, api.$api, routes);
router.subscribe(({ location }) => {
  if (location.pathname === prefetchedPath) return;
  prefetchedPath = location.pathname;
  prefetchPageData(prefetchedPath, queryClient, api.$api, routes);
});

// The first render as a transition: React yields to the browser every few milliseconds while it builds the page,
// instead of blocking the main thread for the whole tree at once (Total Blocking Time on a phone).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders api={api} session={session} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});

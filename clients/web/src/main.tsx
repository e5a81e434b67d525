// The web app's entry: one session store, one API client, one query cache, the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders.tsx';
import { routes } from './app/routes.tsx';
import { createApi } from './api/create-api.ts';
import { createSessionStore } from './session/session-store.ts';
import './styles/index.scss';

const session = createSessionStore();
const api = createApi({ token: () => session.get().token, expired: () => session.expire() });
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders api={api} session={session}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

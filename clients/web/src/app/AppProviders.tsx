// The providers every page needs: the query cache, the API client and the session (tests use the same ones).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiProvider } from '../api/api-context.tsx';
import { asFailure } from '../api/api-failure.ts';
import type { Api } from '../api/create-api.ts';
import { SessionProvider } from '../session/session-context.tsx';
import type { SessionStore } from '../session/session-store.ts';

export function createQueryClient(options: { retryDelayMs?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        ...(options.retryDelayMs !== undefined ? { retryDelay: options.retryDelayMs } : {}),
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again: only offline, 5xx and 429 are retried (once) before the page says so.
        retry: (count, err) => count < 1 && asFailure(err).retryable,
      },
    },
  });
}

export function AppProviders({ api, session, queryClient, children }: { api: Api; session: SessionStore; queryClient?: QueryClient; children: ReactNode }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ApiProvider api={api}>
        <SessionProvider store={session}>{children}</SessionProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}

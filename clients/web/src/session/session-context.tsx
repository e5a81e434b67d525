// The session in React: who is signed in (GET /api/auth/me while a token is kept) and the sign-in / sign-out actions.
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import type { Schemas } from '../../../typescript/index.ts';
import type { SessionStore } from './session-store.ts';

export interface Session {
  signedIn: boolean;
  expired: boolean;
  user: Schemas['User'] | undefined;
  isAdmin: boolean;
  signIn(token: string): void;
  signOut(): void;
}

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession outside SessionProvider');
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const { $api } = useApi();
  const queryClient = useQueryClient();
  const me = $api.useQuery('get', '/api/auth/me', {}, { enabled: Boolean(state.token), staleTime: 5 * 60_000, retry: false });
  const signIn = useCallback(
    (token: string) => {
      store.signIn(token);
      // Everything fetched as a guest may personalise now (is_following, the feed).
      void queryClient.invalidateQueries();
    },
    [store, queryClient],
  );
  const signOut = useCallback(() => {
    store.signOut();
    queryClient.clear();
  }, [store, queryClient]);
  const user = state.token ? me.data : undefined;
  return useMemo(
    () => ({ signedIn: Boolean(state.token), expired: state.expired, user, isAdmin: Boolean(user?.is_admin), signIn, signOut }),
    [state.token, state.expired, user, signIn, signOut],
  );
}

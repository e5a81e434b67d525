/**
 * The signed-in session: the bearer token kept in localStorage (so a reload stays signed in) and whether the
 * last token was refused, as a tiny store React reads with useSyncExternalStore and the API client reads directly.
 */
const KEY = 'billwatch.token';

export interface SessionState {
  token: string | undefined;
  /** True after the service refused the token: the app asks the person to sign in again. */
  expired: boolean;
}

export interface SessionStore {
  get(): SessionState;
  subscribe(listener: () => void): () => void;
  signIn(token: string): void;
  signOut(): void;
  /** The service refused the token: forget it and remember to say so. */
  expire(): void;
}

function readToken(storage: Storage | undefined): string | undefined {
  try {
    return storage?.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The browser's localStorage, or undefined where the browser refuses it: with site data blocked, reading
 * `window.localStorage` itself throws (a SecurityError), which left a blank page. Without it the app still works and
 * a session lasts until the tab closes.
 */
export function browserStorage(scope: { readonly localStorage?: Storage } = globalThis): Storage | undefined {
  try {
    return scope.localStorage;
  } catch {
    return undefined;
  }
}

export function createSessionStore(storage: Storage | undefined = browserStorage()): SessionStore {
  let state: SessionState = { token: readToken(storage), expired: false };
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    try {
      if (next.token) storage?.setItem(KEY, next.token);
      else storage?.removeItem(KEY);
    } catch {
      // Private browsing may refuse storage: the session then lasts until the tab closes.
    }
    listeners.forEach((l) => l());
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: (token) => set({ token, expired: false }),
    signOut: () => set({ token: undefined, expired: false }),
    expire: () => {
      if (state.token) set({ token: undefined, expired: true });
    },
  };
}

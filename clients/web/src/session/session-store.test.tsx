// Issue 32.7: a browser that refuses storage (site data blocked) throws on reading window.localStorage itself; the
// app then showed a blank page. The session falls back to memory: signing in works until the tab closes.
import { afterEach, describe, expect, it } from 'vitest';
import { browserStorage, createSessionStore } from './session-store.ts';

const original = Object.getOwnPropertyDescriptor(window, 'localStorage');

afterEach(() => {
  if (original) Object.defineProperty(window, 'localStorage', original);
});

describe('the session store when the browser refuses storage', () => {
  it('starts signed out, signs in and out in memory, and never throws', () => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    expect(() => window.localStorage).toThrow();
    expect(browserStorage()).toBeUndefined();
    const session = createSessionStore();
    expect(session.get()).toEqual({ token: undefined, expired: false });
    session.signIn('t0k3n');
    expect(session.get().token).toBe('t0k3n');
    session.expire();
    expect(session.get()).toEqual({ token: undefined, expired: true });
  });

  it('keeps the token in localStorage where the browser allows it', () => {
    const session = createSessionStore();
    session.signIn('kept');
    expect(window.localStorage.getItem('billwatch.token')).toBe('kept');
    session.signOut();
    expect(window.localStorage.getItem('billwatch.token')).toBeNull();
  });
});

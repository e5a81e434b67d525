/**
 * The guest gate of every personal control: `useRequireSignIn()` answers true for a signed-in person, and for a
 * guest opens a prompt to sign in or create an account (coming back to this page) and answers false, so the
 * control makes no API call.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Dialog } from '../components/Dialog.tsx';
import { useSession } from './session-context.tsx';

type RequireSignIn = (what: string) => boolean;
const PromptContext = createContext<((what: string) => void) | null>(null);

export function SignInPromptProvider({ children }: { children: ReactNode }) {
  const [what, setWhat] = useState<string | null>(null);
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  const close = useCallback(() => setWhat(null), []);
  return (
    <PromptContext.Provider value={setWhat}>
      {children}
      <Dialog open={what !== null} onClose={close} title="Sign in to continue">
        <p>You need a free BillWatch account to {what ?? 'do that'}. Signing in keeps your follows, notes and collections in one place.</p>
        <ul className="usa-button-group">
          <li className="usa-button-group__item">
            <Link className="usa-button" to={`/signin?next=${next}`} onClick={close}>
              Sign in
            </Link>
          </li>
          <li className="usa-button-group__item">
            <Link className="usa-button usa-button--outline" to={`/signup?next=${next}`} onClick={close}>
              Create an account
            </Link>
          </li>
          <li className="usa-button-group__item">
            <button type="button" className="usa-button usa-button--unstyled padding-105 text-center" onClick={close}>
              Not now
            </button>
          </li>
        </ul>
      </Dialog>
    </PromptContext.Provider>
  );
}

export function useRequireSignIn(): RequireSignIn {
  const open = useContext(PromptContext);
  const { signedIn } = useSession();
  if (!open) throw new Error('useRequireSignIn outside SignInPromptProvider');
  return useMemo(
    () => (what: string) => {
      if (signedIn) return true;
      open(what);
      return false;
    },
    [signedIn, open],
  );
}

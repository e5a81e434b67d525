// A personal page for a guest: says what the page is for and offers sign-in, without calling the API.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeading } from '../components/PageHeading.tsx';
import { useSession } from './session-context.tsx';

export function RequireSignedIn({ what, children }: { what: string; children: ReactNode }) {
  const { signedIn } = useSession();
  const location = useLocation();
  if (signedIn) return <>{children}</>;
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <>
      <PageHeading>Sign in to continue</PageHeading>
      <p className="usa-intro">Sign in to {what}.</p>
      <ul className="usa-button-group">
        <li className="usa-button-group__item">
          <Link className="usa-button" to={`/signin?next=${next}`}>
            Sign in
          </Link>
        </li>
        <li className="usa-button-group__item">
          <Link className="usa-button usa-button--outline" to={`/signup?next=${next}`}>
            Create an account
          </Link>
        </li>
      </ul>
    </>
  );
}

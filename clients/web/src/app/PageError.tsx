/**
 * What shows instead of a page that failed: its code did not load (offline, or a new release replaced it), a request
 * it could not do without failed, or a bug threw while drawing it. The route table puts it around every page, inside
 * the layout (the navigation stays, and following a link leaves it), and around the layout itself. It says what
 * happened in plain words, offers a way on (try again, go back, the home page), and its heading takes the focus and
 * names the tab, so a screen reader announces it instead of a silent blank.
 */
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useRouteError } from 'react-router';
import { ApiFailure } from '../api/api-failure.ts';

/** The browsers' words for a module (a page's chunk) that could not be fetched. */
const CHUNK_FAILED = /dynamically imported module|module script failed|Loading chunk|Failed to fetch/i;

function explain(error: unknown): { title: string; text: string } {
  if (error instanceof ApiFailure) {
    if (error.status === 0) return { title: 'Could not reach BillWatch', text: error.detail };
    if (error.status >= 500) return { title: 'BillWatch had a problem', text: 'BillWatch could not answer just now. Try again in a moment.' };
    return { title: 'This page could not be shown', text: error.detail };
  }
  if (error instanceof Error && CHUNK_FAILED.test(error.message))
    return { title: 'Could not load this page', text: 'The page did not download. Check your connection, then try again.' };
  return {
    title: 'This page could not be shown',
    text: 'Something went wrong while showing this page; it was not anything you did. Try again, or go on from another page.',
  };
}

export function PageError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const { title, text } = explain(error);
  useEffect(() => {
    console.error('A page failed:', error);
    heading.current?.focus();
  }, [error]);
  return (
    <div className="margin-y-2">
      <title>{`${title} · BillWatch`}</title>
      <h1 ref={heading} tabIndex={-1} className="bw-page-title">
        {title}
      </h1>
      <p className="usa-intro">{text}</p>
      <ul className="usa-button-group">
        <li className="usa-button-group__item">
          {/* A whole reload: a page whose code was replaced by a release fetches the new one. */}
          <button type="button" className="usa-button" onClick={() => window.location.reload()}>
            Try again
          </button>
        </li>
        {window.history.length > 1 && (
          <li className="usa-button-group__item">
            <button type="button" className="usa-button usa-button--outline" onClick={() => navigate(-1)}>
              Go back
            </button>
          </li>
        )}
        <li className="usa-button-group__item">
          <Link className="usa-button usa-button--unstyled" to="/">
            Go to the home page
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** The layout itself failed: the same message in a page of its own. */
export function AppError() {
  return (
    <main id="main-content" tabIndex={-1} className="bw-main grid-container">
      <PageError />
    </main>
  );
}

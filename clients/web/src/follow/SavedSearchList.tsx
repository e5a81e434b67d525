// The signed-in person's saved searches, where their follows are listed: each opens its results now, and can be unfollowed.
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../components/QueryState.tsx';
import { savedSearchUrl, useSavedSearches, useSavedSearchMutations } from './saved-searches.ts';

/** The filters of a saved search in words ("congress 118, has text"). */
function filterWords(filters: Record<string, unknown>): string {
  return Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (k === 'has_document' ? (v ? 'has text' : 'no text yet') : `${k.replace('_id', '')} ${String(v)}`))
    .join(', ');
}

export function SavedSearchList() {
  const searches = useSavedSearches();
  const { remove } = useSavedSearchMutations();
  return (
    <section aria-labelledby="saved-searches">
      <h2 id="saved-searches">Searches you follow</h2>
      {searches.error ? (
        <ErrorState error={searches.error} onRetry={() => void searches.refetch()} />
      ) : searches.data && searches.data.length > 0 ? (
        <ul className="usa-list usa-list--unstyled">
          {searches.data.map((f) =>
            f.search ? (
              <li key={f.id} className="display-flex flex-wrap flex-align-center gap-2 margin-bottom-1">
                <Link to={savedSearchUrl(f.search)}>“{f.search.q}”</Link>
                {filterWords(f.search.filters) && <span className="font-sans-xs">({filterWords(f.search.filters)})</span>}
                <button
                  type="button"
                  className="usa-button usa-button--unstyled"
                  disabled={remove.isPending}
                  aria-label={`Unfollow the search “${f.search.q}”`}
                  onClick={() => remove.mutate(f.id)}
                >
                  Unfollow
                </button>
              </li>
            ) : null,
          )}
        </ul>
      ) : searches.data ? (
        <EmptyState>
          You follow no searches yet. <Link to="/search">Search</Link> for words a bill might say and choose “Follow this search” to hear when a new bill or
          text matches.
        </EmptyState>
      ) : null}
      {remove.error && <ErrorState error={remove.error} />}
    </section>
  );
}

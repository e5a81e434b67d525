// "Follow this search": saves the page's query and filters as a `search` follow that alerts on new matching bills
// and text versions; a guest gets the sign-in prompt and no call is made.
import { Link } from 'react-router';
import { ErrorState } from '../../components/QueryState.tsx';
import { useSavedSearchMutations, type SavedSearch } from '../../follow/saved-searches.ts';
import { useRequireSignIn } from '../../session/sign-in-prompt.tsx';

export function FollowSearchButton({ search }: { search: SavedSearch }) {
  const requireSignIn = useRequireSignIn();
  const { save } = useSavedSearchMutations();
  const saved = save.isSuccess && save.variables?.q === search.q && JSON.stringify(save.variables.filters) === JSON.stringify(search.filters);
  return (
    <div className="margin-y-2">
      <button
        type="button"
        className={`usa-button ${saved ? '' : 'usa-button--outline'}`}
        aria-pressed={saved}
        disabled={save.isPending}
        onClick={() => {
          if (!requireSignIn('follow this search')) return;
          save.mutate(search);
        }}
      >
        {saved ? 'Following this search' : 'Follow this search'}
      </button>
      <p className="usa-hint font-sans-xs" aria-live="polite">
        {saved ? (
          <>
            You will be notified when a new bill or a new version of a bill&apos;s text matches. Your saved searches are on <Link to="/">your dashboard</Link>.
          </>
        ) : (
          'Get a notification when a new bill or a new version of a bill’s text matches these words and filters.'
        )}
      </p>
      {save.error && <ErrorState error={save.error} />}
    </div>
  );
}

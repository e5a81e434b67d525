// The news-search quota (low under 10 calls left) and clearing the cached news feeds.
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { ErrorState, QueryState } from '../../components/QueryState.tsx';

export function NewsSection() {
  const { $api } = useApi();
  const queryClient = useQueryClient();
  const quota = $api.useQuery('get', '/api/admin/news-api-quota');
  const clear = $api.useMutation('post', '/api/admin/clear-news-feed-cache', { onSuccess: () => void queryClient.invalidateQueries() });
  return (
    <section aria-labelledby="admin-news">
      <h2 id="admin-news">News</h2>
      <QueryState query={quota} label="Loading the news-search quota…">
        {(q) => (
          <p>
            News-search calls left today: <strong>{q.remaining}</strong> of {q.limit}{' '}
            {q.low && (
              <span className="usa-tag bg-secondary" role="status">
                Low: fewer than 10 left
              </span>
            )}
          </p>
        )}
      </QueryState>
      <button type="button" className="usa-button usa-button--outline" disabled={clear.isPending} onClick={() => clear.mutate({})}>
        Clear the news feed cache
      </button>
      {clear.isSuccess && <p role="status">The news feed cache is cleared.</p>}
      {clear.error && <ErrorState error={clear.error} />}
    </section>
  );
}

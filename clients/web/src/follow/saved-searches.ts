/**
 * Saved searches (`search` follows): the page's search as the follow's query and filters, the URL of a saved
 * search's results, and the signed-in person's saved searches with the mutations that change them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '../../../typescript/index.ts';
import { useApi } from '../api/api-context.tsx';
import { readsOf } from '../api/query-keys.ts';
import { useSession } from '../session/session-context.tsx';

export type SavedSearch = NonNullable<Schemas['Follow']['search']>;
type Filters = SavedSearch['filters'];
/** The filters of the search page as GET /api/search takes them (has_document as text). */
type PageFilters = Omit<Filters, 'has_document'> & { has_document?: 'true' | 'false'; sort?: 'relevance' | 'date' };

/** The filters of a search page as a saved search keeps them: has_document as a boolean, and no sort (alerts are not sorted). */
export function savedFiltersOf(page: PageFilters): Filters {
  const { has_document, sort: _sort, ...rest } = page;
  return { ...rest, ...(has_document ? { has_document: has_document === 'true' } : {}) };
}

/** The search page showing a saved search's results now. */
export function savedSearchUrl(search: SavedSearch): string {
  const params = new URLSearchParams({ q: search.q });
  for (const [k, v] of Object.entries(search.filters)) if (v !== undefined) params.set(k, String(v));
  return `/search?${params.toString()}`;
}

/** The signed-in person's saved searches (the first 100; the cap is 1,000). */
export function useSavedSearches() {
  const { $api } = useApi();
  const { signedIn } = useSession();
  return useQuery({
    ...$api.queryOptions('get', '/api/follows', { params: { query: { target_type: 'search', limit: 100 } } }),
    enabled: signedIn,
    select: (data) => data.items,
  });
}

export function useSavedSearchMutations() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: readsOf('/api/follows') });
  const save = useMutation({
    mutationFn: async (search: SavedSearch) =>
      (await client.POST('/api/follows', { body: { target_type: 'search', target_id: search.q, filters: search.filters } })).data!,
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (followId: string) => {
      await client.DELETE('/api/follows/{id}', { params: { path: { id: followId } } });
    },
    onSuccess: refresh,
  });
  return { save, remove };
}

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/render.tsx';
import { pagesOf, pagesQuery, readsOf } from './query-keys.ts';

describe('the query keys', () => {
  it("of a path are the prefix of the typed client's own key of every read of it, so invalidating one refreshes them all", async () => {
    const { api } = fakeApi(() => ({ body: { items: [], next_cursor: null } }));
    const queryClient = new QueryClient();
    const read = api.$api.queryOptions('get', '/api/notes', { params: { query: { bill_id: '119-hr-1' } } });
    expect(read.queryKey.slice(0, 2)).toEqual(readsOf('/api/notes'));
    await queryClient.fetchQuery(read);
    await queryClient.invalidateQueries({ queryKey: readsOf('/api/notes') });
    expect(queryClient.getQueryState(read.queryKey)?.isInvalidated).toBe(true);
  });

  it("of a list's pages are their own entry under the path, apart from a single read of the same query", () => {
    const { api } = fakeApi(() => undefined);
    const single = api.$api.queryOptions('get', '/api/bills', { params: { query: { limit: 20 } } }).queryKey;
    const pages = pagesOf('/api/bills', { limit: 20 });
    expect(pages.slice(0, 2)).toEqual(readsOf('/api/bills'));
    expect(pages).not.toEqual(single);
  });

  it('page a list from no cursor, then with the cursor each page answers, until none', async () => {
    const { api, calls } = fakeApi((c) => ({
      body: c.search.includes('cursor=c2') ? { items: [{ id: 2 }], next_cursor: null } : { items: [{ id: 1 }], next_cursor: 'c2' },
    }));
    const queryClient = new QueryClient();
    const options = pagesQuery(api.client, '/api/notifications/history', { limit: 20 });
    await queryClient.fetchInfiniteQuery({ ...options, pages: 3 });
    expect(calls.map((c) => c.search)).toEqual(['?limit=20', '?limit=20&cursor=c2']);
    expect(queryClient.getQueryData(options.queryKey)?.pages.flatMap((p) => p.items)).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

/**
 * Every query key of the app comes from here. A read of the API is keyed as the typed client keys it
 * (openapi-react-query's `[method, path, init]`), so `$api.useQuery`, a route's declared read (app/page-reads.ts)
 * and these helpers meet on one cache entry; a path's key alone is the prefix of every read of it, which is what a
 * change invalidates. Paths are the client's own, so a renamed or removed route fails the build here too.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { BillWatchClient, paths } from '../../../typescript/index.ts';

/** The API paths that answer GET. */
export type ReadPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];
type Reply<P extends ReadPath> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer R } } } } } ? R : never;
type Query<P extends ReadPath> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;
/** The reads that answer a page of a list with the cursor of the next. */
type PagedPath = { [P in ReadPath]: Reply<P> extends { next_cursor?: string | null } ? P : never }[ReadPath];

/** Every read of `path`, whatever its parameters: what a change to it invalidates. */
export const readsOf = (path: ReadPath) => ['get', path] as const;

/** The pages of a cursor-paged read (its own entry beside a single read of the same path and query). */
export const pagesOf = <P extends PagedPath>(path: P, query: Omit<Query<P>, 'cursor'>) => ['get', path, { params: { query } }, 'pages'] as const;

/**
 * A cursor-paged list as an infinite query: the first page goes without a cursor (openapi-react-query's own
 * infinite hook would send cursor=0), each next page with the cursor the last one answered.
 */
export function pagesQuery<P extends PagedPath>(client: BillWatchClient, path: P, query: Omit<Query<P>, 'cursor'>) {
  // One function for every paged path: the path's own types come back through Reply<P>.
  const get = client.GET as (path: string, init: { params: { query: object }; signal: AbortSignal }) => Promise<{ data?: unknown }>;
  return infiniteQueryOptions({
    queryKey: pagesOf(path, query),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) =>
      (await get(path, { params: { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } }, signal })).data as Reply<P>,
    getNextPageParam: (last: Reply<P>) => (last as { next_cursor?: string | null }).next_cursor ?? undefined,
  });
}

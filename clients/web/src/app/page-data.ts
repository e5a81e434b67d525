/**
 * Starts the first read of the page at a path as soon as the path is known: on the first load that is before the
 * page's code has downloaded, so the read and the page's lazy chunk travel together instead of one after the other.
 * The read is the one the page's route declares (`handle: firstRead(pageReads.x)`): no second table of paths.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { matchRoutes, type Params, type RouteObject } from 'react-router';
import type { Api } from '../api/create-api.ts';

/** What a route may declare beside its page: how to start its first read. */
export interface PageHandle {
  prefetch: (queryClient: QueryClient, $api: Api['$api'], params: Params) => Promise<void>;
}

/** The handle of a route whose page starts with `read` (one of page-reads.ts). */
export function firstRead<TData, TError, TKey extends QueryKey>(
  read: ($api: Api['$api'], params: Params) => FetchQueryOptions<TData, TError, TData, TKey>,
): PageHandle {
  return { prefetch: (queryClient, $api, params) => queryClient.prefetchQuery(read($api, params)) };
}

const handleOf = (route: RouteObject): PageHandle | undefined => route.handle as PageHandle | undefined;

/** Starts the read of the page at `pathname`, if its route declares one; a fresh cached answer makes it a no-op. */
export function prefetchPageData(pathname: string, queryClient: QueryClient, $api: Api['$api'], routes: RouteObject[]): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    // A failure is the page's to show: its own query sees the error and asks again.
    void handleOf(match.route)?.prefetch(queryClient, $api, match.params);
  }
}

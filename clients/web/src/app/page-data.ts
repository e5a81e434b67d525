/**
 * The first API read of the pages people arrive on from outside (home, a bill, a member), started as soon as the
 * path is known: on the first load that is before the page's code has downloaded, so the read and the page's lazy
 * chunk travel together instead of one after the other. Each page asks with the same query key, so it takes the
 * answer already in flight (or cached) instead of asking again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { Api } from '../api/create-api.ts';

type Prefetch = (queryClient: QueryClient, $api: Api['$api'], params: Record<string, string | undefined>) => Promise<void>;

/** Path (as in the route table) → the page's first read, with the exact init its page passes. */
const PAGE_DATA: { path: string; prefetch: Prefetch }[] = [
  { path: '/', prefetch: (qc, $api) => qc.prefetchQuery($api.queryOptions('get', '/api/dashboard')) },
  { path: '/dashboard', prefetch: (qc, $api) => qc.prefetchQuery($api.queryOptions('get', '/api/dashboard')) },
  {
    path: '/bills/:id',
    prefetch: (qc, $api, { id = '' }) => qc.prefetchQuery($api.queryOptions('get', '/api/bills/{id}', { params: { path: { id } } })),
  },
  {
    path: '/members/:id',
    prefetch: (qc, $api, { id = '' }) => qc.prefetchQuery($api.queryOptions('get', '/api/members/{id}', { params: { path: { id } } })),
  },
];

/** Starts the read of the page at `pathname`, if it has one; a fresh cached answer makes it a no-op. */
export function prefetchPageData(pathname: string, queryClient: QueryClient, $api: Api['$api']): void {
  for (const { path, prefetch } of PAGE_DATA) {
    const match = matchPath(path, pathname);
    if (match) {
      // A failure is the page's to show: its own query sees the error and asks again.
      void prefetch(queryClient, $api, match.params);
      return;
    }
  }
}

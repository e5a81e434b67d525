/**
 * How each cacheable GET may be cached, named once and declared per route in
 * the route table (`cache`). The HTTP edge (./conditional.ts) adds a strong
 * ETag and the rule's Cache-Control to a 200 of such a route, and answers a
 * matching If-None-Match (or, where the rule allows it, If-Modified-Since)
 * with a 304 that has no body.
 */
export type CacheRuleName = 'public' | 'revocable' | 'document' | 'feed' | 'calendar';

export interface CacheRule {
  /** Cache-Control for a guest's answer. */
  cacheControl: string;
  /** Whether the answer carries Last-Modified and honours If-Modified-Since. */
  lastModified: boolean;
  /** What the rule is for, in the OpenAPI document. */
  summary: string;
}

/**
 * A signed-in caller's answer to an optional-auth route carries their own
 * fields (is_following, followed members' positions): never stored by a
 * shared cache, and revalidated on every use.
 */
export const PERSONAL_CACHE_CONTROL = 'private, no-cache';

export const CACHE_RULES: Record<CacheRuleName, CacheRule> = {
  // Public data moves when the poller sees a new action: a minute fresh keeps pages quick and the data near-live.
  public: {
    cacheControl: 'public, max-age=60, stale-while-revalidate=60',
    lastModified: false,
    summary: 'public for a minute (private, no-cache when signed in)',
  },
  // What its owner can take back at any moment (a collection made private, a rotated share token): any cache may keep it,
  // but must ask again before each use (a matching ETag costs a 304), so no stale public answer outlives the change.
  revocable: { cacheControl: 'no-cache', lastModified: false, summary: 'revalidated on every use (the owner may take it back at any moment)' },
  // The document changes only with a deployment.
  document: { cacheControl: 'public, max-age=300', lastModified: false, summary: 'public for five minutes' },
  // The feed's URL is its secret: only the reader's own cache may keep it.
  feed: { cacheControl: 'private, max-age=300', lastModified: true, summary: 'private for five minutes; Last-Modified is the newest item' },
  // The same for a personal calendar, but without Last-Modified: a new follow brings in older meetings, so only the ETag
  // (a hash of the bytes) can tell that it changed.
  calendar: { cacheControl: 'private, max-age=300', lastModified: false, summary: 'private for five minutes (its URL is its secret)' },
};

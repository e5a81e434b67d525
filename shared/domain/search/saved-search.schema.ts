/**
 * A saved search: the query and the filters of GET /api/search that a
 * `search` follow keeps, so that a new bill or text version matching it is
 * announced (search_match). The filters are stored parsed (has_document a
 * boolean), in the shape the engine takes (./search-filters.ts). Pure.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { SearchFilters } from './search-filters.ts';

/** The longest saved query, as the longest target id of a follow. */
export const SAVED_QUERY_MAX = 200;

/** The filters a saved search applies: those of GET /api/search, parsed, and nothing else. */
export const SavedSearchFilters = lazySchema(() =>
  SearchFilters().strict().describe('The filters of GET /api/search that the saved search applies (has_document as a boolean)'),
);
export type SavedSearchFilters = z.infer<ReturnType<typeof SavedSearchFilters>>;

export const SavedSearch = lazySchema(() =>
  z
    .object({
      q: z.string().min(1).max(SAVED_QUERY_MAX).describe('The saved query, as typed into the search box (spaces collapsed)'),
      filters: SavedSearchFilters(),
    })
    .meta({ id: 'SavedSearch', description: 'The query and filters of a `search` follow' }),
);
export type SavedSearch = z.infer<ReturnType<typeof SavedSearch>>;

/** The query as saved: trimmed, runs of spaces as one. */
export const normalizeSavedQuery = (q: string): string => q.trim().replace(/\s+/gu, ' ');

/**
 * The text that identifies a saved search: the query lower-cased (the engine
 * folds case) and the filters in key order, so the same search typed twice
 * is one follow. The use case hashes it into the follow's target id.
 */
export function savedSearchIdentity(search: SavedSearch): string {
  const filters = Object.entries(search.filters)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([normalizeSavedQuery(search.q).toLowerCase(), filters]);
}

/**
 * The query as the matcher runs it: with a trailing space, so the last word
 * is a whole word and not the type-ahead prefix a search box gives it (a
 * saved "tax" must not alert on every "taxonomy").
 */
export const matchableQuery = (q: string): string => `${normalizeSavedQuery(q)} `;

/**
 * The sort and page of a bill search and the engine's answer; the filters are
 * declared in shared/domain/search/search-filters.ts.
 */
import type { SearchFilters } from '#shared/domain/search/search-filters.ts';

export type { SearchFilters };

export type SearchSort = 'relevance' | 'date';

/** One page of a bill search as the engine answers it. */
export interface SearchRequest {
  q: string;
  filters: SearchFilters;
  sort: SearchSort;
  limit: number;
  offset: number;
}

/** Where a bill matched: the passage's label and a snippet with the matched words in <mark>. */
export interface SearchMatch {
  section: string;
  snippet: string;
}

export interface SearchHit {
  bill_id: string;
  match: SearchMatch | null;
}

export interface SearchHits {
  hits: SearchHit[];
  total: number;
}

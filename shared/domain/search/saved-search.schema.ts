/**
 * A saved search: the query and the filters of GET /api/search that a
 * `search` follow keeps, so that a new bill or text version matching it is
 * announced (search_match). The filters are stored parsed (has_document a
 * boolean), in the shape the engine takes (shared/adapters/search/search-filters.ts
 * checks at compile time that the two agree). Pure.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BillStatus } from '#shared/domain/bills/bill-status.ts';

/** The longest saved query, as the longest target id of a follow. */
export const SAVED_QUERY_MAX = 200;

const IsoDate = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/u, { error: 'must be a date as YYYY-MM-DD' });

export const SavedSearchFilters = lazySchema(() =>
  z
    .object({
      congress: z.number().int().min(1).max(200).optional().describe('Only bills of this Congress, such as 118'),
      chamber: z.enum(['house', 'senate']).optional().describe('Only bills of this chamber'),
      type: z.enum(['hr', 's', 'hjres', 'sjres', 'hconres', 'sconres', 'hres', 'sres']).optional().describe('Only bills of this type'),
      status: BillStatus().optional().describe('Only bills whose status is this'),
      topic: z.string().min(1).max(60).optional().describe('Only bills carrying this topic tag'),
      sponsor_id: z.string().min(1).max(20).optional().describe('Only bills sponsored by this member (Bioguide id)'),
      has_document: z.boolean().optional().describe('true: only bills with published text; false: only bills without'),
      from: IsoDate().optional().describe('Only bills whose latest action (or introduction) is on or after this date'),
      to: IsoDate().optional().describe('Only bills whose latest action (or introduction) is on or before this date'),
    })
    .strict()
    .describe('The filters of GET /api/search that the saved search applies (has_document as a boolean)'),
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

/**
 * Routes of the search function group (functions/api/search.ts implements
 * them): global search, answered from the search engine's index
 * (docs/search.md).
 */
import * as z from 'zod';
import { SEARCH_QUERY_MAX } from '#shared/domain/personal/search-query.ts';
import { SearchReply } from '#shared/use-cases/personal/responses.schema.ts';
import { SearchFiltersQuery } from '#shared/domain/search/search-filters.ts';
import { defineRoute } from '#shared/edges/http/route.ts';

export const search = defineRoute({
  operationId: 'search',
  description:
    'Bills, members (either name form, a nickname, or a state\'s sitting members by its name or code) and topics in one answer. A bill number in any common form, with or without its Congress, finds that bill (without one, in every Congress, newest first); a query that is a bill\'s short or popular title puts that bill first; other words rank bills by relevance (BM25 with field weights: number and short title above title above CRS summary and brief above text, times a gentle recency boost) over number, titles, summary, brief, subjects, policy area, sponsor and the latest text by section, each hit with the section that matched and a snippet. "Quoted phrases" match as phrases, the last word matches as a prefix, and one typo is forgiven in words of five letters or more. Filters, sort, limit and cursor apply to bills. Anonymous or signed in; limited per network (429 with Retry-After); 422 for an overlong query, a word longer than 64 letters once normalised, or a bad filter.',
  method: 'GET',
  path: '/api/search',
  fn: 'search',
  auth: 'optional',
  rateLimit: 'search',
  tags: ['search'],
  summary: 'Bills by number, title or relevance with filters and snippets, members (by name, nickname or state) and topics in one answer',
  query: () =>
    SearchFiltersQuery().extend({
      q: z
        .string()
        .max(SEARCH_QUERY_MAX, { error: `must be at most ${SEARCH_QUERY_MAX} characters` })
        .default('')
        .describe('The search words; "quoted phrases" match as phrases'),
      limit: z.coerce.number().int().min(1).max(50).default(10).describe('How many bills (and members, and topics) to return'),
      cursor: z.string().min(1).max(200).optional().describe("The previous answer's next_cursor: the next page of bills"),
      sort: z.enum(['relevance', 'date']).default('relevance').describe('relevance (default) or date (latest action, newest first)'),
    }),
  response: () => SearchReply(),
});

export const SEARCH_ROUTES = [search];

/**
 * Global search: bills, members and topics in one answer.
 * Steps: 1. bills by number in any common form (one BatchGet of the number
 *   in every Congress held, newest first), or ranked by the search engine over number, titles, summary,
 *   brief, subjects, sponsor and text (shared/adapters/search/live-index.ts), then one
 *   BatchGet of the page's bills;
 *   2. members by either name form or nickname (name-token index Query), and
 *   a state's delegation when the query is its name or code (../members/member-search.ts);
 *   3. topics whose tag contains every word (one Query on the small topic
 *   counter partition, cached for a minute per container). All three run
 *   concurrently; no Scan. A query that is a bill number ("H.R. 3076") cannot
 *   name a member or a topic, so it reads only the bill.
 */
import { billsByNumber } from '#shared/adapters/db/bills-by-number.repository.ts';
import { getBills } from '#shared/adapters/db/bills.repository.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { openCursor, sealCursor } from '#shared/platform/cursor-codec.ts';
import { liveIndex } from '#shared/adapters/search/live-index.ts';
import type { SearchFilters, SearchMatch, SearchSort } from '#shared/adapters/search/search-filters.ts';
import { cachedTopics } from './topics.ts';
import { findMembers } from '#shared/use-cases/members/member-search.ts';
import { parseBillNumber } from '#shared/domain/bills/bill-id.ts';
import { searchQueryProblem } from '#shared/domain/search/query-limits.ts';
import { topicMatches } from '#shared/domain/personal/search-query.ts';
import { billSummary, memberSummary, type BillSummary, type MemberSummary } from '#shared/domain/personal/summaries.ts';

export interface SearchResult {
  q: string;
  bills: (BillSummary & { match: SearchMatch | null })[];
  total: number;
  next_cursor: string | null;
  members: MemberSummary[];
  topics: { topic: string; bill_count: number }[];
}

export interface SearchOptions {
  limit: number;
  cursor?: string;
  sort: SearchSort;
  filters: SearchFilters;
}

/**
 * The cursor of a bill search: the offset of the next page, sealed by the shared cursor codec (as every cursor of
 * this API is), so a forged or foreign cursor is a 422 naming query.cursor.
 */
const SCOPE = 'search offset';
const encodeOffset = (offset: number): string => sealCursor(offset, SCOPE);
function decodeOffset(cursor: string | undefined): number {
  if (!cursor) return 0;
  const offset = openCursor(cursor, SCOPE);
  if (typeof offset === 'number' && Number.isSafeInteger(offset) && offset >= 0) return offset;
  throw new InvalidInputError('The cursor is not one this search returned', [{ path: 'query.cursor', message: 'must be a next_cursor of this search' }]);
}

/** A page of bills from the search engine, with where each matched. */
async function rankedBills(q: string, opts: SearchOptions): Promise<Pick<SearchResult, 'bills' | 'total' | 'next_cursor'>> {
  const offset = decodeOffset(opts.cursor);
  const index = await liveIndex();
  const { hits, total } = index.search({ q, filters: opts.filters, sort: opts.sort, limit: opts.limit, offset });
  const bills = new Map((await getBills(hits.map((h) => h.bill_id))).map((b) => [b.id, b]));
  return {
    bills: hits.flatMap((h) => {
      const bill = bills.get(h.bill_id);
      return bill ? [{ ...billSummary(bill), match: h.match }] : [];
    }),
    total,
    next_cursor: offset + hits.length < total ? encodeOffset(offset + hits.length) : null,
  };
}

/** A 422 for a query with a word no index holds once normalised (and whose key would pass DynamoDB's size limit). */
function refuseOverlongWords(query: string): void {
  const message = searchQueryProblem(query);
  if (message) throw new InvalidInputError(`Invalid query.q: ${message}`, [{ path: 'query.q', message }], 'search.word_too_long');
}

/** Searches bills, members and topics at once; filters, sort and cursor apply to bills. */
export async function search(q: string, opts: SearchOptions): Promise<SearchResult> {
  const query = q.trim();
  const none = { q: query, bills: [], total: 0, next_cursor: null, members: [], topics: [] };
  // A cursor this search did not issue is a 422 whatever the query, the empty one included.
  decodeOffset(opts.cursor);
  if (!query) return none;
  refuseOverlongWords(query);
  if (parseBillNumber(query)) {
    const bills = (await billsByNumber(query, opts.limit)).map((b) => ({ ...billSummary(b), match: null }));
    return { ...none, bills, total: bills.length };
  }
  const [bills, members, topics] = await Promise.all([rankedBills(query, opts), findMembers(query, opts.limit), cachedTopics()]);
  return {
    q: query,
    ...bills,
    members: members.map(memberSummary),
    topics: topics.filter((t) => topicMatches(query, t.topic)).slice(0, opts.limit),
  };
}

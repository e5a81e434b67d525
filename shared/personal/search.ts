/**
 * Global search: bills, members and topics in one answer.
 * Steps: 1. bills by number in any common form or by title words (search
 *   index: GetItem per congress candidate, or a Query per word, then BatchGet);
 *   2. members by either name form (name-token index Query, then BatchGet);
 *   3. topics whose tag contains every word (one Query on the small topic
 *   counter partition, cached for a minute per container). All three run
 *   concurrently; no Scan. A query that is a bill number ("H.R. 3076") cannot
 *   name a member or a topic, so it reads only the bill.
 */
import { searchBills } from '#shared/db/bill-search.repository.ts';
import { listTopicsWithCounts } from '#shared/db/search-index.repository.ts';
import { searchMembers } from '#shared/db/members.repository.ts';
import { parseBillNumber } from '#shared/domain/bills/bill-id.ts';
import { hasOverlongWord, MAX_WORD_LENGTH } from '#shared/domain/bills/title-words.ts';
import { hasOverlongNameToken } from '#shared/domain/members/name-tokens.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { topicMatches } from '#shared/domain/personal/search-query.ts';
import { billSummary, memberSummary, type BillSummary, type MemberSummary } from '#shared/domain/personal/summaries.ts';

export const SEARCH_RESULTS_PER_KIND = 10;

export interface SearchResult {
  q: string;
  bills: BillSummary[];
  members: MemberSummary[];
  topics: { topic: string; bill_count: number }[];
}

/** Topic counts change only when a brief is written; search suggestions may lag them by a minute. */
const TOPIC_CACHE_MS = 60_000;
let topicCache: { at: number; topics: Promise<{ topic: string; bill_count: number }[]> } | undefined;

function cachedTopics(now = Date.now()): Promise<{ topic: string; bill_count: number }[]> {
  if (!topicCache || now - topicCache.at > TOPIC_CACHE_MS) {
    const topics = listTopicsWithCounts();
    topicCache = { at: now, topics };
    // A failed read must not be served from the cache.
    topics.catch(() => {
      if (topicCache?.topics === topics) topicCache = undefined;
    });
  }
  return topicCache.topics;
}

/** A 422 for a query with a word no title or name can hold once normalised: its key would pass DynamoDB's size limit. */
function refuseOverlongWords(query: string): void {
  if (!hasOverlongWord(query) && !hasOverlongNameToken(query)) return;
  const message = `has a word longer than ${MAX_WORD_LENGTH} letters once normalised`;
  throw new InvalidInputError(`Invalid query.q: ${message}`, [{ path: 'query.q', message }], 'search.word_too_long');
}

/** Searches bills, members and topics at once. */
export async function search(q: string, limit = SEARCH_RESULTS_PER_KIND): Promise<SearchResult> {
  const query = q.trim();
  if (!query) return { q: query, bills: [], members: [], topics: [] };
  refuseOverlongWords(query);
  if (parseBillNumber(query)) return { q: query, bills: (await searchBills(query, limit)).map(billSummary), members: [], topics: [] };
  const [bills, members, topics] = await Promise.all([searchBills(query, limit), searchMembers(query, limit), cachedTopics()]);
  return {
    q: query,
    bills: bills.map(billSummary),
    members: members.map(memberSummary),
    topics: topics.filter((t) => topicMatches(query, t.topic)).slice(0, limit),
  };
}

/** Topic tags with bill counts (GET /api/topics). */
export const topics = (): Promise<{ topic: string; bill_count: number }[]> => listTopicsWithCounts();

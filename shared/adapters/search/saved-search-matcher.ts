/**
 * Which saved searches new documents match (the `search` follows that alert,
 * docs/architecture.md "Saved searches that alert"). The new documents are
 * loaded into a small in-memory index of their own, and each saved query runs
 * there under its filters: the same engine, query parser, filters and
 * snippets as GET /api/search, but over the few new documents, never over the
 * whole index. Before a query runs, its words are looked up in the documents'
 * words: a search with a word that is not among them (nor one typo away from
 * one of them, for a long word) cannot match and is skipped without touching
 * the engine, so most of thousands of saved searches cost a Set lookup per
 * word, and the engine runs only the few that can match (a search whose
 * plain filters, such as its Congress, no new document meets is skipped too).
 */
import { matchableQuery, type SavedSearchFilters } from '#shared/domain/search/saved-search.schema.ts';
import { SEARCH_COLUMNS, type SearchDocument } from '#shared/domain/search/search-document.ts';
import { oneEditAway, parseQuery, tokens, TYPO_MIN_LENGTH, type QueryTerm } from '#shared/domain/search/search-query.ts';
import { bestPassage } from '#shared/domain/search/snippet.ts';
import type { SearchFilters, SearchMatch } from './search-filters.ts';
import { SearchIndex } from './search-index.ts';

/** A saved filter set is what the engine takes (a compile error here when the two schemas drift apart). */
const engineFilters = (f: SavedSearchFilters): SearchFilters => f;

export interface SavedQuery {
  key: string;
  q: string;
  filters: SavedSearchFilters;
}

export interface SavedSearchMatch {
  key: string;
  bill_id: string;
  /** Where the bill matched; the title when no passage holds the words (a title-only match). */
  match: SearchMatch;
}

/**
 * Whether a term could match documents with these words: each of its words is
 * among them, or (a bare long word) one edit away from one of them, which the
 * engine's typo tolerance would take. `near` remembers the answer per word:
 * thousands of saved searches share few words.
 */
function mayMatch(term: QueryTerm, words: ReadonlySet<string>, near: Map<string, boolean>): boolean {
  return term.tokens.every((t) => {
    if (words.has(t)) return true;
    if (term.kind !== 'word' || t.length < TYPO_MIN_LENGTH || /^\d+$/u.test(t)) return false;
    let found = near.get(t);
    if (found === undefined) near.set(t, (found = oneEditAway(t).some((v) => words.has(v))));
    return found;
  });
}

/** The plain-column filters, compared with a document's own fields. */
const EQUALITY_FILTERS = ['congress', 'chamber', 'type', 'status', 'sponsor_id', 'has_document'] as const;

/**
 * Whether some document could pass the search's filters, judged on the plain columns alone: a cheap
 * way to skip the engine for a search whose filters no new document meets. The engine still applies
 * every filter (topics and dates included) to what is left.
 */
function mayPassFilters(filters: SavedSearchFilters, docs: SearchDocument[]): boolean {
  return docs.some((d) => EQUALITY_FILTERS.every((k) => filters[k] === undefined || filters[k] === d[k]));
}

function wordsOf(doc: SearchDocument): Set<string> {
  return new Set(SEARCH_COLUMNS.flatMap((c) => tokens(String(doc[c.name]))));
}

/**
 * The (saved search, bill) pairs among `docs` and `searches`, in the order of
 * `searches` then of the docs: deterministic, so a retry finds the same pairs.
 */
export function matchSavedSearches(docs: SearchDocument[], searches: SavedQuery[], now = new Date()): SavedSearchMatch[] {
  if (docs.length === 0 || searches.length === 0) return [];
  const words = new Set(docs.flatMap((d) => [...wordsOf(d)]));
  const near = new Map<string, boolean>();
  const candidates = searches.filter((s) => {
    if (!mayPassFilters(s.filters, docs)) return false;
    const terms = parseQuery(matchableQuery(s.q));
    return terms.length > 0 && terms.every((t) => mayMatch(t, words, near));
  });
  if (candidates.length === 0) return [];
  const titles = new Map(docs.map((d) => [d.bill_id, d.title]));
  // A bill can match on its title or number alone: its title, with the words marked, is then the passage.
  const titleMatch = (billId: string, q: string): SearchMatch =>
    bestPassage([{ label: 'Title', body: titles.get(billId) ?? '' }], parseQuery(q)) ?? { section: 'Title', snippet: '' };
  const index = SearchIndex.open(':memory:');
  try {
    index.upsert(docs);
    return candidates.flatMap((s) =>
      index
        .search({ q: matchableQuery(s.q), filters: engineFilters(s.filters), sort: 'relevance', limit: docs.length, offset: 0 }, now)
        .hits.map((h) => ({ key: s.key, bill_id: h.bill_id, match: h.match ?? titleMatch(h.bill_id, matchableQuery(s.q)) })),
    );
  } finally {
    index.close();
  }
}

/**
 * Which saved searches new documents match (the `search` follows that alert,
 * docs/search.md "Saved searches that alert"). The saved searches are
 * indexed once by a key word each, the longest word every match must hold
 * (issue 32.7): a batch of new documents looks up its own words in that
 * index, and only the searches whose key word it holds (or, for a word the
 * engine may correct, holds within one edit: both sides are indexed by their
 * one-letter deletions) are candidates; the others cost nothing. So the work
 * grows with the new text and the searches it can match, not with the number
 * of saved searches. Each candidate then runs under its filters in a small
 * in-memory index of the new documents: the same engine, query parser,
 * filters and snippets as GET /api/search, over the few new documents.
 */
import { matchableQuery, type SavedSearchFilters } from '#shared/domain/search/saved-search.schema.ts';
import { SEARCH_COLUMNS, type SearchDocument } from '#shared/domain/search/search-document.ts';
import { correctable, parseQuery, tokens, TYPO_MAX_LENGTH, TYPO_MIN_LENGTH } from '#shared/domain/search/search-query.ts';
import { bestPassage } from '#shared/domain/search/snippet.ts';
import { passesEqualities } from './filter-columns.ts';
import type { SearchMatch } from './search-filters.ts';
import { SearchIndex } from './search-index.ts';

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

/** Every string one letter shorter than `word`. */
const deletions = (word: string): string[] => [...new Set(Array.from(word, (_, i) => word.slice(0, i) + word.slice(i + 1)))];

/** The words every match of `q` holds, each with whether the engine may correct it (a typo-tolerant word). */
function requiredWords(q: string): { word: string; fuzzy: boolean }[] {
  return parseQuery(matchableQuery(q)).flatMap((t) => t.tokens.map((w) => ({ word: w, fuzzy: t.kind === 'word' && correctable(w) })));
}

/**
 * The word a search indexes under: of the words every match holds, the longest (the rarest, near
 * enough), a word the engine never corrects before one it may; null when the query has no word.
 */
function keyWord(required: { word: string; fuzzy: boolean }[]): { word: string; fuzzy: boolean } | null {
  const best = [...required].sort((a, b) => Number(a.fuzzy) - Number(b.fuzzy) || b.word.length - a.word.length || a.word.localeCompare(b.word))[0];
  return best ?? null;
}

/** Whether `word` is one edit from a word of `words` (whose one-letter deletions are computed once per set). */
const deletionSets = new WeakMap<ReadonlySet<string>, Set<string>>();
function nearOne(word: string, words: ReadonlySet<string>): boolean {
  let dels = deletionSets.get(words);
  if (!dels) deletionSets.set(words, (dels = new Set([...words].filter(correctable).flatMap(deletions))));
  return dels.has(word) || deletions(word).some((d) => words.has(d) || dels.has(d));
}

function wordsOf(doc: SearchDocument): string[] {
  return SEARCH_COLUMNS.flatMap((c) => tokens(String(doc[c.name])));
}

/** Saved searches indexed by their key word, built once and matched against many batches of new documents. */
export class SavedSearchIndex {
  private readonly searches: readonly SavedQuery[];
  /** Key word → the searches (by place) indexed under it; one-letter deletions of a fuzzy key word in `byDeletion`. */
  private readonly byWord = new Map<string, number[]>();
  private readonly byDeletion = new Map<string, number[]>();
  /** The words every match of each search holds: a candidate must find them all in the new text (a correctable one within an edit). */
  private readonly required: { word: string; fuzzy: boolean }[][] = [];

  constructor(searches: readonly SavedQuery[]) {
    this.searches = searches;
    const add = (map: Map<string, number[]>, word: string, at: number) => {
      const list = map.get(word);
      if (list) list.push(at);
      else map.set(word, [at]);
    };
    searches.forEach((s, at) => {
      const required = requiredWords(s.q);
      this.required[at] = required;
      const key = keyWord(required);
      if (!key) return;
      add(this.byWord, key.word, at);
      if (key.fuzzy) for (const d of deletions(key.word)) add(this.byDeletion, d, at);
    });
  }

  get size(): number {
    return this.searches.length;
  }

  /**
   * The searches whose key word the documents hold, exactly or one edit away (a deletion, insertion,
   * substitution or transposition shares a one-letter deletion with it), and every other word too,
   * in the order of the searches.
   */
  candidates(docs: SearchDocument[]): SavedQuery[] {
    const found = new Set<number>();
    const take = (list: number[] | undefined) => list?.forEach((at) => found.add(at));
    const words = new Set(docs.flatMap(wordsOf));
    for (const word of words) {
      take(this.byWord.get(word));
      if (word.length < TYPO_MIN_LENGTH - 1 || word.length > TYPO_MAX_LENGTH + 1) continue;
      // The word is a key's deletion (the key has one letter more), or shares a deletion with it.
      take(this.byDeletion.get(word));
      for (const d of deletions(word)) {
        take(this.byWord.get(d));
        take(this.byDeletion.get(d));
      }
    }
    return [...found]
      .filter((at) => (this.required[at] ?? []).every((r) => words.has(r.word) || (r.fuzzy && nearOne(r.word, words))))
      .sort((a, b) => a - b)
      .map((at) => this.searches[at] as SavedQuery);
  }

  /**
   * The (saved search, bill) pairs among `docs`, in the order of the searches then of the docs:
   * deterministic, so a retry finds the same pairs.
   */
  match(docs: SearchDocument[], now = new Date()): SavedSearchMatch[] {
    if (docs.length === 0 || this.searches.length === 0) return [];
    const candidates = this.candidates(docs).filter((s) => docs.some((d) => passesEqualities(s.filters, d)));
    if (candidates.length === 0) return [];
    const titles = new Map(docs.map((d) => [d.bill_id, d.title]));
    // A bill can match on its title or number alone: its title, with the words marked, is then the passage.
    const titleMatch = (billId: string, q: string): SearchMatch =>
      bestPassage([{ label: 'Title', body: titles.get(billId) ?? '' }], parseQuery(q)) ?? { section: 'Title', snippet: '' };
    // The order of hits does not matter here: each search's hits are all of its matches.
    const index = SearchIndex.open(':memory:', { exactTitles: false });
    try {
      index.upsert(docs);
      return candidates.flatMap((s) =>
        index
          .search({ q: matchableQuery(s.q), filters: s.filters, sort: 'relevance', limit: docs.length, offset: 0 }, now)
          .hits.map((h) => ({ key: s.key, bill_id: h.bill_id, match: h.match ?? titleMatch(h.bill_id, matchableQuery(s.q)) })),
      );
    } finally {
      index.close();
    }
  }
}

/** The (saved search, bill) pairs among `docs` and `searches` (./SavedSearchIndex, built for this call). */
export function matchSavedSearches(docs: SearchDocument[], searches: SavedQuery[], now = new Date()): SavedSearchMatch[] {
  return new SavedSearchIndex(searches).match(docs, now);
}

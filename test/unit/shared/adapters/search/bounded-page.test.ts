/**
 * The word ranker's bounded answer (shared/adapters/search/bounded-page.ts,
 * issue 32.7) over an in-memory word source: a query of words most bills hold
 * makes at most LOOKUP_BUDGET (bill, word) lookups however many bills hold
 * them, and still answers as the exact ranker does (the exact ranker is held to
 * a full scan by test/integration/shared/adapters/search/word-ranker.test.ts):
 * the same best bill and most of its page by relevance, the same page by date,
 * the exact total of one word and a close estimate of several.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '#bench/support/query-words.ts';
import { encodeBillWords } from '#shared/domain/search/bill-words.ts';
import { LOOKUP_BUDGET } from '#shared/adapters/search/bounded-page.ts';
import { DocColumns } from '#shared/adapters/search/doc-columns.ts';
import { DENSE_SHARE, DensePostings, encodeDense } from '#shared/adapters/search/dense-postings.ts';
import { encodePostings, type Postings } from '#shared/adapters/search/posting-codec.ts';
import type { StoredHead } from '#shared/adapters/search/word-heads.ts';
import { WordSizes } from '#shared/adapters/search/word-sizes.ts';
import type { SearchRequest } from '#shared/adapters/search/search-filters.ts';
import { PREFIX_MAX_WORDS, SHORT_PREFIX_MAX_WORDS, WordRanker, type WordQuery, type WordSource } from '#shared/adapters/search/word-ranker.ts';

const NOW = new Date('2026-06-01T00:00:00Z');
/** Words and the share of bills holding each: the first four are in most bills. */
const SHARES: [string, number][] = [
  ['alpha', 0.95],
  ['beta', 0.9],
  ['gamma', 0.85],
  ['delta', 0.8],
  ...Array.from({ length: 40 }, (_, i): [string, number] => [`co${String.fromCharCode(97 + (i % 26))}${i}`, 0.02 + i * 0.005]),
];

function corpus(bills: number, seed: number): WordSource {
  const r = seededRandom(seed);
  const cols = new DocColumns();
  const postings = new Map<string, { rids: number[]; freqs: number[] }>(SHARES.map(([w]) => [w, { rids: [], freqs: [] }]));
  for (let rid = 1; rid <= bills; rid++) {
    const year = 1995 + Math.floor(r() * 32);
    const date = `${year}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-15`;
    cols.set({
      rid,
      length: 40 + Math.floor(r() * 2000),
      date,
      congress: 104 + Math.floor((year - 1995) / 2),
      chamber: r() < 0.5 ? 'house' : 'senate',
      type: 'hr',
      status: 'introduced',
      sponsor_id: null,
      has_document: r() < 0.5,
    });
    for (const [word, share] of SHARES) {
      if (r() >= share) continue;
      const p = postings.get(word);
      p?.rids.push(rid);
      p?.freqs.push(1 + Math.floor(r() * r() * 30));
    }
  }
  const compact = (p: { rids: number[]; freqs: number[] }): Postings => ({ rids: Uint32Array.from(p.rids), freqs: Uint32Array.from(p.freqs) });
  const size = (w: string) => postings.get(w)?.rids.length ?? 0;
  return {
    postings: (w) => {
      const p = postings.get(w);
      return p ? compact(p) : null;
    },
    known: (words) => new Map(words.filter((w) => postings.has(w)).map((w) => [w, size(w)])),
    completions: (prefix, limit) =>
      new Map(
        [...postings.keys()]
          .filter((w) => w.startsWith(prefix))
          .sort((a, b) => size(b) - size(a))
          .slice(0, limit)
          .map((w) => [w, size(w)]),
      ),
    staleRids: () => [],
    columns: () => cols,
    savedDateOrder: () => null,
    recentWords: () => [],
    commonWords: () => [],
    digitRuns: () => null,
    universalWords: () => null,
    wordSizes: () => null,
    topicRids: () => [],
  };
}

const request = (sort: 'relevance' | 'date', filters: SearchRequest['filters'] = {}) => ({ filters, sort, offset: 0, limit: 10 });
const words = (...ws: string[]): WordQuery => ws.map((w) => [{ words: [w] }]);

describe('the bounded answer of a query of common words', () => {
  const source = corpus(60_000, 5);
  const bounded = new WordRanker(source, { exactMaxPostings: 1_000 });
  const exact = new WordRanker(source, { exactMaxPostings: Number.POSITIVE_INFINITY });

  it('makes at most LOOKUP_BUDGET lookups, at 60,000 bills as at 180,000', () => {
    const large = new WordRanker(corpus(180_000, 6), { exactMaxPostings: 1_000 });
    for (const ranker of [bounded, large])
      for (const sort of ['relevance', 'date'] as const) {
        ranker.search(words('alpha', 'beta', 'gamma', 'delta'), request(sort), NOW);
        expect(ranker.lastLookups).toBeGreaterThan(0);
        expect(ranker.lastLookups).toBeLessThanOrEqual(LOOKUP_BUDGET);
      }
    // The exact ranker reads every posting of the rarest word: no budget applies.
    exact.search(words('alpha', 'beta', 'gamma', 'delta'), request('relevance'), NOW);
    expect(exact.lastLookups).toBe(0);
  });

  it("puts one word's best bills first, in the exact order, with the exact total", () => {
    for (const filters of [{}, { chamber: 'senate' as const }]) {
      const want = exact.search(words('alpha'), request('relevance', filters), NOW);
      const got = bounded.search(words('alpha'), request('relevance', filters), NOW);
      expect(got.rids).toEqual(want.rids);
      if (Object.keys(filters).length === 0) expect(got.total).toBe(want.total);
      else expect(Math.abs(got.total - want.total) / want.total).toBeLessThan(0.05);
    }
  });

  it('finds the best bill of four common words and most of its page, and estimates the total within 5%', () => {
    for (const filters of [{}, { has_document: true }]) {
      const want = exact.search(words('alpha', 'beta', 'gamma', 'delta'), request('relevance', filters), NOW);
      const got = bounded.search(words('alpha', 'beta', 'gamma', 'delta'), request('relevance', filters), NOW);
      expect(got.rids[0]).toBe(want.rids[0]);
      expect(got.rids.filter((rid) => want.rids.includes(rid)).length).toBeGreaterThanOrEqual(7);
      expect(Math.abs(got.total - want.total) / want.total).toBeLessThan(0.05);
    }
  });

  it('ranks a bill written since compaction (in no head) where the exact ranker does', () => {
    const live = new WordRanker(corpus(60_000, 5), { exactMaxPostings: 1_000 });
    const query = words('alpha', 'beta', 'gamma', 'delta');
    live.search(query, request('relevance'), NOW);
    const freqs = new Map(['alpha', 'beta', 'gamma', 'delta'].map((w) => [w, 40]));
    const row = {
      rid: 60_001,
      length: 60,
      date: '2026-05-01',
      congress: 119,
      chamber: 'house',
      type: 'hr',
      status: 'introduced',
      sponsor_id: null,
      has_document: true,
    };
    live.written(row, encodeBillWords({ freqs, length: 60, columns: [[0, 1, 2, 3]] }));
    const page = live.search(query, request('relevance'), NOW);
    expect(page.rids[0]).toBe(60_001);
  });

  it("scores a filtered query whole when the rarest word's bills that pass the filter fit the budget: the exact page and total", () => {
    // One Congress of 16 holds about 3,500 of the 56,000 bills of "alpha".
    for (const query of [words('alpha'), words('beta', 'alpha')]) {
      const want = exact.search(query, request('relevance', { congress: 106 }), NOW);
      expect(bounded.search(query, request('relevance', { congress: 106 }), NOW)).toEqual(want);
    }
  });

  it("draws a filtered query's candidates from the bills that pass, best by the rarest word, when they are too many to score whole", () => {
    // The oldest ten years: a word's head favours recent bills (recency), so few of it pass.
    const query = words('alpha', 'beta', 'gamma', 'delta');
    const filters = { from: '1995-01-01', to: '2004-12-31' };
    const want = exact.search(query, request('relevance', filters), NOW);
    const got = bounded.search(query, request('relevance', filters), NOW);
    expect(bounded.lastLookups).toBeLessThanOrEqual(LOOKUP_BUDGET);
    expect(got.rids.filter((rid) => want.rids.includes(rid)).length).toBeGreaterThanOrEqual(9);
  });

  it('answers newest first exactly, filtered or not', () => {
    for (const filters of [{}, { chamber: 'house' as const }, { congress: 106 }]) {
      const query = words('delta', 'gamma');
      expect(bounded.search(query, request('date', filters), NOW).rids).toEqual(exact.search(query, request('date', filters), NOW).rids);
    }
  });

  it('expands a 2-letter prefix to its few commonest words, a longer one to more', () => {
    const ranker = new WordRanker(source);
    const short = ranker.completions('co');
    expect(short).toHaveLength(SHORT_PREFIX_MAX_WORDS);
    // The commonest completions: the shares grow with the word's place in SHARES.
    expect(short).toContain('con39');
    expect(ranker.completions('coa').length).toBeLessThanOrEqual(PREFIX_MAX_WORDS);
    expect(ranker.completions('coa').length).toBeGreaterThan(0);
  });
});

/** The corpus as a compaction since issue 32.7 keeps it: the words' sizes, each word of an eighth of the bills or more also dense, and stored heads when given. */
function compacted(source: WordSource, heads: (word: string) => StoredHead | null = () => null): WordSource {
  const words = SHARES.map(([w]) => w);
  const sizes = WordSizes.of(words.map((w) => [w, encodePostings(source.postings(w) ?? { rids: new Uint32Array(0), freqs: new Uint32Array(0) }).length]));
  const bills = source.columns().count;
  return {
    ...source,
    wordSizes: () => sizes,
    densePostings: (w) => {
      const p = source.postings(w);
      return p && p.rids.length >= bills * DENSE_SHARE ? DensePostings.read(encodeDense(p)) : null;
    },
    storedHead: heads,
  };
}

describe('a query of common words over what compaction stores for them', () => {
  const source = corpus(60_000, 5);
  const queries = [words('alpha'), words('alpha', 'beta', 'gamma', 'delta'), words('delta', 'coz25')];
  const requests = [request('relevance'), request('relevance', { chamber: 'senate' }), request('date'), request('date', { congress: 106 })];

  it('answers from dense postings exactly as from the varints, bounded or exact', () => {
    for (const exactMaxPostings of [1_000, Number.POSITIVE_INFINITY]) {
      const varints = new WordRanker(source, { exactMaxPostings });
      const dense = new WordRanker(compacted(source), { exactMaxPostings });
      for (const query of queries) for (const req of requests) expect(dense.search(query, req, NOW)).toEqual(varints.search(query, req, NOW));
      // The dense words were read dense: none of their varints decoded.
      dense.search(words('alpha', 'beta'), request('relevance'), NOW);
      expect(dense.lastDecoded).toBe(0);
    }
  });

  it('asks for the dense row of a word an eighth of the bills hold, never of a rarer word', () => {
    const asked: string[] = [];
    const inner = compacted(source);
    const ranker = new WordRanker({ ...inner, densePostings: (w) => (asked.push(w), inner.densePostings?.(w) ?? null) });
    // "cok10" is in 7% of the bills: its varints take more than an eighth of a byte a bill, not the quarter a dense word's do.
    ranker.search(words('coa0', 'cok10'), request('relevance'), NOW);
    expect(asked).toEqual([]);
    ranker.search(words('coa0', 'alpha'), request('relevance'), NOW);
    expect(asked).toEqual(['alpha']);
  });

  it("takes a word's candidates from the head compaction stored for the query's year", () => {
    const plain = new WordRanker(source, { exactMaxPostings: 1_000 });
    const query = words('alpha', 'beta', 'gamma', 'delta');
    const want = plain.search(query, request('relevance'), NOW);
    // A head of one bill that holds every word but is not among the best: the page then holds it.
    const all = ['alpha', 'beta', 'gamma', 'delta'].map((w) => new Set(source.postings(w)?.rids));
    const modest = [...(all[0] ?? [])].find((rid) => all.every((s) => s.has(rid)) && !want.rids.includes(rid)) ?? 0;
    const ofYear = (year: number) => () => ({ year, rids: Uint32Array.of(modest) });
    const stored = new WordRanker(compacted(source, ofYear(2026)), { exactMaxPostings: 1_000 });
    expect(stored.search(query, request('relevance'), NOW).rids).toContain(modest);
    // A head stored for another year weighs recency otherwise: the ranker builds its own.
    const stale = new WordRanker(compacted(source, ofYear(2025)), { exactMaxPostings: 1_000 });
    expect(stale.search(query, request('relevance'), NOW)).toEqual(want);
  });
});

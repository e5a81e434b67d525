/**
 * A page of a query whose every group is held by many bills, within a fixed
 * budget of work (issue 32.7: no search may cost more than 50 ms of CPU at
 * 350,000 bills, whatever its text). The exact path (./word-ranker.ts) scores
 * every bill that holds the rarest group, which for "the", "united states
 * code" or a two-letter prefix is most of the index. Here:
 *
 * - the bills holding the rarest group and passing the filters are marked in
 *   one pass of a few array reads each (the pool); when the pool is small
 *   enough every bill of it is scored, and the page is exact;
 * - otherwise, by relevance, the candidates are each word's head (its bills
 *   by BM25 weight times recency, best first: ./word-heads.ts), and only
 *   those are scored in full; by date, bills are walked newest first and the
 *   first that match make the page, which is exact;
 * - the total is then counted on an even sample of the pool and scaled.
 *
 * Either way a query scores at most LOOKUP_BUDGET (bill, word) pairs, and its heads weigh at
 * most HEAD_MAX_POSTINGS postings (beyond its rarest word's).
 */
import { idf, termWeight } from '#shared/domain/search/bm25.ts';
import { recencyOfYear } from '#shared/domain/search/search-document.ts';
import type { DocColumns } from './doc-columns.ts';
import type { SearchRequest } from './search-filters.ts';
import { TopK } from './top-k.ts';
import { HEAD_MAX } from './word-heads.ts';

/** (bill, word) frequency lookups a query may make: each a binary search in a word's postings. */
export const LOOKUP_BUDGET = 50_000;
/**
 * Lookups a filtered query's pool may take to be scored whole (exact): fewer than the budget, since
 * walking the rarest word's postings to find the pool costs too; a larger pool gives candidates.
 */
const POOL_BUDGET = LOOKUP_BUDGET / 8;
/** The candidates each completion of a prefix lends a query of that prefix alone (at least; else 8 times the page). */
const ONE_GROUP_HEAD = 128;
/** Bills of the pool whose match of every group is checked to estimate the total. */
const TOTAL_SAMPLE = 2_048;

/** A word's bills without reading its postings whole: its count, a bill's frequency, and visits of its current bills. */
export interface WordLookup {
  df: number;
  freqOf(rid: number): number;
  /** Every current bill holding the word, in row-id order, with its frequency. */
  each(visit: (rid: number, f: number) => void): void;
  /** The bills holding the word that were written since the postings were compacted (none is in a head). */
  recent(visit: (rid: number) => void): void;
  /** Current bills holding the word, the newest written first, until `visit` answers false. */
  newest(visit: (rid: number) => boolean): void;
  /** About `count` bills holding the word, evenly spread over its postings. */
  sample(count: number): number[];
}

/** What the bounded page reads of the ranker. */
export interface BoundedSource {
  cols: DocColumns;
  lookup(word: string): WordLookup;
  /** Up to `size` bills holding a word, best first by its BM25 weight times recency. */
  head(word: string, size: number, now: Date): ArrayLike<number>;
  /** Every bill, newest first (ties: the higher row id first). */
  dateOrder(): ArrayLike<number>;
  /** Scratch, one slot per row id, zero between queries. */
  mark: Uint8Array;
}

/** The query's groups, the rarest first; a group matches when any of its phrases does; a phrase's frequency is its words' sum. */
export type BoundedQuery = { words: string[] }[][];

export interface BoundedPage {
  rids: number[];
  total: number;
  /** (bill, word) lookups made: the work the budget bounds. */
  lookups: number;
  /** The postings of the words whose heads the page took (HEAD_MAX_POSTINGS). */
  weighed: number;
}

export function boundedPage(
  src: BoundedSource,
  query: BoundedQuery,
  passes: (rid: number) => boolean,
  req: Pick<SearchRequest, 'sort' | 'offset' | 'limit'>,
  now: Date,
  pins: readonly number[],
  unfiltered: boolean,
): BoundedPage {
  const { cols, mark } = src;
  const n = cols.count;
  const averageLength = n > 0 ? cols.totalLength / n : 1;
  const groups = query.map((group) =>
    group.map(({ words }) => {
      const lookups = words.map((w) => src.lookup(w));
      // A prefix's completions overlap: the sum of their counts stands for the count of their union.
      return {
        words,
        lookups,
        df: Math.min(
          n,
          lookups.reduce((a, l) => a + l.df, 0),
        ),
      };
    }),
  );
  const phrases = groups.map((group) => group.map((p) => ({ ...p, weight: idf(n, p.df) })));
  const words = groups.reduce((a, g) => a + g.reduce((b, p) => b + p.lookups.length, 0), 0);
  const rarest = groups[0] ?? [];
  let lookups = 0;
  const budget = () => lookups < LOOKUP_BUDGET;
  /** The bill's score over every group, or -1 when a group misses it. */
  const scoreOf = (rid: number): number => {
    let score = 0;
    const length = cols.length[rid] ?? 0;
    for (const group of phrases) {
      let held = false;
      for (const p of group) {
        let f = 0;
        for (const l of p.lookups) f += l.freqOf(rid);
        lookups += p.lookups.length;
        if (f > 0) {
          held = true;
          score += termWeight(p.weight, f, length, averageLength);
        }
      }
      if (!held) return -1;
    }
    return score;
  };

  const wanted = req.offset + req.limit;
  const pinRank = new Map(req.sort === 'relevance' ? pins.map((rid, i) => [rid, i]) : []);
  const pinned = pins.filter((rid) => pinRank.has(rid) && cols.alive[rid] === 1 && passes(rid) && scoreOf(rid) >= 0);
  const page = new TopK(wanted, req.sort === 'date');
  const recency = new Map<number, number>();
  const recencyOf = (rid: number): number => {
    const year = Math.floor((cols.date[rid] ?? 0) / 10_000);
    let r = recency.get(year);
    if (r === undefined) {
      r = recencyOfYear(year, now);
      recency.set(year, r);
    }
    return r;
  };
  const offer = (rid: number, score: number) => {
    if (pinRank.has(rid)) return;
    if (req.sort === 'date') return page.offer(rid, cols.date[rid] ?? 0);
    page.offer(rid, score * recencyOf(rid));
  };
  /** Scores a bill once (mark 1: seen), and offers it when it passes and matches. */
  const consider = (rid: number) => {
    if (mark[rid] === 1) return;
    mark[rid] = 1;
    seen.push(rid);
    if (!passes(rid)) return;
    const s = scoreOf(rid);
    if (s >= 0) offer(rid, s);
  };
  const seen: number[] = [];
  let total: number;
  let weighed = 0;
  const rarestDf = rarest.reduce((a, p) => a + p.df, 0);
  // With filters, the rarest group's bills that pass them (the pool, counted once per word of the
  // group: a bound), one filter check each: a filtered common word is often few enough to score whole.
  let exact = rarestDf * words <= LOOKUP_BUDGET;
  if (!unfiltered && !exact) {
    let pool = 0;
    for (const p of rarest)
      for (const l of p.lookups)
        l.each((rid) => {
          if (passes(rid)) pool += 1;
        });
    exact = pool * words <= POOL_BUDGET;
  }
  if (exact) {
    // Few enough to score whole: the page and the total are exact.
    total = 0;
    for (const p of rarest)
      for (const l of p.lookups)
        l.each((rid) => {
          if (mark[rid] === 1) return;
          mark[rid] = 1;
          seen.push(rid);
          if (!passes(rid)) return;
          const s = scoreOf(rid);
          if (s < 0) return;
          total += 1;
          offer(rid, s);
        });
  } else {
    const single = groups.length === 1 && rarest.length === 1 && rarest[0]?.lookups.length === 1;
    total = single && unfiltered ? Math.min(n, rarestDf) : estimateTotal(rarest, passes, groups.length === 1 && unfiltered ? null : scoreOf);
    if (req.sort === 'date') {
      // Newest first: the first bills that match are the page, exactly.
      const order = src.dateOrder();
      for (let i = 0; i < order.length && page.size < wanted && budget(); i++) consider(order[i] ?? 0);
    } else {
      if (!unfiltered) {
        // Filtered: the pool's best by the rarest group's own part of the score (no lookup: its
        // postings carry it) are candidates first, for a word's head may hold few that pass.
        // One word: its own part is the whole score, so its best that pass are the page.
        const best = new TopK(single ? wanted : Math.max(wanted, Math.floor(LOOKUP_BUDGET / (2 * Math.max(1, words)))), false);
        for (const p of phrases[0] ?? [])
          for (const l of p.lookups)
            l.each((rid, f) => {
              if (passes(rid)) best.offer(rid, termWeight(p.weight, f, cols.length[rid] ?? 0, averageLength) * recencyOf(rid));
            });
        for (const rid of best.sorted()) if (budget()) consider(rid);
      }
      // Each word's share of the heads goes with its weight: the rarer words decide most of a score.
      const weights = phrases.flatMap((group) => group.flatMap((p) => p.words.map((word, k) => ({ word, weight: p.weight, df: p.lookups[k]?.df ?? 0 }))));
      const sum = weights.reduce((a, w) => a + w.weight, 0) || 1;
      // Bills written since compaction are in no head: each is a candidate (they are few: the ranker answers within a budget only while they are).
      for (const group of phrases) for (const p of group) for (const l of p.lookups) l.recent((rid) => budget() && consider(rid));
      const entries = Math.max(0, LOOKUP_BUDGET - lookups) / words;
      // One group: a word's head is its page, best first (the rank cannot change past `wanted`); a
      // prefix's completions each lend a few more, since a bill's frequency is their sum.
      const most = groups.length > 1 ? HEAD_MAX : single ? wanted : Math.max(ONE_GROUP_HEAD, 8 * wanted);
      for (const { word, weight, df } of weights) {
        // A head weighs every bill of its word: the rarer words' heads first, within HEAD_MAX_POSTINGS.
        if (weighed > 0 && weighed + df > HEAD_MAX_POSTINGS) continue;
        weighed += df;
        const size = Math.min(most, Math.max(16, Math.min(HEAD_MAX, Math.floor((entries * weight) / sum))));
        const head = src.head(word, size, now);
        for (let i = 0; i < head.length && budget(); i++) consider(head[i] ?? 0);
      }
      // Too few heads matched every group (filters, or words seldom together): the newest bills of the rarest group fill the page.
      const filling = () => page.size < wanted && budget();
      for (const p of rarest)
        for (const l of p.lookups)
          if (filling())
            l.newest((rid) => {
              if (!filling()) return false;
              consider(rid);
              return true;
            });
    }
    total = Math.max(total, pinned.length + page.size);
  }
  for (const rid of seen) mark[rid] = 0;
  pinned.sort((a, b) => (pinRank.get(a) ?? 0) - (pinRank.get(b) ?? 0));
  return { rids: [...pinned, ...page.sorted()].slice(req.offset, wanted), total, lookups, weighed };
}

/**
 * The postings the heads of one query weigh together, its words rarest first (the rarest always):
 * a word's first head weighs every bill holding it, so the commonest words of a long query, which
 * weigh least in a score, lend no candidates of their own (issue 32.7).
 */
export const HEAD_MAX_POSTINGS = 200_000;

/**
 * The total, estimated: the rarest group's bills counted on an even sample of each of its words
 * (a bill counted under the first of its words that holds it), the share that passes the filters
 * and matches every group, scaled to the word's count. `scoreOf` null: the group is the query and
 * nothing filters, so every bill holding it matches (a prefix alone: no lookup of its completions).
 */
function estimateTotal(rarest: { lookups: WordLookup[] }[], passes: (rid: number) => boolean, scoreOf: ((rid: number) => number) | null): number {
  const all = rarest.flatMap((p) => p.lookups);
  const each = Math.max(1, Math.floor(TOTAL_SAMPLE / Math.max(1, all.length)));
  let total = 0;
  all.forEach((l, j) => {
    const sample = l.sample(each);
    if (sample.length === 0) return;
    let matched = 0;
    for (const rid of sample) if (firstHolder(all, rid) === j && passes(rid) && (scoreOf === null || scoreOf(rid) >= 0)) matched += 1;
    total += (matched / sample.length) * l.df;
  });
  return Math.round(total);
}

/** The first of the lookups that holds the bill (its sample counts it), without a list per bill: a query's first run counts its collections too. */
function firstHolder(all: WordLookup[], rid: number): number {
  for (let k = 0; k < all.length; k++) if ((all[k] as WordLookup).freqOf(rid) > 0) return k;
  return all.length;
}

/**
 * Ranks a query of words (and two-word phrases of common words, whose postings
 * are kept like a word's) in JavaScript over the index's word postings: every
 * matching bill is scored with FTS5's own BM25 formula
 * (../domain/search/bm25.ts) times the recency factor, filtered on in-memory
 * columns, and the best kept, with the exact total. A match costs a few array
 * reads where FTS5's bm25() costs a row lookup and a cursor step, so a word in
 * 150,000 bills ranks in milliseconds (docs/search.md).
 *
 * Postings come from two places: those compacted into the file at the last
 * optimize (read per word, cached), and the words of bills written since,
 * held in memory; a bill written since is "stale" in the compacted postings.
 */
import { decodeBillWords } from '#shared/domain/search/bill-words.ts';
import { idf, termWeight } from '#shared/domain/search/bm25.ts';
import { latinWord } from '#shared/domain/search/search-query.ts';
import { boundedPage, type WordLookup } from './bounded-page.ts';
import { recencyOfYear } from '#shared/domain/search/search-document.ts';
import { DocColumns, newestFirst, type DocColumnsRow } from './doc-columns.ts';
import type { Postings } from './posting-codec.ts';
import { DENSE_SHARE, DensePostings } from './dense-postings.ts';
import { disjointLists } from './disjoint-lists.ts';
import type { SearchRequest } from './search-filters.ts';
import { TopK } from './top-k.ts';
import type { WordSizes } from './word-sizes.ts';
import { bestOf, HEAD_MAX, headFactors, STORED_HEAD_MIN_BILLS, type HeadFactors, type StoredHead } from './word-heads.ts';

/** What the ranker reads from the index file. */
export interface WordSource {
  /** A word's compacted postings, or null when it has none. */
  postings(word: string): Postings | null;
  /** A word's dense postings (./dense-postings.ts), kept for the words an eighth of the bills or more hold; null when the file keeps none. */
  densePostings?(word: string): DensePostings | null;
  /** The words' postings are about to be read: fetch them together while the file is not all local (a new container's first answers). */
  prefetch?(words: string[]): void;
  /** The compacted words among these, each with the size of its postings (its bills, give or take). */
  known(words: string[]): Map<string, number>;
  /**
   * The `limit` compacted words that begin with `prefix` and the most bills hold, with the size of
   * their postings; `digitsOnly`, those where a digit follows the prefix.
   */
  completions(prefix: string, limit: number, digitsOnly?: boolean): Map<string, number>;
  /** Row ids written or removed since the postings were compacted. */
  staleRids(): number[];
  /** Every indexed bill's columns. */
  columns(): DocColumns;
  /** The bills newest first (newestFirst) as stored at compaction; null when the file keeps none. Valid while no bill is stale. */
  savedDateOrder(): Uint32Array | null;
  /** The words of bills written since compaction, encoded by encodeBillWords. */
  recentWords(): { rid: number; words: string }[];
  /** The words whose two-word phrases have postings. */
  commonWords(): string[];
  /**
   * Every compacted Latin word (latinWord, in order), common word and pair of common words of
   * LISTED_PAIR_BYTES or more, with the size of its postings; null when the file keeps none.
   */
  wordSizes(): WordSizes | null;
  /** The runs of Latin letters that begin a compacted word and a digit follows ("hr" of "hr2471"); null when the file keeps none. */
  digitRuns(): Set<string> | null;
  /** The words and pairs every compacted bill holds; null when the file keeps no such list. */
  universalWords(): Set<string> | null;
  /** The bills carrying a topic. */
  topicRids(topic: string): number[];
  /** The head compaction stored for a word held by STORED_HEAD_MIN_BILLS bills or more (./word-heads.ts); null when it stored none. */
  storedHead?(word: string): StoredHead | null;
}

/** What title pins are ordered and filtered by (./title-pins.ts), from the ranker's columns in memory. */
export interface PinColumns {
  congress(rid: number): number;
  /** YYYYMMDD. */
  date(rid: number): number;
  /** Whether a bill is indexed and passes the filters. */
  passes(rid: number): boolean;
}

/** A word, or the completions of a prefix (one FTS5 prefix phrase: its frequency is their sum), or a two-word phrase's key. */
export interface WordPhrase {
  words: string[];
}

/** A query: every group must match; a group matches when any of its phrases does (a word, or its typo corrections). */
export type WordQuery = WordPhrase[][];

export interface WordPage {
  rids: number[];
  total: number;
}

/** Postings kept in memory, in entries: about 64 MB. */
const CACHE_ENTRIES = 8_000_000;
/**
 * A later word of a query is looked up per remaining bill (a binary search) rather than read
 * whole when its postings are this many times longer than the bills left, and few bills are stale.
 */
const LOOKUP_RATIO = 16;
const LOOKUP_MAX_STALE = 10_000;
/**
 * A prefix matches its most common completions, at most this many, and no more of them than hold
 * PREFIX_MAX_BYTES of postings together (the most common always): "co" would otherwise read the
 * postings of thousands of words (issue 32.7).
 */
export const PREFIX_MAX_WORDS = 32;
/** A prefix shorter than SHORT_PREFIX matches fewer completions: "co" begins thousands of words, "con" far fewer. */
export const SHORT_PREFIX_MAX_WORDS = 8;
const SHORT_PREFIX = 3;
/** Runs of letters a digit follows (bill types, "co" of "co2") a prefix's completions are asked of the file for. */
const RUNS_MAX = 16;
/**
 * A query whose largest group holds more postings than this is answered within a budget
 * (./bounded-page.ts) rather than by scoring every bill of its rarest group (issue 32.7).
 */
export const EXACT_MAX_POSTINGS = 40_000;
const NO_RIDS = new Uint32Array(0);
const NO_LOOKUP: WordLookup = { df: 0, freqOf: () => 0, each: () => undefined, recent: () => undefined, newest: () => undefined, sample: () => [] };
/**
 * The most postings, in bytes of the file (about two per bill), one query reads: its groups are
 * taken rarest first while they fit, the rarest always, and the commoner ones left out (a bill
 * then need not hold them). A first run reads and decodes every posting of its words and ranks
 * their heads; at 350,000 bills "the", "united states code" or "and for other purposes" would read
 * megabytes (issue 32.7). Two or three of the commonest title words fit (800 KB kept three, at
 * recall@10 0.967 against the exact ranker; 600 KB measured 0.974).
 */
export const QUERY_MAX_BYTES = 600_000;
const PREFIX_MAX_BYTES = QUERY_MAX_BYTES;
/** A 2-letter prefix's completions together: "co" is typed on the way to a word, not looked for. */
const SHORT_PREFIX_MAX_BYTES = 300_000;
/** The bytes of a common word's posting in the file (a gap and a frequency of one byte each): what a bill written since compaction adds to a word's size. */
const POSTING_BYTES = 2;
/** A pair of common words this large is on the list of sizes (a few dozen pairs at 350,000 bills); a smaller one is read to be sized. */
export const LISTED_PAIR_BYTES = 10_000;

/** Where `rid` is in ascending `rids`, or -1. */
function indexOf(rids: Uint32Array, rid: number): number {
  let lo = 0;
  let hi = rids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = rids[mid] ?? 0;
    if (at === rid) return mid;
    if (at < rid) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** A word's compacted postings as a lookup reads them: dense views as they are, decoded varints through a binary search. */
function heldOf(p: Postings | DensePostings | null): Pick<DensePostings, 'count' | 'freqOf' | 'each' | 'sample' | 'postings'> | null {
  if (!p || p instanceof DensePostings) return p;
  const { rids, freqs } = p;
  return {
    count: rids.length,
    freqOf: (rid) => {
      const i = indexOf(rids, rid);
      return i >= 0 ? (freqs[i] ?? 0) : 0;
    },
    each: (visit) => {
      for (let i = 0; i < rids.length; i++) visit(rids[i] ?? 0, freqs[i] ?? 0);
    },
    sample: (count) => {
      const step = Math.max(1, rids.length / count);
      const out: number[] = [];
      for (let i = 0; i < rids.length; i += step) out.push(rids[Math.floor(i)] ?? 0);
      return out;
    },
    postings: () => p,
  };
}

export class WordRanker {
  private readonly source: WordSource;
  private loaded = false;
  private cols = new DocColumns();
  private stale = new Uint8Array(0);
  private staleList: number[] = [];
  /** Words of bills written since compaction: word → row id → frequency, and each bill's words. */
  private readonly recent = new Map<string, Map<number, number>>();
  private readonly recentOf = new Map<number, string[]>();
  private readonly cache = new Map<string, Postings | DensePostings | null>();
  private common = new Set<string>();
  /** The compacted Latin and common words with their sizes, when the file keeps them. */
  private sizes: WordSizes | null = null;
  private runs: Set<string> | null = null;
  private universal: Set<string> | null = null;
  private cached = 0;
  private readonly topics = new Map<string, Set<number>>();
  // Scratch, one slot per row id, zero between queries.
  private phraseFreq = new Uint32Array(0);
  private groupsMatched = new Uint8Array(0);
  private score = new Float64Array(0);
  /** Each word's head, for the recency of one year (./bounded-page.ts). */
  private readonly heads = new Map<string, { year: number; size: number; rids: Uint32Array }>();
  /** Every bill newest first, until a bill is written or removed. */
  private byDate: Uint32Array | undefined;
  /** What a head weighs each bill by (headFactors), until a bill is written or removed. */
  private factors: HeadFactors | undefined;
  private readonly exactMax: number;
  /** The (bill, word) lookups of the last query answered within a budget (0 when it was scored whole). */
  lastLookups = 0;
  /** The words the last known() asked of the file (0 when memory answered). */
  lastFileLookups = 0;
  /** The postings' bytes the last query's groups hold, and how many of its groups it left out (QUERY_MAX_BYTES). */
  lastBytes = 0;
  lastLeftOut = 0;
  /** The postings the last bounded query's heads weighed (HEAD_MAX_POSTINGS). */
  lastWeighed = 0;
  /** The postings the last query read from the file and decoded, and its groups every bill holds (dropped unread). */
  lastDecoded = 0;
  lastDropped = 0;

  constructor(source: WordSource, options: { exactMaxPostings?: number } = {}) {
    this.source = source;
    this.exactMax = options.exactMaxPostings ?? EXACT_MAX_POSTINGS;
  }

  private load(): void {
    if (this.loaded) return;
    this.cols = this.source.columns();
    this.common = new Set(this.source.commonWords());
    this.sizes = this.source.wordSizes();
    this.runs = this.source.digitRuns();
    this.universal = this.source.universalWords();
    this.stale = new Uint8Array(this.cols.size);
    this.staleList = [];
    for (const rid of this.source.staleRids()) this.markStale(rid);
    this.recent.clear();
    this.recentOf.clear();
    for (const { rid, words } of this.source.recentWords()) this.addRecent(rid, words);
    // What compaction stored holds while no bill is written since; else it is computed here, once.
    const saved = this.staleList.length === 0 ? this.source.savedDateOrder() : null;
    this.byDate = saved?.length === this.cols.count ? saved : undefined;
    this.factors = undefined;
    this.loaded = true;
    this.dateOrder();
  }

  private markStale(rid: number): void {
    if (this.stale[rid] === 1) return;
    this.staleList.push(rid);
    if (rid >= this.stale.length) {
      const next = new Uint8Array(Math.max(1024, (rid + 1) * 2));
      next.set(this.stale);
      this.stale = next;
    }
    this.stale[rid] = 1;
  }

  private addRecent(rid: number, words: string): void {
    const list: string[] = [];
    const decoded = decodeBillWords(words);
    for (const [word, f] of [...decoded.freqs, ...decoded.pairs(this.common)]) {
      let holders = this.recent.get(word);
      if (!holders) {
        holders = new Map();
        this.recent.set(word, holders);
      }
      holders.set(rid, f);
      list.push(word);
    }
    this.recentOf.set(rid, list);
  }

  private dropRecent(rid: number): void {
    for (const word of this.recentOf.get(rid) ?? []) {
      const holders = this.recent.get(word);
      holders?.delete(rid);
      if (holders?.size === 0) this.recent.delete(word);
    }
    this.recentOf.delete(rid);
  }

  /** Whether a word is one of the file's common words (those whose two-word phrases have postings). */
  isCommon(word: string): boolean {
    this.load();
    return this.common.has(word);
  }

  /** Whether a two-word phrase of these words has postings of its own. */
  hasPair(first: string, second: string): boolean {
    this.load();
    return this.common.has(first) && this.common.has(second);
  }

  /** A bill was written (after its transaction committed). */
  written(row: DocColumnsRow, words: string): void {
    this.topics.clear();
    if (!this.loaded) return;
    this.dropRecent(row.rid);
    this.byDate = undefined;
    this.factors = undefined;
    this.cols.set(row);
    this.markStale(row.rid);
    this.addRecent(row.rid, words);
  }

  /** A bill was removed (after its transaction committed). */
  removed(rid: number): void {
    this.topics.clear();
    if (!this.loaded) return;
    this.dropRecent(rid);
    this.byDate = undefined;
    this.factors = undefined;
    this.cols.remove(rid);
    this.markStale(rid);
  }

  /** The postings were compacted: everything is read again. */
  compacted(): void {
    this.loaded = false;
    this.cache.clear();
    this.cached = 0;
    this.topics.clear();
    this.heads.clear();
  }

  /**
   * A word's compacted postings as read from the file, cached: dense views for a word that many bills
   * hold (./dense-postings.ts, kept by a compaction since issue 32.7), else decoded varints.
   */
  private stored(word: string): Postings | DensePostings | null {
    const hit = this.cache.get(word);
    if (hit !== undefined) {
      // Most recently used last: eviction takes the oldest first.
      this.cache.delete(word);
      this.cache.set(word, hit);
      return hit;
    }
    // A Latin word not on the list of sizes has no compacted postings: the file is not asked.
    const size = this.sizes?.get(word);
    const absent = this.sizes !== null && latinWord(word) && size === undefined;
    // A dense word holds an eighth of the bills compaction saw, two bytes of varints each at least: only such a word's
    // row is looked for (the bills now, less those written or removed since, are at most those it saw), so a query
    // of rarer words never reads the dense table's index.
    const floor = POSTING_BYTES * DENSE_SHARE * (this.cols.count - this.staleList.length);
    const dense = size !== undefined && size >= floor ? (this.source.densePostings?.(word) ?? null) : null;
    const p = absent ? null : (dense ?? this.source.postings(word));
    const count = p instanceof DensePostings ? p.count : (p?.rids.length ?? 0);
    if (!(p instanceof DensePostings)) this.lastDecoded += count;
    this.cache.set(word, p);
    this.cached += count;
    for (const [old, value] of this.cache) {
      if (this.cached <= CACHE_ENTRIES || old === word) break;
      this.cache.delete(old);
      this.cached -= value instanceof DensePostings ? value.count : (value?.rids.length ?? 0);
    }
    return p;
  }

  /** A word's compacted postings as arrays (a dense word's made once, on the paths that walk every posting). */
  private basePostings(word: string): Postings | null {
    const p = this.stored(word);
    return p instanceof DensePostings ? p.postings() : p;
  }

  /** How many compacted postings a word has, without making arrays of a dense word's. */
  private baseCount(word: string): number {
    const p = this.stored(word);
    return p instanceof DensePostings ? p.count : (p?.rids.length ?? 0);
  }

  /**
   * The words among these that some bill holds, each with a measure of how many do. Latin and
   * common words are answered from memory: a query's one-edit variants are thousands of words, and
   * each asked of the file reads a page of it, a common word's size all of its postings (issue 32.7).
   */
  known(words: string[]): Map<string, number> {
    this.load();
    const out = new Map<string, number>();
    const ask: string[] = [];
    for (const word of words) {
      const n = this.sizes?.get(word);
      if (n !== undefined) out.set(word, n);
      else if (!this.sizes || !latinWord(word)) ask.push(word);
    }
    this.lastFileLookups = ask.length;
    if (ask.length > 0) for (const [word, n] of this.source.known(ask)) out.set(word, n);
    for (const word of words) {
      const recent = this.recent.get(word)?.size ?? 0;
      if (recent > 0) out.set(word, (out.get(word) ?? 0) + recent * POSTING_BYTES);
    }
    return out;
  }

  /**
   * Each word's size without reading its postings (a size asked of the file reads a long posting
   * list whole), and the words whose size is unknown: a pair of common words not on the list of
   * sizes holds fewer than LISTED_PAIR_BYTES, or nothing.
   */
  private sizesOf(words: string[]): { sizes: Map<string, number>; unsized: Set<string> } {
    const sizes = new Map<string, number>();
    const unsized = new Set<string>();
    const ask: string[] = [];
    for (const word of words) {
      const [blank, first = '', second = ''] = word.split(' ');
      const listed = this.sizes?.get(word);
      if (listed !== undefined) sizes.set(word, listed + (this.recent.get(word)?.size ?? 0) * POSTING_BYTES);
      else if (blank === '' && this.common.has(first) && this.common.has(second) && this.sizes) unsized.add(word);
      else ask.push(word);
    }
    for (const [word, n] of this.known(ask)) sizes.set(word, n);
    return { sizes, unsized };
  }

  /** The Latin words on the list of sizes that begin with `prefix`. */
  private latinCompletions(prefix: string): string[] {
    return (this.sizes?.withPrefix(prefix) ?? []).filter(latinWord);
  }

  /** The words a prefix matches: its most common completions, bounded by PREFIX_MAX_WORDS and PREFIX_MAX_BYTES. */
  completions(prefix: string): string[] {
    this.load();
    const most = prefix.length < SHORT_PREFIX ? SHORT_PREFIX_MAX_WORDS : PREFIX_MAX_WORDS;
    const listed = this.sizes !== null && this.runs !== null && latinWord(prefix);
    let sizes: Map<string, number>;
    if (listed) {
      // The rest are the words where a digit follows a run of letters the prefix begins ("hres755"
      // for "hre"): asked of the file per such run, a few ranges ("h": hr, hres, hjres, hconres).
      sizes = new Map();
      const runs = [...(this.runs ?? [])].filter((run) => run.startsWith(prefix)).slice(0, RUNS_MAX);
      for (const run of runs) for (const [word, n] of this.source.completions(run, most, true)) sizes.set(word, n);
      for (const word of this.latinCompletions(prefix)) sizes.set(word, this.sizes?.get(word) ?? 0);
    } else sizes = this.source.completions(prefix, most);
    for (const [word, holders] of this.recent) if (word.startsWith(prefix)) sizes.set(word, (sizes.get(word) ?? 0) + holders.size * POSTING_BYTES);
    const out: string[] = [];
    let bytes = 0;
    for (const [word, size] of [...sizes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, most)) {
      if (out.length > 0 && bytes + size > (prefix.length < SHORT_PREFIX ? SHORT_PREFIX_MAX_BYTES : PREFIX_MAX_BYTES)) break;
      out.push(word);
      bytes += size;
    }
    return out;
  }

  /** The columns title pins are filtered and ordered by (./title-pins.ts). */
  pinColumns(filters: SearchRequest['filters']): PinColumns {
    this.load();
    const passes = this.cols.filter(filters, filters.topic === undefined ? null : this.topicSet(filters.topic));
    const { cols } = this;
    return {
      congress: (rid) => cols.numberAt('congress', rid),
      date: (rid) => cols.date[rid] ?? 0,
      passes: (rid) => cols.alive[rid] === 1 && passes !== null && passes(rid),
    };
  }

  private topicSet(topic: string): Set<number> {
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set(this.source.topicRids(topic));
      this.topics.set(topic, set);
    }
    return set;
  }

  private scratch(): void {
    const n = this.cols.size;
    if (this.phraseFreq.length >= n) return;
    this.phraseFreq = new Uint32Array(n);
    this.groupsMatched = new Uint8Array(n);
    this.score = new Float64Array(n);
  }

  /**
   * Sums a phrase's frequency per bill into phraseFreq (each word of a prefix adds its own) and
   * returns the bills it holds: compacted postings of bills not written since, then recent ones.
   */
  private gather(words: string[]): number[] {
    const held: number[] = [];
    const add = (rid: number, f: number) => {
      if (this.phraseFreq[rid] === 0) held.push(rid);
      this.phraseFreq[rid] = (this.phraseFreq[rid] ?? 0) + f;
    };
    for (const word of words) {
      const base = this.basePostings(word);
      if (base) {
        const { rids, freqs } = base;
        for (let i = 0; i < rids.length; i++) {
          const rid = rids[i] ?? 0;
          if (this.stale[rid] !== 1 && this.cols.alive[rid] === 1) add(rid, freqs[i] ?? 0);
        }
      }
      for (const [rid, f] of this.recent.get(word) ?? []) add(rid, f);
    }
    return held;
  }

  /** How many postings a group's phrases (as their words) hold, before stale ones are dropped: the order groups are matched in. */
  private estimate(group: WordPhrase[]): number {
    let n = 0;
    for (const { words } of group) for (const word of words) n += this.baseCount(word) + (this.recent.get(word)?.size ?? 0);
    return n;
  }

  /** A word's bill count and frequency per bill without reading its postings whole, or null when too many bills are stale. */
  private lookup(word: string): WordLookup | null {
    if (this.staleList.length > LOOKUP_MAX_STALE) return null;
    const held = heldOf(this.stored(word));
    const recent = this.recent.get(word);
    const current = (rid: number) => this.stale[rid] !== 1 && this.cols.alive[rid] === 1;
    let df = (held?.count ?? 0) + (recent?.size ?? 0);
    if (held) for (const rid of this.staleList) if (held.freqOf(rid) > 0) df -= 1;
    return {
      df,
      freqOf: (rid) => (this.stale[rid] === 1 ? (recent?.get(rid) ?? 0) : (held?.freqOf(rid) ?? 0)),
      each: (visit) => {
        held?.each((rid, f) => {
          if (current(rid)) visit(rid, f);
        });
        for (const [rid, f] of recent ?? []) visit(rid, f);
      },
      recent: (visit) => {
        for (const rid of recent?.keys() ?? []) visit(rid);
      },
      newest: (visit) => {
        for (const rid of recent?.keys() ?? []) if (!visit(rid)) return;
        const rids = held?.postings().rids;
        for (let i = (rids?.length ?? 0) - 1; i >= 0; i--) {
          const rid = rids?.[i] ?? 0;
          if (current(rid) && !visit(rid)) return;
        }
      },
      sample: (count) => {
        if (!held || held.count === 0) return [...(recent?.keys() ?? [])].slice(0, count);
        return held.sample(count).filter(current);
      },
    };
  }

  /**
   * A word's compacted bills best first by its BM25 weight times recency, at most `size` (HEAD_MAX),
   * for the year of `now` (./word-heads.ts): the head compaction stored for a common word when it is
   * of that year (its bills written or removed since left out: those written are candidates of
   * their own), else built from the word's postings.
   */
  private head(word: string, size: number, now: Date): Uint32Array {
    const year = now.getUTCFullYear();
    let held = this.heads.get(word);
    // Built as deep as asked (a word alone wants a page of it, a query of several words more), and kept.
    if (!held || held.year !== year || held.size < size) {
      const stored = this.storedHead(word);
      if (stored?.year === year) {
        // Stored bills of a year, all current unless bills were written or removed since.
        const rids = this.staleList.length === 0 ? stored.rids : stored.rids.filter((rid) => this.stale[rid] !== 1 && this.cols.alive[rid] === 1);
        held = { year, size: HEAD_MAX, rids };
      } else {
        const depth = Math.min(HEAD_MAX, Math.max(size, held?.year === year ? held.size : 0));
        const rids = bestOf(this.basePostings(word), this.headFactors(now), depth, { alive: this.cols.alive, stale: this.stale });
        held = { year, size: depth, rids: Uint32Array.from(rids) };
      }
      this.heads.set(word, held);
    }
    // A view, not a copy: a query of 8 words asks for 8 heads of 2,048.
    return held.rids.subarray(0, size);
  }

  /** The head compaction stored for a word (read once: null when it stored none). */
  private storedHead(word: string): StoredHead | null {
    if (!this.sizes?.has(word) || (this.sizes.get(word) ?? 0) < STORED_HEAD_MIN_BILLS) return null;
    return this.source.storedHead?.(word) ?? null;
  }

  /** What a head weighs each bill by, for the year of `now`, kept until a bill is written or removed (./word-heads.ts). */
  private headFactors(now: Date): HeadFactors {
    const year = now.getUTCFullYear();
    if (this.factors?.year !== year) this.factors = headFactors(this.cols, now);
    return this.factors;
  }

  /** Every bill, newest first (ties: the higher row id first). */
  private dateOrder(): Uint32Array {
    this.byDate ??= newestFirst(this.cols);
    return this.byDate;
  }

  /** Adds one phrase's part of the score to a bill that has matched the groups before `g`. */
  private credit(rid: number, g: number, weight: number, f: number, averageLength: number, touched: number[]): void {
    const matched = this.groupsMatched[rid] ?? 0;
    if (matched !== g && matched !== g + 1) return;
    if (matched === g) {
      this.groupsMatched[rid] = g + 1;
      if (g === 0) touched.push(rid);
    }
    this.score[rid] = (this.score[rid] ?? 0) + termWeight(weight, f, this.cols.length[rid] ?? 0, averageLength);
  }

  /**
   * One page of the bills matching every group, best first (or newest first), with the total.
   * `pins` (relevance only) come first in their order, where they match: the bills the query
   * names by title (./title-pins.ts).
   */
  search(whole: WordQuery, req: Pick<SearchRequest, 'filters' | 'sort' | 'offset' | 'limit'>, now: Date, pins: readonly number[] = []): WordPage {
    this.load();
    this.scratch();
    this.lastLookups = 0;
    this.lastWeighed = 0;
    this.lastDecoded = 0;
    this.lastBytes = 0;
    this.lastLeftOut = 0;
    // A group every bill holds filters nothing and weighs a millionth (FTS5's floor of the IDF): dropped
    // unread when its postings are more than an exact answer reads (then the query is bounded anyway).
    const large = this.cols.count > this.exactMax;
    const constraining = large ? whole.filter((group) => !group.some((p) => p.words.some((w) => this.holdsEvery(w)))) : whole;
    this.lastDropped = whole.length - constraining.length;
    if (constraining.length === 0 && whole.length > 0) return this.everyBill(req, pins);
    const query = this.withinBudget(constraining);
    this.source.prefetch?.(
      [...new Set(query.flat().flatMap((p) => p.words))].filter((w) => !this.cache.has(w) && !(this.sizes && latinWord(w) && !this.sizes.has(w))),
    );
    // Pairs not on the list of sizes lead (withinBudget's order) and are short: when no bill holds
    // them all, nothing matches and the query's other groups are never read (./disjoint-lists.ts).
    if (this.leadingPairsDisjoint(query)) return { rids: [], total: 0 };
    // Groups are read smallest first (withinBudget's order): one that nothing holds (a pair of
    // common words never adjacent) answers the query before a larger one is read.
    const sizes: { group: WordPhrase[]; size: number }[] = [];
    for (const group of query) {
      const size = this.estimate(group);
      if (size === 0) return { rids: [], total: 0 };
      sizes.push({ group, size });
    }
    sizes.sort((a, b) => a.size - b.size);
    const largest = sizes.at(-1)?.size ?? 0;
    if (largest > this.exactMax && this.staleList.length <= LOOKUP_MAX_STALE) {
      const { filters } = req;
      const passes = this.cols.filter(filters, filters.topic === undefined ? null : this.topicSet(filters.topic));
      if (!passes) return { rids: [], total: 0 };
      const source = {
        cols: this.cols,
        lookup: (word: string) => this.lookup(word) ?? NO_LOOKUP,
        head: (word: string, size: number, at: Date) => this.head(word, size, at),
        dateOrder: () => this.dateOrder(),
        mark: this.groupsMatched,
      };
      const page = boundedPage(
        source,
        sizes.map((s) => s.group),
        passes,
        req,
        now,
        pins,
        Object.keys(filters).length === 0,
      );
      this.lastLookups = page.lookups;
      this.lastWeighed = page.weighed;
      return { rids: page.rids, total: page.total };
    }
    const touched = this.match(query);
    return this.page(touched, query.length, req, now, pins);
  }

  /**
   * Whether no bill holds all the pairs of common words that lead the query and are not on the list
   * of sizes (each under LISTED_PAIR_BYTES): read in turn, up to the one that leaves no bill. Only
   * while no bill is written since compaction, when the compacted postings are every current bill's.
   */
  private leadingPairsDisjoint(query: WordQuery): boolean {
    if (this.staleList.length > 0 || !this.sizes) return false;
    const pairs: string[] = [];
    for (const group of query) {
      const word = group.length === 1 && group[0]?.words.length === 1 ? (group[0].words[0] ?? '') : '';
      const [blank, first = '', second = ''] = word.split(' ');
      if (blank !== '' || !this.common.has(first) || !this.common.has(second) || this.sizes.has(word)) break;
      pairs.push(word);
    }
    return disjointLists(pairs.length, (i) => this.basePostings(pairs[i] ?? '')?.rids ?? NO_RIDS, this.groupsMatched);
  }

  /**
   * Whether every current bill holds a word: every compacted bill does (the file's list) and so does
   * every bill written since. Such a word's postings are never read.
   */
  private holdsEvery(word: string): boolean {
    if (!this.universal?.has(word)) return false;
    const recent = this.recent.get(word);
    for (const rid of this.staleList) if (this.cols.alive[rid] === 1 && !recent?.has(rid)) return false;
    return true;
  }

  /**
   * The page of a query whose every group every bill holds: each bill that passes the filters
   * matches, with equal scores, newest first (pins first by relevance); no postings are read.
   */
  private everyBill(req: Pick<SearchRequest, 'filters' | 'sort' | 'offset' | 'limit'>, pins: readonly number[]): WordPage {
    const { filters, sort, offset, limit } = req;
    const passes = this.cols.filter(filters, filters.topic === undefined ? null : this.topicSet(filters.topic));
    if (!passes) return { rids: [], total: 0 };
    const pinned = sort === 'relevance' ? pins.filter((rid) => this.cols.alive[rid] === 1 && passes(rid)) : [];
    const out = [...pinned];
    const isPinned = new Set(pinned);
    const order = this.dateOrder();
    const wanted = offset + limit;
    if (Object.keys(filters).length === 0) {
      // Every bill counts: the walk stops at the page.
      for (let i = 0; i < order.length && out.length < wanted; i++) if (!isPinned.has(order[i] ?? 0)) out.push(order[i] ?? 0);
      return { rids: out.slice(offset, wanted), total: this.cols.count };
    }
    let total = 0;
    for (let i = 0; i < order.length; i++) {
      const rid = order[i] ?? 0;
      if (!passes(rid)) continue;
      total += 1;
      if (out.length < wanted && !isPinned.has(rid)) out.push(rid);
    }
    return { rids: out.slice(offset, wanted), total };
  }

  /**
   * The groups whose postings one query reads: the rarest first while their bytes fit in
   * QUERY_MAX_BYTES, the rarest always. Sizes come from the file's row headers (or memory), so a
   * group left out is never read.
   */
  private withinBudget(query: WordQuery): WordQuery {
    const words = [...new Set(query.flatMap((group) => group.flatMap((p) => p.words)))];
    const { sizes, unsized } = this.sizesOf(words);
    const sized = query.map((group) => {
      const all = group.flatMap((p) => p.words);
      // A group of a pair whose size is unknown is read whatever the budget: it may hold nothing.
      return { group, bytes: all.reduce((a, w) => a + (sizes.get(w) ?? 0), 0), unknown: all.some((w) => unsized.has(w)) };
    });
    sized.sort((a, b) => a.bytes - b.bytes);
    const kept: WordQuery = [];
    let used = 0;
    for (const { group, bytes, unknown } of sized) {
      if (kept.length > 0 && !unknown && used + bytes > QUERY_MAX_BYTES) continue;
      kept.push(group);
      used += bytes;
    }
    this.lastBytes = used;
    this.lastLeftOut = query.length - kept.length;
    return kept;
  }

  /**
   * Scores every bill that matches every group (the rarest group first: the bills it holds are the
   * most any later group can keep) and returns the bills touched; those that matched all have
   * groupsMatched equal to the number of groups. A later group whose postings are many times the
   * bills left is looked up per bill (a binary search) instead of read whole.
   */
  private match(query: WordQuery): number[] {
    const n = this.cols.count;
    const averageLength = n > 0 ? this.cols.totalLength / n : 1;
    const touched: number[] = [];
    const groups = query.map((group) => ({ group, size: this.estimate(group) })).sort((a, b) => a.size - b.size);
    let left = Infinity;
    groups.forEach(({ group, size }, g) => {
      const lookups = g > 0 && left * LOOKUP_RATIO < size && group.every((p) => p.words.length === 1) ? group.map((p) => this.lookup(p.words[0] ?? '')) : [];
      if (lookups.length > 0 && lookups.every((l) => l !== null)) {
        const candidates = touched.filter((rid) => this.groupsMatched[rid] === g);
        for (const l of lookups) {
          if (!l) continue;
          const weight = idf(n, l.df);
          for (const rid of candidates) {
            const f = l.freqOf(rid);
            if (f > 0) this.credit(rid, g, weight, f, averageLength, touched);
          }
        }
      } else {
        for (const { words } of group) this.creditPhrase(words, g, n, averageLength, touched);
      }
      left = 0;
      for (const rid of touched) if (this.groupsMatched[rid] === g + 1) left += 1;
    });
    return touched;
  }

  /** Credits one phrase (a word, or a prefix's completions summed) to every bill holding it that matched the groups before `g`. */
  private creditPhrase(words: string[], g: number, n: number, averageLength: number, touched: number[]): void {
    // A word whose compacted postings are all current is read as it is.
    const only = words.length === 1 ? (words[0] ?? '') : null;
    const current = only !== null && this.staleList.length === 0 && !this.recent.has(only);
    const base = current ? this.basePostings(only) : null;
    if (base) {
      const weight = idf(n, base.rids.length);
      for (let i = 0; i < base.rids.length; i++) this.credit(base.rids[i] ?? 0, g, weight, base.freqs[i] ?? 0, averageLength, touched);
      return;
    }
    const held = this.gather(words);
    const weight = idf(n, held.length);
    for (const rid of held) {
      this.credit(rid, g, weight, this.phraseFreq[rid] ?? 0, averageLength, touched);
      this.phraseFreq[rid] = 0;
    }
  }

  /** The page among the bills touched: those that matched every group and pass the filters, pins first; clears the scratch. */
  private page(
    touched: number[],
    groups: number,
    req: Pick<SearchRequest, 'filters' | 'sort' | 'offset' | 'limit'>,
    now: Date,
    pins: readonly number[],
  ): WordPage {
    const { filters, sort, offset, limit } = req;
    const passes = this.cols.filter(filters, filters.topic === undefined ? null : this.topicSet(filters.topic));
    const pinRank = new Map(sort === 'relevance' ? pins.map((rid, i) => [rid, i]) : []);
    const pinned: number[] = [];
    const page = new TopK(offset + limit, sort === 'date');
    let total = 0;
    const recency = new Map<number, number>();
    for (const rid of touched) {
      if (passes && this.groupsMatched[rid] === groups && passes(rid)) {
        total += 1;
        const date = this.cols.date[rid] ?? 0;
        if (pinRank.has(rid)) pinned.push(rid);
        else if (sort === 'date') page.offer(rid, date);
        else {
          const year = Math.floor(date / 10_000);
          let r = recency.get(year);
          if (r === undefined) {
            r = recencyOfYear(year, now);
            recency.set(year, r);
          }
          page.offer(rid, (this.score[rid] ?? 0) * r);
        }
      }
      this.groupsMatched[rid] = 0;
      this.score[rid] = 0;
    }
    pinned.sort((a, b) => (pinRank.get(a) ?? 0) - (pinRank.get(b) ?? 0));
    // Relevance ties go to the older row (as FTS5's ORDER BY score, rid); date ties to the newer.
    return { rids: [...pinned, ...page.sorted()].slice(offset, offset + limit), total };
  }
}

/**
 * A word's head: its bills best first by the word's own BM25 weight times
 * recency, at most HEAD_MAX, the candidates a query of common words scores
 * (./bounded-page.ts). The ranker builds a head from a word's postings the
 * first time a query asks for it; compaction builds the heads of the words
 * held by STORED_HEAD_MIN_BILLS bills or more once and stores them
 * (`word_heads`, ./word-store.ts), so that a query's first run of the
 * commonest words weighs none of their hundreds of thousands of postings
 * (issue 32.7). Stored layout, little-endian u32s: [year][count][rids × count],
 * the year the recency factors were computed for (a head of another year is
 * built again).
 */
import { lengthNorm, weightOf } from '#shared/domain/search/bm25.ts';
import { recencyOfYear } from '#shared/domain/search/search-document.ts';
import type { DocColumns } from './doc-columns.ts';
import type { Postings } from './posting-codec.ts';
import { TopK } from './top-k.ts';

/** The most of a word's head a query reads. */
export const HEAD_MAX = 2_048;
/**
 * Compaction stores the heads of words held by this many bills or more: building one weighs every
 * posting (about 10 ms for 150,000 on this machine, several times that before the process has
 * compiled the loop), and a 2-letter prefix takes the heads of 8 completions of 10,000-20,000 bills
 * each. At most 8 KB a word.
 */
export const STORED_HEAD_MIN_BILLS = 5_000;
/** Keys sampled to find a head's threshold. */
const HEAD_SAMPLE = 4_096;
/** Years a recency factor is kept for, by the year's remainder (a date's year is 0 or 1900-2100). */
const YEARS = 4_096;

/** What a head weighs each bill by: its length norm and recency factor for one year, filled on first use (0 until then). */
export interface HeadFactors {
  year: number;
  norm: Float64Array;
  recency: Float64Array;
  fill: (rid: number) => void;
}

/**
 * Each bill's length norm and recency factor for the year of `now`, computed for a bill the first time a
 * head weighs it (a norm and a factor are never 0), so a first query pays for its words' bills only.
 */
export function headFactors(cols: DocColumns, now: Date): HeadFactors {
  const { date, length, size } = cols;
  const averageLength = cols.count > 0 ? cols.totalLength / cols.count : 1;
  const byYear = new Float64Array(YEARS).map((_, y) => recencyOfYear(y, now));
  const norm = new Float64Array(size);
  const recency = new Float64Array(size);
  const fill = (rid: number) => {
    norm[rid] = lengthNorm(length[rid] ?? 0, averageLength);
    recency[rid] = byYear[Math.floor((date[rid] ?? 0) / 10_000) % YEARS] ?? 1;
  };
  return { year: now.getUTCFullYear(), norm, recency, fill };
}

/** Which bills a head may hold: those indexed (`alive` 1) and not written since compaction (`stale` 1, when given). */
export interface HeadBills {
  alive: Uint8Array;
  stale?: Uint8Array;
}

/**
 * A word's current bills, at most `depth`, best first: a threshold from a sample of the keys, then one
 * pass that keeps the best above it in a heap.
 */
export function bestOf(postings: Postings | null, factors: HeadFactors, depth: number, bills: HeadBills): number[] {
  if (!postings) return [];
  const { rids, freqs } = postings;
  const { norm, recency, fill } = factors;
  const { alive, stale } = bills;
  const keyOf = (i: number): number => {
    const rid = rids[i] ?? 0;
    if (alive[rid] !== 1 || stale?.[rid] === 1) return -1;
    if (norm[rid] === 0) fill(rid);
    return weightOf(1, freqs[i] ?? 0, norm[rid] ?? 0) * (recency[rid] ?? 1);
  };
  // A sample's quantile a little below the head's share: most keys fall under it at one compare.
  let threshold = 0;
  if (rids.length > depth) {
    const step = Math.max(1, Math.floor(rids.length / HEAD_SAMPLE));
    const sample: number[] = [];
    for (let i = 0; i < rids.length; i += step) sample.push(keyOf(i));
    sample.sort((x, y) => y - x);
    threshold = Math.max(0, sample[Math.min(sample.length - 1, Math.ceil((sample.length * depth * 2) / rids.length))] ?? 0);
  }
  // A heap of the best: a word's bills often tie (one frequency, one year), and sorting every
  // tied bill cost as much for a word in 15,000 bills as for one in 150,000.
  const best = (floor: number) => {
    const top = new TopK(depth, false);
    for (let i = 0; i < rids.length; i++) {
      const key = keyOf(i);
      if (key >= floor && key >= 0) top.offer(rids[i] ?? 0, key);
    }
    return top;
  };
  let top = best(threshold);
  if (top.size < depth && threshold > 0) top = best(0);
  return top.sorted();
}

/** A stored head: the year its recency was computed for and its bills best first. */
export interface StoredHead {
  year: number;
  rids: Uint32Array;
}

export function packHead(head: StoredHead): Uint8Array {
  const out = new Uint32Array(2 + head.rids.length);
  out[0] = head.year;
  out[1] = head.rids.length;
  out.set(head.rids, 2);
  return new Uint8Array(out.buffer);
}

/** A stored head, or null when the bytes are not one (truncated, or of another layout). */
export function unpackHead(bytes: Uint8Array): StoredHead | null {
  if (bytes.length < 8 || bytes.length % 4 !== 0) return null;
  const b = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const u32 = new Uint32Array(b.buffer, b.byteOffset, b.length / 4);
  const count = u32[1] ?? 0;
  if (u32.length !== 2 + count) return null;
  return { year: u32[0] ?? 0, rids: u32.subarray(2) };
}

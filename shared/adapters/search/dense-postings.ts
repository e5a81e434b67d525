/**
 * The postings of a word that many bills hold, in a form read without
 * decoding (issue 32.7): a bitmap of the bills by row id, a running count of
 * its bits every 256 bills, and each bill's frequency as a byte in row-id
 * order (255: the value is in a short list after them). A bill's frequency is
 * then a bit test and a count of a few words (no binary search), and a
 * query's first run of the commonest words reads views of the stored bytes
 * instead of decoding hundreds of thousands of varints into new arrays
 * (./posting-codec.ts), whose allocation also put collections in that query.
 * For a word in an eighth of the bills or more it is smaller than the varints.
 *
 * Layout, little-endian u32s: [version][bits][count][overflow count]
 * [bitmap × words][running count × (blocks + 1)][frequency bytes × count,
 * padded to 4][overflow ranks × overflow count][overflow values × overflow count].
 */
import type { Postings } from './posting-codec.ts';

const VERSION = 1;
const HEADER = 4;
/** Bitmap words per running count: 8 words, 256 bills. */
const BLOCK_SHIFT = 3;
const BLOCK = 1 << BLOCK_SHIFT;
/** A frequency byte of this value says the frequency is in the overflow list. */
const ESCAPE = 255;

/** Set bits in a 32-bit word. */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** A word is stored dense when this share of the bills hold it (its bitmap is then smaller than its varint gaps). */
export const DENSE_SHARE = 1 / 8;

export function encodeDense(p: Postings): Uint8Array {
  const count = p.rids.length;
  const bits = count > 0 ? (p.rids[count - 1] ?? 0) + 1 : 0;
  const words = Math.ceil(bits / 32);
  const blocks = Math.ceil(words / BLOCK);
  const overflow: number[] = [];
  for (let i = 0; i < count; i++) if ((p.freqs[i] ?? 0) >= ESCAPE) overflow.push(i);
  const freqWords = Math.ceil(count / 4);
  const out = new Uint32Array(HEADER + words + blocks + 1 + freqWords + 2 * overflow.length);
  out.set([VERSION, bits, count, overflow.length]);
  const bitmap = out.subarray(HEADER, HEADER + words);
  for (let i = 0; i < count; i++) {
    const rid = p.rids[i] ?? 0;
    bitmap[rid >>> 5] = ((bitmap[rid >>> 5] ?? 0) | (1 << (rid & 31))) >>> 0;
  }
  const running = out.subarray(HEADER + words, HEADER + words + blocks + 1);
  let seen = 0;
  for (let b = 0; b < blocks; b++) {
    running[b] = seen;
    for (let w = b * BLOCK; w < Math.min(words, (b + 1) * BLOCK); w++) seen += popcount(bitmap[w] ?? 0);
  }
  running[blocks] = seen;
  const at = HEADER + words + blocks + 1;
  const freqs = new Uint8Array(out.buffer, 4 * at, count);
  for (let i = 0; i < count; i++) freqs[i] = Math.min(ESCAPE, p.freqs[i] ?? 0);
  const ranks = out.subarray(at + freqWords, at + freqWords + overflow.length);
  const values = out.subarray(at + freqWords + overflow.length);
  overflow.forEach((i, k) => {
    ranks[k] = i;
    values[k] = p.freqs[i] ?? 0;
  });
  return new Uint8Array(out.buffer);
}

/** Views over stored dense postings: a bill's frequency, the bills in order, an even sample, without decoding them all. */
export class DensePostings {
  private materialized: Postings | undefined;

  private constructor(
    readonly count: number,
    private readonly bitmap: Uint32Array,
    private readonly running: Uint32Array,
    private readonly freqBytes: Uint8Array,
    private readonly overflowRanks: Uint32Array,
    private readonly overflowValues: Uint32Array,
  ) {}

  /** Views over the stored bytes (copied once when not 4-byte aligned); null when they are not dense postings of this version. */
  static read(blob: Uint8Array): DensePostings | null {
    if (blob.length < 4 * HEADER || blob.length % 4 !== 0) return null;
    const b = blob.byteOffset % 4 === 0 ? blob : blob.slice();
    const u32 = new Uint32Array(b.buffer, b.byteOffset, b.length / 4);
    const [version = 0, bits = 0, count = 0, overflow = 0] = u32;
    const words = Math.ceil(bits / 32);
    const blocks = Math.ceil(words / BLOCK);
    const at = HEADER + words + blocks + 1;
    const freqWords = Math.ceil(count / 4);
    if (version !== VERSION || u32.length !== at + freqWords + 2 * overflow) return null;
    return new DensePostings(
      count,
      u32.subarray(HEADER, HEADER + words),
      u32.subarray(HEADER + words, at),
      new Uint8Array(b.buffer, b.byteOffset + 4 * at, count),
      u32.subarray(at + freqWords, at + freqWords + overflow),
      u32.subarray(at + freqWords + overflow),
    );
  }

  /** How many bills before `rid` hold the word (its posting's rank). */
  private rankOf(rid: number): number {
    const w = rid >>> 5;
    let r = this.running[w >>> BLOCK_SHIFT] ?? 0;
    for (let k = w & ~(BLOCK - 1); k < w; k++) r += popcount(this.bitmap[k] ?? 0);
    return r + popcount((this.bitmap[w] ?? 0) & ((1 << (rid & 31)) - 1));
  }

  /** The frequency of the posting of rank `r`. */
  private freqAt(r: number): number {
    const f = this.freqBytes[r] ?? 0;
    if (f < ESCAPE) return f;
    let lo = 0;
    let hi = this.overflowRanks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.overflowRanks[mid] ?? 0;
      if (at === r) return this.overflowValues[mid] ?? f;
      if (at < r) lo = mid + 1;
      else hi = mid - 1;
    }
    return f;
  }

  /** The word's frequency in a bill, 0 when the bill does not hold it. */
  freqOf(rid: number): number {
    const word = this.bitmap[rid >>> 5];
    if (word === undefined || (word & (1 << (rid & 31))) === 0) return 0;
    return this.freqAt(this.rankOf(rid));
  }

  /** Every bill holding the word, in row-id order, with its frequency. */
  each(visit: (rid: number, f: number) => void): void {
    let r = 0;
    for (let w = 0; w < this.bitmap.length; w++) {
      let word = this.bitmap[w] ?? 0;
      while (word !== 0) {
        const low = word & -word;
        visit(w * 32 + 31 - Math.clz32(low), this.freqAt(r++));
        word ^= low;
      }
    }
  }

  /** The row id of the posting of rank `r` (r < count). */
  private ridAt(r: number): number {
    // The last block whose running count is <= r, then its words, then the word's bits.
    let lo = 0;
    let hi = this.running.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.running[mid] ?? 0) <= r) lo = mid;
      else hi = mid - 1;
    }
    let left = r - (this.running[lo] ?? 0);
    for (let w = lo * BLOCK; w < this.bitmap.length; w++) {
      let word = this.bitmap[w] ?? 0;
      const n = popcount(word);
      if (left >= n) {
        left -= n;
        continue;
      }
      for (; left > 0; left--) word &= word - 1;
      return w * 32 + 31 - Math.clz32(word & -word);
    }
    return -1;
  }

  /** About `count` bills holding the word, evenly spread over its postings, in row-id order. */
  sample(count: number): number[] {
    const step = Math.max(1, this.count / Math.max(1, count));
    const out: number[] = [];
    for (let i = 0; i < this.count; i += step) out.push(this.ridAt(Math.floor(i)));
    return out;
  }

  /**
   * The postings as arrays, made once, on the first call (the paths that walk every posting): one loop
   * over the bitmap without a call a posting, since it often runs before the process has compiled it.
   */
  postings(): Postings {
    if (!this.materialized) {
      const rids = new Uint32Array(this.count);
      const freqs = new Uint32Array(this.count);
      const { bitmap, freqBytes } = this;
      let r = 0;
      for (let w = 0; w < bitmap.length; w++) {
        let word = bitmap[w] ?? 0;
        while (word !== 0) {
          const low = word & -word;
          rids[r] = w * 32 + 31 - Math.clz32(low);
          const f = freqBytes[r] ?? 0;
          freqs[r] = f < ESCAPE ? f : this.freqAt(r);
          r += 1;
          word ^= low;
        }
      }
      this.materialized = { rids, freqs };
    }
    return this.materialized;
  }
}

/**
 * The compacted words the word ranker knows without asking the file
 * (./word-ranker.ts): every Latin word, the other common words and the pairs
 * of common words of LISTED_PAIR_BYTES or more, each with the size of its
 * postings. Compaction stores them packed, sorted in SQLite's order (UTF-8
 * bytes), as one blob a new container takes as it is and looks words up in
 * by binary search: a first query parses and hashes nothing (issue 36.5;
 * docs/search.md). Layout, little-endian u32s then bytes:
 * [count][starts × (count + 1)][sizes × count][the words' UTF-8, back to back].
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** a < b: negative; equal: 0; a > b: positive (bytewise, as SQLite's BINARY collation). */
function compareBytes(a: Uint8Array, aFrom: number, aTo: number, b: Uint8Array): number {
  const n = Math.min(aTo - aFrom, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[aFrom + i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return aTo - aFrom - b.length;
}

export class WordSizes {
  private constructor(
    private readonly starts: Uint32Array,
    private readonly sizes: Uint32Array,
    private readonly bytes: Uint8Array,
  ) {}

  /** The blob compaction stores: the words sorted bytewise, each once. */
  static pack(entries: Iterable<readonly [string, number]>): Uint8Array {
    const sorted = [...new Map([...entries].map(([w, n]) => [w, n]))]
      .map(([word, size]) => ({ word: encoder.encode(word), size }))
      .sort((a, b) => compareBytes(a.word, 0, a.word.length, b.word));
    const count = sorted.length;
    const head = 4 * (1 + count + 1 + count);
    const total = sorted.reduce((s, e) => s + e.word.length, 0);
    const out = new Uint8Array(head + total);
    const u32 = new Uint32Array(out.buffer, 0, head / 4);
    u32[0] = count;
    let at = 0;
    sorted.forEach((e, i) => {
      u32[1 + i] = at;
      u32[2 + count + i] = e.size;
      out.set(e.word, head + at);
      at += e.word.length;
    });
    u32[1 + count] = at;
    return out;
  }

  /** Views over a packed blob (copied once when it is not 4-byte aligned). */
  static unpack(blob: Uint8Array): WordSizes {
    const b = blob.byteOffset % 4 === 0 ? blob : blob.slice();
    const count = b.length >= 4 ? (new Uint32Array(b.buffer, b.byteOffset, 1)[0] ?? 0) : 0;
    const head = 4 * (1 + count + 1 + count);
    if (b.length < head) return WordSizes.unpack(WordSizes.pack([]));
    const starts = new Uint32Array(b.buffer, b.byteOffset + 4, count + 1);
    const sizes = new Uint32Array(b.buffer, b.byteOffset + 4 * (count + 2), count);
    return new WordSizes(starts, sizes, b.subarray(head));
  }

  static of(entries: Iterable<readonly [string, number]>): WordSizes {
    return WordSizes.unpack(WordSizes.pack(entries));
  }

  get count(): number {
    return this.sizes.length;
  }

  /** The first index whose word is >= key. */
  private lowerBound(key: Uint8Array): number {
    let lo = 0;
    let hi = this.sizes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareBytes(this.bytes, this.starts[mid] ?? 0, this.starts[mid + 1] ?? 0, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private wordAt(i: number): string {
    return decoder.decode(this.bytes.subarray(this.starts[i] ?? 0, this.starts[i + 1] ?? 0));
  }

  /** A word's size, or undefined when it is not on the list. */
  get(word: string): number | undefined {
    const key = encoder.encode(word);
    const i = this.lowerBound(key);
    if (i >= this.sizes.length || compareBytes(this.bytes, this.starts[i] ?? 0, this.starts[i + 1] ?? 0, key) !== 0) return undefined;
    return this.sizes[i];
  }

  has(word: string): boolean {
    return this.get(word) !== undefined;
  }

  /** The words on the list that begin with `prefix`, in order. */
  withPrefix(prefix: string): string[] {
    const key = encoder.encode(prefix);
    const out: string[] = [];
    for (let i = this.lowerBound(key); i < this.sizes.length; i++) {
      const from = this.starts[i] ?? 0;
      const to = this.starts[i + 1] ?? 0;
      if (to - from < key.length || compareBytes(this.bytes, from, from + key.length, key) !== 0) break;
      out.push(this.wordAt(i));
    }
    return out;
  }

  /** Every word with its size, in order (tests). */
  entries(): [string, number][] {
    return Array.from({ length: this.sizes.length }, (_, i) => [this.wordAt(i), this.sizes[i] ?? 0]);
  }
}

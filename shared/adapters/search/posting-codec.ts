/**
 * How a word's postings are stored in the index file: its bills' row ids in
 * ascending order, each as the gap from the one before, and each bill's
 * weighted frequency of the word, all as unsigned LEB128 varints (a common
 * word's gaps take one byte each).
 */

/** A word's postings in memory: row ids ascending, with the frequency of each. */
export interface Postings {
  rids: Uint32Array;
  freqs: Uint32Array;
}

function writeVarint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

export function encodePostings(p: Postings): Uint8Array {
  const out: number[] = [];
  writeVarint(out, p.rids.length);
  let previous = 0;
  for (let i = 0; i < p.rids.length; i++) {
    const rid = p.rids[i] ?? 0;
    writeVarint(out, rid - previous);
    previous = rid;
  }
  for (let i = 0; i < p.freqs.length; i++) writeVarint(out, p.freqs[i] ?? 0);
  return Uint8Array.from(out);
}

/** How many postings encoded postings hold (their first varint), without decoding them. */
export function decodeCount(bytes: Uint8Array): number {
  let n = 0;
  let scale = 1;
  for (const byte of bytes) {
    n += (byte & 0x7f) * scale;
    if (byte < 0x80) return n;
    scale *= 128;
  }
  throw new Error('truncated postings');
}

/** Decodes in one loop without a call per varint: a common word's postings are hundreds of thousands (issue 32.7). */
export function decodePostings(bytes: Uint8Array): Postings {
  let at = 0;
  const end = bytes.length;
  const truncated = () => new Error('truncated postings');
  // The count, then rids as gaps, then freqs: 2n + 1 varints, most of one byte.
  let n = 0;
  for (let scale = 1; ; scale *= 128) {
    if (at >= end) throw truncated();
    const byte = bytes[at++] as number;
    n += (byte & 0x7f) * scale;
    if (byte < 0x80) break;
  }
  const rids = new Uint32Array(n);
  const freqs = new Uint32Array(n);
  let rid = 0;
  for (let i = 0; i < 2 * n; i++) {
    if (at >= end) throw truncated();
    let byte = bytes[at++] as number;
    let value = byte & 0x7f;
    for (let scale = 128; byte >= 0x80; scale *= 128) {
      if (at >= end) throw truncated();
      byte = bytes[at++] as number;
      value += (byte & 0x7f) * scale;
    }
    if (i < n) {
      rid += value;
      rids[i] = rid;
    } else freqs[i - n] = value;
  }
  return { rids, freqs };
}

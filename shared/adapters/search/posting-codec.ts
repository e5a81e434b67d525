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

export function decodePostings(bytes: Uint8Array): Postings {
  let at = 0;
  const read = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++];
      if (byte === undefined) throw new Error('truncated postings');
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const n = read();
  const rids = new Uint32Array(n);
  const freqs = new Uint32Array(n);
  let rid = 0;
  for (let i = 0; i < n; i++) {
    rid += read();
    rids[i] = rid;
  }
  for (let i = 0; i < n; i++) freqs[i] = read();
  return { rids, freqs };
}

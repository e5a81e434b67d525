/**
 * The dense postings of a common word (shared/adapters/search/dense-postings.ts,
 * issue 32.7): every bill's frequency read from the stored bytes as the
 * varint postings give it, large frequencies and row ids at word edges
 * included; the bills in order, an even sample and the arrays as decoding
 * gives them; bytes of another layout refused.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '#bench/support/query-words.ts';
import { DensePostings, encodeDense } from '#shared/adapters/search/dense-postings.ts';
import type { Postings } from '#shared/adapters/search/posting-codec.ts';

/** A word in about `share` of `bills` bills, with some frequencies of 255 and more. */
function word(bills: number, share: number, seed: number): Postings {
  const r = seededRandom(seed);
  const rids: number[] = [];
  const freqs: number[] = [];
  for (let rid = 0; rid < bills; rid++) {
    if (r() >= share && rid % 32 !== 31 && rid % 32 !== 0) continue;
    rids.push(rid);
    freqs.push(r() < 0.01 ? 255 + Math.floor(r() * 5000) : 1 + Math.floor(r() * 40));
  }
  return { rids: Uint32Array.from(rids), freqs: Uint32Array.from(freqs) };
}

describe('dense postings', () => {
  const p = word(40_000, 0.3, 9);
  const dense = DensePostings.read(encodeDense(p));

  it("gives every bill's frequency as the postings hold it, and 0 for a bill without the word", () => {
    expect(dense?.count).toBe(p.rids.length);
    const held = new Map(Array.from(p.rids, (rid, i) => [rid, p.freqs[i] ?? 0]));
    for (let rid = 0; rid < 40_100; rid++) expect(dense?.freqOf(rid)).toBe(held.get(rid) ?? 0);
  });

  it('walks the bills in row-id order and makes the same arrays as the postings', () => {
    const seen: [number, number][] = [];
    dense?.each((rid, f) => seen.push([rid, f]));
    expect(seen).toEqual(Array.from(p.rids, (rid, i) => [rid, p.freqs[i]]));
    expect(dense?.postings()).toEqual(p);
  });

  it('samples bills evenly spread over the postings, each one that holds the word', () => {
    // As the ranker samples decoded postings: every `step`-th of them.
    const want: number[] = [];
    for (let i = 0, step = p.rids.length / 100; i < p.rids.length; i += step) want.push(p.rids[Math.floor(i)] ?? -1);
    expect(dense?.sample(100)).toEqual(want);
  });

  it('reads unaligned bytes, and a word of one bill or none', () => {
    const bytes = encodeDense(p);
    const shifted = new Uint8Array(bytes.length + 2);
    shifted.set(bytes, 2);
    expect(DensePostings.read(shifted.subarray(2))?.postings()).toEqual(p);
    const one = { rids: Uint32Array.of(70_001), freqs: Uint32Array.of(3) };
    expect(DensePostings.read(encodeDense(one))?.freqOf(70_001)).toBe(3);
    const none = { rids: new Uint32Array(0), freqs: new Uint32Array(0) };
    expect(DensePostings.read(encodeDense(none))?.postings()).toEqual(none);
  });

  it('refuses bytes that are not whole dense postings of its version', () => {
    const bytes = encodeDense(p);
    expect(DensePostings.read(bytes.slice(0, bytes.length - 4))).toBeNull();
    const other = bytes.slice();
    other[0] = 9;
    expect(DensePostings.read(other)).toBeNull();
  });
});

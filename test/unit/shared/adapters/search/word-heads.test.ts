/**
 * A word's head (shared/adapters/search/word-heads.ts, issue 32.7): its bills
 * best first by the word's BM25 weight times recency, as sorting every bill
 * gives, only current bills; and the stored form compaction writes, read back
 * as written and refused when it is not whole.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '#bench/support/query-words.ts';
import { lengthNorm, weightOf } from '#shared/domain/search/bm25.ts';
import { recencyOfYear } from '#shared/domain/search/search-document.ts';
import { DocColumns } from '#shared/adapters/search/doc-columns.ts';
import { bestOf, headFactors, packHead, unpackHead } from '#shared/adapters/search/word-heads.ts';

const NOW = new Date('2026-06-01T00:00:00Z');

function columns(bills: number): DocColumns {
  const r = seededRandom(11);
  const cols = new DocColumns();
  for (let rid = 1; rid <= bills; rid++) {
    const year = 1990 + Math.floor(r() * 37);
    cols.set({
      rid,
      length: 30 + Math.floor(r() * 3000),
      date: `${year}-03-01`,
      congress: 100 + Math.floor((year - 1990) / 2),
      chamber: 'house',
      type: 'hr',
      status: 'introduced',
      sponsor_id: null,
      has_document: false,
    });
  }
  return cols;
}

describe("a word's head", () => {
  const cols = columns(20_000);
  const r = seededRandom(3);
  const rids = Uint32Array.from({ length: 12_000 }, (_, i) => 1 + i + Math.floor(i / 3));
  const freqs = Uint32Array.from(rids, () => 1 + Math.floor(r() * r() * 20));
  const average = cols.totalLength / cols.count;
  const keyOf = (i: number) => {
    const rid = rids[i] ?? 0;
    const year = Math.floor((cols.date[rid] ?? 0) / 10_000);
    return weightOf(1, freqs[i] ?? 0, lengthNorm(cols.length[rid] ?? 0, average)) * recencyOfYear(year, NOW);
  };

  it('holds the best current bills by weight times recency, in the order sorting every bill gives', () => {
    // Every 7th bill written since compaction: no head holds it.
    const stale = Uint8Array.from({ length: cols.size }, (_, rid) => (rid % 7 === 0 ? 1 : 0));
    const current = (rid: number) => stale[rid] !== 1;
    const want = Array.from(rids.keys())
      .filter((i) => current(rids[i] ?? 0))
      .sort((a, b) => keyOf(b) - keyOf(a) || (rids[a] ?? 0) - (rids[b] ?? 0))
      .slice(0, 500)
      .map((i) => rids[i]);
    expect(bestOf({ rids, freqs }, headFactors(cols, NOW), 500, { alive: cols.alive, stale })).toEqual(want);
  });

  it('holds every current bill when they are fewer than asked', () => {
    const few = { rids: rids.subarray(0, 40), freqs: freqs.subarray(0, 40) };
    expect(bestOf(few, headFactors(cols, NOW), 500, { alive: cols.alive })).toHaveLength(40);
    expect(bestOf(null, headFactors(cols, NOW), 500, { alive: cols.alive })).toEqual([]);
  });

  it('is read back as stored, with its year', () => {
    const head = { year: 2026, rids: Uint32Array.from([9, 4, 70_000, 1]) };
    expect(unpackHead(packHead(head))).toEqual(head);
    // Unaligned, as a blob inside a larger buffer may be.
    const bytes = packHead(head);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(unpackHead(shifted.subarray(1))).toEqual(head);
  });

  it('refuses stored bytes that are not a whole head', () => {
    const bytes = packHead({ year: 2026, rids: Uint32Array.from([9, 4, 7]) });
    expect(unpackHead(bytes.slice(0, bytes.length - 4))).toBeNull();
    expect(unpackHead(bytes.slice(0, 6))).toBeNull();
  });
});

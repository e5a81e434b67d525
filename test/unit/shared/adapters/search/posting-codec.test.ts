import { describe, expect, it } from 'vitest';
import { decodePostings, encodePostings } from '#shared/adapters/search/posting-codec.ts';

describe('the postings codec', () => {
  it('round-trips row ids and frequencies, large gaps and values included', () => {
    const rids = Uint32Array.from([1, 2, 3, 200, 70_000, 4_000_000_000]);
    const freqs = Uint32Array.from([1, 10, 127, 128, 16_384, 3]);
    expect(decodePostings(encodePostings({ rids, freqs }))).toEqual({ rids, freqs });
    expect(decodePostings(encodePostings({ rids: new Uint32Array(0), freqs: new Uint32Array(0) }))).toEqual({
      rids: new Uint32Array(0),
      freqs: new Uint32Array(0),
    });
  });

  it('keeps a common word to about a byte per bill and frequency', () => {
    const rids = Uint32Array.from({ length: 10_000 }, (_, i) => 1 + i * 3);
    const freqs = new Uint32Array(10_000).fill(5);
    expect(encodePostings({ rids, freqs }).length).toBeLessThan(20_010);
  });

  it('refuses truncated bytes rather than inventing postings', () => {
    const bytes = encodePostings({ rids: Uint32Array.from([5, 900]), freqs: Uint32Array.from([1, 2]) });
    expect(() => decodePostings(bytes.slice(0, bytes.length - 2))).toThrow(/truncated/u);
  });
});

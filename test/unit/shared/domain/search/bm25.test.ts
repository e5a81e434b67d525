import { describe, expect, it } from 'vitest';
import { idf, termWeight } from '#shared/domain/search/bm25.ts';

describe('BM25 as FTS5 computes it', () => {
  it('weighs a rarer phrase more, and clamps the IDF of a phrase in most rows just above zero', () => {
    expect(idf(1000, 1)).toBeCloseTo(Math.log(999.5 / 1.5), 12);
    expect(idf(1000, 10)).toBeLessThan(idf(1000, 1));
    expect(idf(1000, 500)).toBe(1e-6);
    expect(idf(1000, 900)).toBe(1e-6);
  });

  it('saturates with frequency (k1 1.2) and normalises by the row length (b 0.75)', () => {
    const w = 2;
    // At the average length the weight is idf * f * 2.2 / (f + 1.2).
    expect(termWeight(w, 1, 100, 100)).toBeCloseTo((w * 2.2) / 2.2, 12);
    expect(termWeight(w, 10, 100, 100)).toBeCloseTo((w * 22) / 11.2, 12);
    expect(termWeight(w, 1000, 100, 100)).toBeLessThan(w * 2.2);
    // A longer row weighs the same frequency less: 1 - b + b * 2 = 1.75 at twice the average.
    expect(termWeight(w, 1, 200, 100)).toBeCloseTo((w * 2.2) / (1 + 1.2 * 1.75), 12);
    expect(termWeight(w, 1, 50, 100)).toBeGreaterThan(termWeight(w, 1, 100, 100));
  });

  it('counts a column-weighted frequency as FTS5 does: a word in a column of weight 10 as ten', () => {
    expect(termWeight(1, 10, 100, 100)).toBeGreaterThan(termWeight(1, 5, 100, 100));
  });
});

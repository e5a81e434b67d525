import { describe, expect, it } from 'vitest';
import { billWords, decodeBillWords, encodeBillWords, pairKey } from '#shared/domain/search/bill-words.ts';

const doc = { number: 'hr1', short_title: 'Tax Code Act', title: 'To amend the tax code.', summary: '', meta: '', text: 'The tax code, the tax code.' };

describe("a bill's words", () => {
  it('weighs each word by the columns it is in and counts the length over all columns', () => {
    const words = billWords(doc);
    // short title 10, title 5, text 1 twice.
    expect(words.freqs.get('tax')).toBe(10 + 5 + 2);
    expect(words.freqs.get('amend')).toBe(5);
    expect(words.length).toBe(1 + 3 + 5 + 6);
  });

  it('round-trips and draws the two-word phrases of common words within a column, weighted by column', () => {
    const decoded = decodeBillWords(encodeBillWords(billWords(doc)));
    expect(new Map(decoded.freqs)).toEqual(billWords(doc).freqs);
    const pairs = decoded.pairs(new Set(['tax', 'code', 'the']));
    expect(pairs.get(pairKey('tax', 'code'))).toBe(10 + 5 + 2);
    expect(pairs.get(pairKey('the', 'tax'))).toBe(5 + 2);
    // "act" is not common, and no pair spans two columns ("act" ends one, "to" starts the next).
    expect([...pairs.keys()].some((k) => k.includes('act') || k.includes('to'))).toBe(false);
    expect(decoded.pairs(new Set()).size).toBe(0);
  });

  it('keeps a pair out of every word prefix range', () => {
    expect(pairKey('tax', 'code') < 'a').toBe(true);
  });
});

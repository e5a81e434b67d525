/**
 * BM25 as SQLite FTS5 computes it (k1 1.2, b 0.75, IDF clamped above zero,
 * the row's length over all columns, a phrase's frequency weighted by column),
 * so that a query scored in JavaScript ranks exactly as one scored by FTS5's
 * bm25() (docs/search.md). Pure.
 */
const K1 = 1.2;
const B = 0.75;

/** FTS5's IDF of a phrase that `df` of `n` rows hold: never zero or below, so a word in most rows still counts a little. */
export function idf(n: number, df: number): number {
  const v = Math.log((n - df + 0.5) / (df + 0.5));
  return v <= 0 ? 1e-6 : v;
}

/** The part of a row's score that its length sets: termWeight(idf, f, length, average) is weightOf(idf, f, lengthNorm(length, average)). */
export const lengthNorm = (length: number, averageLength: number): number => K1 * (1 - B + (B * length) / averageLength);

/** termWeight with the row's lengthNorm computed once (a word's head weighs every bill holding it). */
export const weightOf = (idfValue: number, f: number, norm: number): number => (idfValue * (f * (K1 + 1))) / (f + norm);

/** One phrase's part of a row's score: its weighted frequency `f` in a row of `length` tokens. */
export function termWeight(idfValue: number, f: number, length: number, averageLength: number): number {
  return (idfValue * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * length) / averageLength));
}

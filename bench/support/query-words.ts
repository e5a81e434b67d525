/**
 * What the search benches and tests build queries from: a seeded random
 * sequence (the same queries every run) and a run of consecutive words taken
 * from a bill's text, as a person quotes or types them.
 */

/** A linear congruential generator in [0, 1), seeded. */
export function seededRandom(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** 1 to `maxWords` consecutive words of `words`: the length is drawn first, then where it starts. */
export function wordRun(words: readonly string[], maxWords: number, r: () => number): string[] {
  const len = 1 + Math.floor(r() * maxWords);
  const at = Math.floor(r() * (words.length - len));
  return words.slice(at, at + len);
}

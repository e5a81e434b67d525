/**
 * The trainer's only source of randomness (row and feature sampling, shuffles),
 * seeded so `npm run forecast:train` writes the same model file every run:
 * mulberry32, a 32-bit generator whose arithmetic is exact in JavaScript.
 */

/** A generator of numbers in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The indices 0..n-1 in a seeded random order (Fisher-Yates). */
export function shuffledIndices(n: number, random: () => number): Int32Array {
  const out = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

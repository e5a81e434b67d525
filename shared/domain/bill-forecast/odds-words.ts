/**
 * A probability as people say it: "about 1 in 20", "about 7 in 10", "about
 * 19 in 20". One in N is rounded to a number people use (1 in 12, 1 in 15,
 * not 1 in 13); the ends of the scale are said as such ("less than 1 in
 * 200", "almost certain"). The bill page, the forecast API and the
 * forecast_jump alert all say odds with these words.
 */

const ROUND_NUMBERS = [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 150, 200];

/** The round number closest to n on a log scale. */
const nearestRound = (n: number): number =>
  ROUND_NUMBERS.reduce((best, r) => (Math.abs(Math.log(r / n)) < Math.abs(Math.log(best / n)) ? r : best), ROUND_NUMBERS[0]!);

/** "about 1 in 20" for 0.05; lower case, so it reads inside a sentence. */
export function oddsInWords(p: number): string {
  if (p <= 0) return 'no chance';
  if (p >= 1) return 'certain';
  if (p < 1 / 250) return 'less than 1 in 200';
  if (p > 1 - 1 / 250) return 'almost certain';
  if (p < 0.45) return `about 1 in ${nearestRound(1 / p)}`;
  if (p <= 0.9) return `about ${Math.round(p * 10)} in 10`;
  const n = nearestRound(1 / (1 - p));
  return `about ${n - 1} in ${n}`;
}

/** A probability in whole percentage points, or "<1%" / ">99%" at the ends. */
export function percentWords(p: number): string {
  if (p > 0 && p < 0.005) return '<1%';
  if (p < 1 && p > 0.995) return '>99%';
  return `${Math.round(p * 100)}%`;
}

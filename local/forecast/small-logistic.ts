/**
 * Logistic regression with a handful of dense inputs and an offset, fitted
 * exactly by Newton's method (no randomness, no learning rate): the
 * calibration of each link (slope and intercept on the trees' log-odds) and
 * its update for cosponsors gained (coefficients added to a fixed log-odds).
 */
import { sigmoid } from '#shared/domain/forecast/tree-ensemble.ts';

/** Solves the small system a x = b by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c += 1) {
    const p = m.reduce((best, row, r) => (r >= c && Math.abs(row[c]!) > Math.abs(m[best]![c]!) ? r : best), c);
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < n; r += 1) {
      if (r === c || m[c]![c] === 0) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k += 1) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => (row[i] === 0 ? 0 : row[n]! / row[i]!));
}

/**
 * Coefficients [intercept, ...one per input] maximising the likelihood of
 * sigmoid(offset + intercept + sum(coef * input)); a small ridge keeps a
 * separable or constant input finite.
 */
export function fitSmallLogistic(inputs: number[][], labels: ArrayLike<number>, offsets?: ArrayLike<number>, ridge = 1e-3): number[] {
  const k = (inputs[0]?.length ?? 0) + 1;
  let beta = new Array<number>(k).fill(0);
  for (let iter = 0; iter < 50; iter += 1) {
    const grad = new Array<number>(k).fill(0);
    const hess = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    inputs.forEach((x, i) => {
      const row = [1, ...x];
      const p = sigmoid((offsets?.[i] ?? 0) + row.reduce((s, v, j) => s + v * beta[j]!, 0));
      const w = Math.max(p * (1 - p), 1e-9);
      row.forEach((v, j) => {
        grad[j]! += (labels[i]! - p) * v;
        row.forEach((u, l) => (hess[j]![l]! += w * v * u));
      });
    });
    beta.forEach((b, j) => {
      grad[j]! -= ridge * b;
      hess[j]![j]! += ridge;
    });
    const step = solve(hess, grad);
    beta = beta.map((b, j) => b + step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  return beta;
}

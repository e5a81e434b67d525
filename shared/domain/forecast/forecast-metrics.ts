/**
 * How good a set of probabilities is against what happened: AUC (the chance a
 * random bill that made it was scored above one that did not), Brier score and
 * its skill over always predicting the base rate, and the calibration table
 * (predicted against observed rate in each tenth of the probability scale).
 */

/** Area under the ROC curve, ties counted half (the Mann-Whitney statistic). */
export function auc(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const order = Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let rankSum = 0;
  let positives = 0;
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && scores[order[j + 1]!] === scores[order[i]!]) j += 1;
    const midRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k += 1) {
      if (labels[order[k]!]) {
        rankSum += midRank;
        positives += 1;
      }
    }
    i = j + 1;
  }
  const negatives = order.length - positives;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Mean squared error of the probabilities. */
export function brier(probs: ArrayLike<number>, labels: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < probs.length; i += 1) s += (probs[i]! - labels[i]!) ** 2;
  return s / probs.length;
}

/** 1 - Brier / Brier of the observed base rate: above 0 beats knowing only how many bills made it. */
export function brierSkill(probs: ArrayLike<number>, labels: ArrayLike<number>): number {
  let pos = 0;
  for (let i = 0; i < labels.length; i += 1) pos += labels[i]!;
  const base = pos / labels.length;
  return 1 - brier(probs, labels) / (base * (1 - base));
}

export interface CalibrationRow {
  /** The bin's range of predicted probability, [from, to). */
  from: number;
  to: number;
  bills: number;
  predicted: number;
  observed: number;
}

/** Predicted against observed rates in ten equal-width bins of predicted probability (empty bins left out). */
export function calibrationTable(probs: ArrayLike<number>, labels: ArrayLike<number>, bins = 10): CalibrationRow[] {
  const rows = Array.from({ length: bins }, (_, b) => ({ from: b / bins, to: (b + 1) / bins, bills: 0, predicted: 0, observed: 0 }));
  for (let i = 0; i < probs.length; i += 1) {
    const row = rows[Math.min(bins - 1, Math.floor(probs[i]! * bins))]!;
    row.bills += 1;
    row.predicted += probs[i]!;
    row.observed += labels[i]!;
  }
  return rows.filter((r) => r.bills > 0).map((r) => ({ ...r, predicted: r.predicted / r.bills, observed: r.observed / r.bills }));
}

/** Predicted against observed rates in ten groups of equal size, ordered by predicted probability. */
export function calibrationByDecile(probs: ArrayLike<number>, labels: ArrayLike<number>, groups = 10): CalibrationRow[] {
  const order = Array.from({ length: probs.length }, (_, i) => i).sort((a, b) => probs[a]! - probs[b]!);
  return Array.from({ length: groups }, (_, g) => {
    const part = order.slice(Math.floor((g * order.length) / groups), Math.floor(((g + 1) * order.length) / groups));
    const mean = (f: (i: number) => number) => part.reduce((s, i) => s + f(i), 0) / part.length;
    return { from: probs[part[0]!]!, to: probs[part.at(-1)!]!, bills: part.length, predicted: mean((i) => probs[i]!), observed: mean((i) => labels[i]!) };
  });
}

/** The largest gap between predicted and observed rate among rows holding at least `minBills` bills. */
export const worstCalibrationGap = (rows: CalibrationRow[], minBills = 100): number =>
  Math.max(0, ...rows.filter((r) => r.bills >= minBills).map((r) => Math.abs(r.predicted - r.observed)));

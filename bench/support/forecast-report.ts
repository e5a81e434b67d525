/**
 * The lines bench:forecast prints for one set of forecasts of one stage: AUC,
 * Brier score and its skill over the base rate, and the calibration tables
 * (ten equal-width bins of predicted probability, and ten equal-size groups),
 * with the worst gap among bins holding 100 bills or more.
 */
import {
  auc,
  brier,
  brierSkill,
  calibrationByDecile,
  calibrationTable,
  type CalibrationRow,
  worstCalibrationGap,
} from '#shared/domain/forecast/forecast-metrics.ts';

const pct = (v: number) => `${(100 * v).toFixed(1)}%`;

export interface StageFigures {
  auc: number;
  brierSkill: number;
  worstGap: number;
  worstGapDeciles: number;
}

const table = (rows: CalibrationRow[], label: (r: CalibrationRow) => string) =>
  rows.map(
    (r) =>
      `    ${label(r).padEnd(14)} ${String(r.bills).padStart(6)} bills  predicted ${pct(r.predicted).padStart(6)}  observed ${pct(r.observed).padStart(6)}`,
  );

/** Figures and printable lines for one stage's forecasts. */
export function stageReport(name: string, probs: number[], labels: number[], tables = true): { figures: StageFigures; lines: string[] } {
  const base = labels.reduce((s, v) => s + v, 0) / labels.length;
  const bins = calibrationTable(probs, labels);
  const deciles = calibrationByDecile(probs, labels);
  const figures = {
    auc: auc(probs, labels),
    brierSkill: brierSkill(probs, labels),
    worstGap: worstCalibrationGap(bins),
    worstGapDeciles: worstCalibrationGap(deciles),
  };
  const lines = [
    `  ${name}: ${labels.length} bills, base rate ${pct(base)}, mean forecast ${pct(probs.reduce((s, v) => s + v, 0) / probs.length)}`,
    `    AUC ${figures.auc.toFixed(4)}  Brier ${brier(probs, labels).toFixed(5)} (base rate ${(base * (1 - base)).toFixed(5)})  Brier skill ${figures.brierSkill >= 0 ? '+' : ''}${figures.brierSkill.toFixed(4)}`,
    `    worst calibration gap, bins of >= 100 bills: ${pct(figures.worstGap)} by probability tenths, ${pct(figures.worstGapDeciles)} by deciles of bills`,
  ];
  if (tables) {
    lines.push('    by predicted probability:', ...table(bins, (r) => `[${r.from.toFixed(1)}, ${r.to.toFixed(1)})`));
    lines.push('    by decile of bills:', ...table(deciles, (r) => `${pct(r.from)}-${pct(r.to)}`));
  }
  return { figures, lines };
}

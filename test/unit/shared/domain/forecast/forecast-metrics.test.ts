import { describe, expect, it } from 'vitest';
import { auc, brier, brierSkill, calibrationByDecile, calibrationTable, worstCalibrationGap } from '#shared/domain/forecast/forecast-metrics.ts';

describe('forecast metrics', () => {
  it('scores AUC as the share of positive-negative pairs ordered right, ties half', () => {
    expect(auc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBe(0.75);
    expect(auc([0.5, 0.5, 0.5], [0, 1, 0])).toBe(0.5);
    expect(auc([0.9, 0.1], [0, 1])).toBe(0);
  });

  it('scores Brier skill against always forecasting the base rate', () => {
    const labels = [1, 0, 0, 0];
    expect(brier([0.25, 0.25, 0.25, 0.25], labels)).toBeCloseTo(0.1875);
    expect(brierSkill([0.25, 0.25, 0.25, 0.25], labels)).toBeCloseTo(0);
    expect(brierSkill([1, 0, 0, 0], labels)).toBeCloseTo(1);
    expect(brierSkill([0, 1, 1, 1], labels)).toBeLessThan(0);
  });

  it('tables predicted against observed rates by tenth of probability and by decile of bills', () => {
    const probs = [0.05, 0.05, 0.15, 0.95];
    const labels = [0, 1, 0, 1];
    expect(calibrationTable(probs, labels)).toEqual([
      { from: 0, to: 0.1, bills: 2, predicted: 0.05, observed: 0.5 },
      { from: 0.1, to: 0.2, bills: 1, predicted: 0.15, observed: 0 },
      { from: 0.9, to: 1, bills: 1, predicted: 0.95, observed: 1 },
    ]);
    const deciles = calibrationByDecile(probs, labels, 2);
    expect(deciles.map((d) => d.bills)).toEqual([2, 2]);
    expect(deciles[1]!.predicted).toBeCloseTo(0.55);
    expect(deciles[1]!.observed).toBe(0.5);
  });

  it('finds the worst gap only among bins holding enough bills', () => {
    const rows = [
      { from: 0, to: 0.1, bills: 500, predicted: 0.03, observed: 0.04 },
      { from: 0.5, to: 0.6, bills: 40, predicted: 0.55, observed: 0.2 },
    ];
    expect(worstCalibrationGap(rows)).toBeCloseTo(0.01);
    expect(worstCalibrationGap(rows, 10)).toBeCloseTo(0.35);
  });
});

import { describe, expect, it } from 'vitest';
import { type CalibrationRow, fitCalibrated, fitIntroduction, fitLink } from '#local/forecast/calibration-fit.ts';
import { calibrationCongresses } from '#local/forecast/forecast-trainer.ts';
import { seededRandom } from '#local/forecast/seeded-random.ts';
import type { LabelledBill } from '#local/forecast/training-tables.ts';
import { productLogit } from '#shared/domain/forecast/forecast.ts';
import { sigmoid } from '#shared/domain/forecast/tree-ensemble.ts';

/** Rows whose labels are drawn from known calibrated odds: sigmoid(0.5 * raw - 1) for the link or stage under test. */
function synthetic(n: number, label: (raw: number[], random: () => number) => [number, number, number]): CalibrationRow[] {
  const random = seededRandom(3);
  return Array.from({ length: n }, () => {
    const margins = [random() * 8 - 4, random() * 8 - 4, random() * 8 - 4];
    const stages = label(margins, random);
    const bill = { record: { outcome: {} }, stages } as unknown as LabelledBill;
    return {
      bill,
      margins: { reported: margins[0]!, passed_given_reported: margins[1]!, enacted_given_passed: margins[2]!, enacted_given_both: 0 },
      gains: null,
    };
  });
}

describe('calibration fit', () => {
  it('recovers the slope and intercept that made the labels', () => {
    const random = seededRandom(1);
    const raw = Array.from({ length: 20_000 }, () => random() * 8 - 4);
    const labels = raw.map((m) => (random() < sigmoid(0.5 * m - 1) ? 1 : 0));
    const { calibration, cosponsor_update } = fitCalibrated(raw, labels, Array<null>(raw.length).fill(null));
    expect(calibration.slope).toBeCloseTo(0.5, 1);
    expect(calibration.intercept).toBeCloseTo(-1, 1);
    // No bill with cosponsors known: the update is fitted on nothing and stays at zero.
    expect(cosponsor_update).toEqual({ intercept: 0, gained: 0, gained_other_party: 0 });
  });

  it('fits a link only on the bills where its question is open', () => {
    // Reported bills pass with odds sigmoid(0.5 m - 1); unreported ones never do (and would pull the slope to nothing if counted).
    const rows = synthetic(20_000, ([r, p], random) => {
      const reported = random() < sigmoid(r!) ? 1 : 0;
      return [reported, reported && random() < sigmoid(0.5 * p! - 1) ? 1 : 0, 0];
    });
    const { calibration } = fitLink(rows, 'passed_given_reported');
    expect(calibration.slope).toBeCloseTo(0.5, 1);
    expect(calibration.intercept).toBeCloseTo(-1, 1);
  });

  it('calibrates enactment at introduction on the log-odds of the product of the three links', () => {
    const rows = synthetic(30_000, (m, random) => {
      const enacted = random() < sigmoid(0.5 * productLogit(m) - 1) ? 1 : 0;
      return [enacted, enacted, enacted];
    });
    const { enacted } = fitIntroduction(rows);
    expect(enacted.calibration.slope).toBeCloseTo(0.5, 1);
    expect(enacted.calibration.intercept).toBeCloseTo(-1, 1);
  });

  it('calibrates on the latest training Congresses that have one before them', () => {
    expect(calibrationCongresses([104, 105, 106, 107], 1)).toEqual([107]);
    expect(calibrationCongresses([107, 104, 106, 105], 2)).toEqual([106, 107]);
    expect(calibrationCongresses([104, 105], 3)).toEqual([105]);
  });
});

/**
 * Fits the calibrations a model file carries on out-of-time predictions
 * (forecast-trainer.ts pools them over several Congresses): each link's
 * Platt scaling of its trees' log-odds, among the bills where its question is
 * open, and the odds of enactment at introduction as a whole, Platt scaling
 * of the log-odds of the product of the links' uncalibrated probabilities. Each comes
 * with its update for cosponsors gained since introduction, fitted against
 * the calibrated log-odds as a fixed offset.
 */
import type { Calibrated, IntroductionCalibration, Link } from '#shared/domain/forecast/forecast-model.schema.ts';
import { productLogit } from '#shared/domain/forecast/forecast.ts';
import { roundTo } from '#shared/domain/forecast/rounding.ts';
import { linkRows } from '#local/forecast/chain-trainer.ts';
import { fitSmallLogistic } from '#local/forecast/small-logistic.ts';
import type { LabelledBill } from '#local/forecast/training-tables.ts';

const round5 = (v: number) => roundTo(v, 5);

/** One bill scored out of time: its trees' log-odds per link, and its cosponsors gained by 30 days when known. */
export interface CalibrationRow {
  bill: LabelledBill;
  margins: Record<Link, number>;
  gains: [number, number] | null;
}

/** Platt scaling of `raw` against `labels`, and the cosponsor update over it. */
export function fitCalibrated(raw: number[], labels: number[], gains: ([number, number] | null)[]): Calibrated {
  const [intercept, slope] = fitSmallLogistic(
    raw.map((m) => [m]),
    labels,
  );
  const known = gains.map((g, i) => (g ? i : -1)).filter((i) => i >= 0);
  // Without a bill whose later cosponsors are known there is nothing to fit: no update.
  const update = known.length
    ? fitSmallLogistic(
        known.map((i) => gains[i]!),
        known.map((i) => labels[i]!),
        known.map((i) => slope! * raw[i]! + intercept!),
      )
    : [0, 0, 0];
  return {
    calibration: { slope: round5(slope!), intercept: round5(intercept!) },
    cosponsor_update: { intercept: round5(update[0]!), gained: round5(update[1]!), gained_other_party: round5(update[2]!) },
  };
}

/** A link's calibration, on the rows where its question is open. */
export function fitLink(rows: CalibrationRow[], link: Link): Calibrated {
  const open = rows.filter((r) => linkRows[link].from(r.bill));
  return fitCalibrated(
    open.map((r) => r.margins[link]),
    open.map((r) => linkRows[link].label(r.bill)),
    open.map((r) => r.gains),
  );
}

/** The calibration of enactment at introduction, on every row. */
export const fitIntroduction = (rows: CalibrationRow[]): IntroductionCalibration => ({
  enacted: fitCalibrated(
    rows.map((r) => productLogit([r.margins.reported, r.margins.passed_given_reported, r.margins.enacted_given_passed])),
    rows.map((r) => r.bill.stages[2]),
    rows.map((r) => r.gains),
  ),
});

/**
 * bench:forecast's figures as data: after each validation split it records
 * the split's held-out figures in shared/domain/bill-forecast/held-out-metrics.json
 * (replacing that Congress's entry, keeping the others), which the model
 * card (GET /api/forecast/model) serves. Each entry carries the sha256 of
 * the model code and data of its run, so the card can tell figures of the
 * code in service from stale ones.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { HeldOutFile, type HeldOutSplit } from '#shared/domain/bill-forecast/held-out.schema.ts';
import { FORECAST_EVENTS } from '#shared/domain/bill-forecast/forecast-stage.ts';
import { auc, brier, brierSkill, calibrationTable } from '#shared/domain/forecast/forecast-metrics.ts';
import { codeSha256, sha256 } from '#local/forecast/model-fingerprint.ts';

export const HELD_OUT_FILE = path.resolve(import.meta.dirname, '../..', 'shared/domain/bill-forecast/held-out-metrics.json');

const r4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** One event's figures from its forecasts, labels and the baseline's forecasts. */
function eventFigures(event: (typeof FORECAST_EVENTS)[number], probs: number[], labels: number[], baseline: number[]) {
  return {
    event,
    base_rate: r4(labels.reduce((s, v) => s + v, 0) / labels.length),
    auc: r4(auc(probs, labels)),
    brier: r4(brier(probs, labels)),
    brier_skill: r4(brierSkill(probs, labels)),
    baseline_auc: r4(auc(baseline, labels)),
    calibration: calibrationTable(probs, labels).map((row) => ({ ...row, predicted: r4(row.predicted), observed: r4(row.observed) })),
  };
}

/** Records a split's figures: per event, its forecasts, labels and baseline forecasts (FORECAST_EVENTS order). */
export function recordHeldOut(
  split: { congress: number; trainedOn: number[]; calibratedOn: number; trainFile: string },
  perEvent: { probs: number[]; labels: number[]; baseline: number[] }[],
): void {
  const entry: HeldOutSplit = {
    congress: split.congress,
    trained_on: split.trainedOn,
    calibrated_on: split.calibratedOn,
    bills: perEvent[0]?.labels.length ?? 0,
    measured_at: new Date().toISOString().slice(0, 10),
    code_sha256: codeSha256(),
    dataset_sha256: sha256(readFileSync(split.trainFile)),
    events: FORECAST_EVENTS.map((e, i) => eventFigures(e, perEvent[i]!.probs, perEvent[i]!.labels, perEvent[i]!.baseline)),
  };
  const before = existsSync(HELD_OUT_FILE) ? HeldOutFile().parse(JSON.parse(readFileSync(HELD_OUT_FILE, 'utf8'))).splits : [];
  const splits = [...before.filter((s) => s.congress !== entry.congress), entry].sort((a, b) => b.congress - a.congress);
  writeFileSync(HELD_OUT_FILE, `${JSON.stringify({ command: 'npm run bench:forecast', splits }, null, 1)}\n`);
}

/**
 * `BENCH_FORECAST_DUMP=dir npx tsx bench/forecast-calibrators.ts`: compares
 * calibrators offline on what `BENCH_FORECAST_DUMP=dir npm run bench:forecast`
 * wrote (bench/support/forecast-dump.ts): each is fitted on a split's
 * out-of-time calibration rows, as the trainer fits Platt scaling, and the
 * validation bills' forecasts at introduction are scored as the bench scores
 * them (AUC, worst gap by probability tenths and by deciles of bills, bins of
 * >= 100 bills). "platt" is what the model file carries, so its line
 * reproduces the bench's figures; "platt, in-sample" is fitted on the
 * validation Congress itself (not a forecast: what the best slope and
 * intercept for that Congress would reach).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { auc, calibrationByDecile, calibrationTable, worstCalibrationGap } from '#shared/domain/forecast/forecast-metrics.ts';
import { productLogit } from '#shared/domain/forecast/forecast.ts';
import type { Link } from '#shared/domain/forecast/forecast-model.schema.ts';
import { sigmoid } from '#shared/domain/forecast/tree-ensemble.ts';
import { fitSmallLogistic } from '#local/forecast/small-logistic.ts';
import type { DumpRow, SplitDump } from './support/forecast-dump.ts';

/** A calibrator: fitted on raw log-odds and labels (and the rows, for grouped ones), returns a map from a row's raw log-odds to calibrated log-odds. */
type Fit = (raw: number[], labels: number[], rows: DumpRow[]) => (raw: number, row: DumpRow) => number;

const logSig = (m: number) => (m >= 0 ? -Math.log1p(Math.exp(-m)) : m - Math.log1p(Math.exp(m)));
const platt: Fit = (raw, labels) => {
  const [c, a] = fitSmallLogistic(
    raw.map((m) => [m]),
    labels,
  );
  return (m) => c! + a! * m;
};
/** Beta calibration (Kull et al. 2017): a ln p - b ln(1 - p) + c, two slopes instead of one. */
const beta: Fit = (raw, labels) => {
  const [c, a, b] = fitSmallLogistic(
    raw.map((m) => [logSig(m), -logSig(-m)]),
    labels,
  );
  return (m) => c! + a! * logSig(m) + b! * -logSig(-m);
};
/** Platt scaling per group (chamber and joint resolution aside, bills only in the grouping key). */
const grouped =
  (key: (r: DumpRow) => string, inner: Fit): Fit =>
  (raw, labels, rows) => {
    const fits = new Map<string, (m: number, r: DumpRow) => number>();
    for (const k of new Set(rows.map(key))) {
      const idx = rows.map((r, i) => (key(r) === k ? i : -1)).filter((i) => i >= 0);
      fits.set(
        k,
        inner(
          idx.map((i) => raw[i]!),
          idx.map((i) => labels[i]!),
          idx.map((i) => rows[i]!),
        ),
      );
    }
    const all = inner(raw, labels, rows);
    return (m, r) => (fits.get(key(r)) ?? all)(m, r);
  };

const CALIBRATORS: Record<string, Fit> = {
  platt,
  beta,
  'platt by chamber': grouped((r) => (r.senate ? 's' : 'h'), platt),
  'beta by chamber': grouped((r) => (r.senate ? 's' : 'h'), beta),
};

const from: Record<Link, (r: DumpRow) => boolean> = {
  reported: () => true,
  passed_given_reported: (r) => r.stages[0] === 1,
  enacted_given_passed: (r) => r.stages[1] === 1,
  enacted_given_both: (r) => r.passedBoth,
};
const label: Record<Link, (r: DumpRow) => number> = {
  reported: (r) => r.stages[0],
  passed_given_reported: (r) => r.stages[1],
  enacted_given_passed: (r) => r.stages[2],
  enacted_given_both: (r) => r.stages[2],
};
const introRaw = (r: DumpRow) => productLogit([r.margins.reported, r.margins.passed_given_reported, r.margins.enacted_given_passed]);

function evaluate(dump: SplitDump, fit: Fit, fitOn: 'calibration' | 'held' = 'calibration'): string {
  const cal = dump[fitOn];
  const link = (l: Link) => {
    const open = cal.filter(from[l]);
    return fit(
      open.map((r) => r.margins[l]),
      open.map(label[l]),
      open,
    );
  };
  const rep = link('reported');
  const pas = link('passed_given_reported');
  const intro = fit(
    cal.map(introRaw),
    cal.map((r) => r.stages[2]),
    cal,
  );
  const probs = dump.held.map((r) => {
    const pr = sigmoid(rep(r.margins.reported, r));
    const pp = pr * sigmoid(pas(r.margins.passed_given_reported, r));
    return [pr, pp, Math.min(pp, sigmoid(intro(introRaw(r), r)))];
  });
  return [0, 1, 2]
    .map((s) => {
      const p = probs.map((v) => v[s]!);
      const y = dump.held.map((r) => r.stages[s]!);
      const t = 100 * worstCalibrationGap(calibrationTable(p, y));
      const d = 100 * worstCalibrationGap(calibrationByDecile(p, y));
      return `${auc(p, y).toFixed(4)} ${t.toFixed(1)}/${d.toFixed(1)}`;
    })
    .join('; ');
}

/** Each link's Platt slope fitted on a set of rows (and P(enacted) at introduction as a whole): how sharp the trees were there. */
function slopes(rows: DumpRow[]): string {
  const slope = (raw: number[], labels: number[]) =>
    fitSmallLogistic(
      raw.map((m) => [m]),
      labels,
    )[1]!.toFixed(3);
  const links = (['reported', 'passed_given_reported', 'enacted_given_passed'] as const).map((l) => {
    const open = rows.filter(from[l]);
    return `${l} ${slope(
      open.map((r) => r.margins[l]),
      open.map(label[l]),
    )}`;
  });
  return [
    ...links,
    `enacted at introduction ${slope(
      rows.map(introRaw),
      rows.map((r) => r.stages[2]),
    )}`,
  ].join(', ');
}

const dir = process.env.BENCH_FORECAST_DUMP;
if (!dir) throw new Error('BENCH_FORECAST_DUMP: the directory bench:forecast dumped into');
for (const file of readdirSync(dir).filter((f) => /^forecast-\d+\.json$/.test(f))) {
  const dump = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as SplitDump;
  console.log(`${dump.validation}th (calibration rows ${dump.calibration.length}): stage AUC tenths/deciles, reported; passed chamber; enacted`);
  for (const [name, fit] of Object.entries(CALIBRATORS)) console.log(`  ${name.padEnd(18)} ${evaluate(dump, fit)}`);
  // Not a forecast: Platt scaling fitted on the validation Congress itself, the floor of what re-fitting its two numbers could reach.
  console.log(`  ${'platt, in-sample'.padEnd(18)} ${evaluate(dump, platt, 'held')}`);
  console.log(`  Platt slopes on the calibration Congress: ${slopes(dump.calibration)}`);
  console.log(`  Platt slopes on the validation Congress:  ${slopes(dump.held)}`);
}

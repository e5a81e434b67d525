/**
 * `npm run bench:forecast`: the forecast's figures on validation Congresses
 * it never saw. For each split (BENCH_FORECAST_SPLITS, default 114 then 113)
 * the whole training run (local/forecast/forecast-trainer.ts, calibration
 * included) is repeated on the Congresses before the validation one, and the
 * validation bills are scored at introduction through the same code as the
 * CLI. Prints AUC, Brier skill and calibration per stage against the targets
 * (AUC of P(enacted) >= 0.88, of P(reported) >= 0.86, Brier skill of
 * P(enacted) >= +0.10, every bin of >= 100 bills within 2 points), a plain
 * logistic regression trained in the same run, the updated forecasts
 * (given the stage reached, and the 30-day cosponsors) and the most
 * confident misses, and records each split's figures for the model card
 * (bench/support/forecast-held-out.ts). Needs ../shared/datasets/bill-outcomes (or
 * BILL_OUTCOMES_DIR); takes about 5 minutes a split on 2 cores.
 */
import type { BillRecord } from '#shared/domain/forecast/bill-record.schema.ts';
import { auc, brierSkill } from '#shared/domain/forecast/forecast-metrics.ts';
import { FORECAST_STAGES, stagesReached } from '#shared/domain/forecast/forecast-stages.ts';
import { forecastAt, forecastAtIntroduction } from '#shared/domain/forecast/forecast.ts';
import { readBillRecords, TRAIN_FILE } from '#local/forecast/bill-dataset.ts';
import { CHAIN_PARAMS } from '#local/forecast/chain-trainer.ts';
import { trainForecastModel } from '#local/forecast/forecast-trainer.ts';
import { SEED } from '#local/forecast/training-run.ts';
import { baselineForecast } from './support/forecast-baseline.ts';
import { stageReport } from './support/forecast-report.ts';
import { recordHeldOut } from './support/forecast-held-out.ts';
import { calibrationDumpRows, type DumpRow, dumpDir, heldDumpRows, writeDump } from './support/forecast-dump.ts';

const SPLITS = (process.env.BENCH_FORECAST_SPLITS ?? '114,113').split(',').map(Number);
const FIRST = 104;
const KEYS = ['p_reported', 'p_passed_chamber', 'p_enacted'] as const;
const TARGETS = { aucEnacted: 0.88, aucReported: 0.86, skillEnacted: 0.1, gap: 0.02 };

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const f4 = (v: number) => v.toFixed(4);

function conditional(model: Parameters<typeof forecastAt>[0], bills: BillRecord[]): string[] {
  const lines = ['  updated forecasts (the bills that reached the stage):'];
  const cases = [
    { at: 'reported', from: 0, key: 'p_passed_chamber', stage: 1 },
    { at: 'reported', from: 0, key: 'p_enacted', stage: 2 },
    { at: 'passed_chamber', from: 1, key: 'p_enacted', stage: 2 },
  ] as const;
  for (const c of cases) {
    const sub = bills.filter((b) => stagesReached(b.type, b.outcome!)[c.from] === 1);
    const p = sub.map((b) => forecastAt(model, b, c.at)[c.key]);
    const y = sub.map((b) => stagesReached(b.type, b.outcome!)[c.stage]!);
    lines.push(`    given ${c.at}, ${c.key}: ${sub.length} bills, AUC ${f4(auc(p, y))}, Brier skill ${f4(brierSkill(p, y))}`);
  }
  const both = bills.filter((b) => b.outcome!.passed_house && b.outcome!.passed_senate);
  const pb = both.map((b) => forecastAt(model, b, 'passed_both').p_enacted);
  const yb = both.map((b): number => (b.outcome!.enacted ? 1 : 0));
  lines.push(
    `    given passed_both, p_enacted: ${both.length} bills, mean ${f4(pb.reduce((s, v) => s + v, 0) / pb.length)}, observed ${f4(yb.reduce((s, v) => s + v, 0) / yb.length)}`,
  );
  for (const [s, key] of KEYS.entries()) {
    const p = bills.map((b) => forecastAt(model, b, 'introduced', b.cosponsors_at_30d)[key]);
    const y = bills.map((b) => stagesReached(b.type, b.outcome!)[s]!);
    lines.push(`    introduced + 30-day cosponsors, ${key}: AUC ${f4(auc(p, y))}, Brier skill ${f4(brierSkill(p, y))}`);
  }
  return lines;
}

function misses(bills: BillRecord[], probs: number[]): string[] {
  const order = bills.map((_, i) => i).sort((a, b) => probs[b]! - probs[a]!);
  const line = (i: number) => `    ${probs[i]!.toFixed(3)} ${bills[i]!.id}: ${(bills[i]!.short_title ?? bills[i]!.title).slice(0, 90)}`;
  return [
    '  most confident misses, P(enacted):',
    '   not enacted, highest forecasts:',
    ...order
      .filter((i) => !bills[i]!.outcome!.enacted)
      .slice(0, 5)
      .map(line),
    '   enacted, lowest forecasts:',
    ...order
      .filter((i) => bills[i]!.outcome!.enacted)
      .slice(-5)
      .reverse()
      .map(line),
  ];
}

const records = readBillRecords(TRAIN_FILE);
console.log(`dataset: ${TRAIN_FILE}, ${records.length} bills; seed ${SEED}`);
for (const validation of SPLITS) {
  const congresses = Array.from({ length: validation - FIRST }, (_, i) => FIRST + i);
  const started = Date.now();
  let calibrationRows: DumpRow[] = [];
  const model = trainForecastModel(records, {
    congresses,
    seed: SEED,
    params: CHAIN_PARAMS,
    onCalibrationRows: (rows) => (calibrationRows = calibrationDumpRows(rows)),
  });
  const bills = records.filter((r) => r.congress === validation);
  const dir = dumpDir();
  if (dir) writeDump(dir, { validation, calibration: calibrationRows, held: heldDumpRows(model, bills) });
  console.log(
    `\n== validate on the ${validation}th Congress (${bills.length} bills); trained on ${FIRST}-${validation - 1}, calibrated on ${model.calibrationCongresses.join(' and ')} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  const forecasts = bills.map((b) => forecastAtIntroduction(model, b));
  const baseline = baselineForecast(
    records.filter((r) => congresses.includes(r.congress)),
    bills,
  );
  const heldOut: { probs: number[]; labels: number[]; baseline: number[] }[] = [];
  const figures = FORECAST_STAGES.map((stage, s) => {
    const labels = bills.map((b) => stagesReached(b.type, b.outcome!)[s]!);
    heldOut.push({ probs: forecasts.map((f) => f[KEYS[s]!]), labels, baseline: baseline[s]! });
    const report = stageReport(
      `P(${stage})`,
      forecasts.map((f) => f[KEYS[s]!]),
      labels,
    );
    const base = stageReport(`baseline P(${stage})`, baseline[s]!, labels, false);
    console.log([...report.lines, ...base.lines.slice(1, 2).map((l) => `    baseline (plain logistic regression):${l.replace(/^ +/, ' ')}`)].join('\n'));
    return report.figures;
  });
  recordHeldOut({ congress: validation, trainedOn: congresses, calibratedOn: model.calibrationCongresses.at(-1)!, trainFile: TRAIN_FILE }, heldOut);
  const strict = bills.map((b) => (b.outcome!.reported_by_committee ? 1 : 0));
  console.log(
    `  P(reported) against the strict label (a committee report): AUC ${f4(
      auc(
        forecasts.map((f) => f.p_reported),
        strict,
      ),
    )}`,
  );
  console.log(conditional(model, bills).join('\n'));
  console.log(
    misses(
      bills,
      forecasts.map((f) => f.p_enacted),
    ).join('\n'),
  );
  const [r, , e] = figures as [(typeof figures)[0], (typeof figures)[0], (typeof figures)[0]];
  console.log(
    `  targets: AUC enacted ${f4(e.auc)} (>= ${TARGETS.aucEnacted}: ${verdict(e.auc >= TARGETS.aucEnacted)}); AUC reported ${f4(r.auc)} (>= ${TARGETS.aucReported}: ${verdict(r.auc >= TARGETS.aucReported)}); ` +
      `Brier skill enacted ${f4(e.brierSkill)} (>= +${TARGETS.skillEnacted}: ${verdict(e.brierSkill >= TARGETS.skillEnacted)}); ` +
      `calibration, worst gap by probability tenths ${figures.map((f) => (100 * f.worstGap).toFixed(1)).join(' / ')} points (<= 2: ${verdict(figures.every((f) => f.worstGap <= TARGETS.gap))}), ` +
      `by deciles of bills ${figures.map((f) => (100 * f.worstGapDeciles).toFixed(1)).join(' / ')} points (<= 2: ${verdict(figures.every((f) => f.worstGapDeciles <= TARGETS.gap))})`,
  );
}

/**
 * `npm run bench:forecast:quick` (development loop): one chain trained on the
 * Congresses before a validation one (QUICK_SPLIT, default 114), scoring its
 * bills at introduction without calibration (Platt scaling is monotone, so the
 * AUC of P(enacted) at introduction is the AUC of the chain's product of the
 * three links' uncalibrated odds). About half the time of a bench:forecast
 * split; the calibrated figures come from `npm run bench:forecast`.
 */
import { auc } from '#shared/domain/forecast/forecast-metrics.ts';
import { forecastFeatures, productLogit } from '#shared/domain/forecast/forecast.ts';
import { ensembleMargin } from '#shared/domain/forecast/tree-ensemble.ts';
import { readBillRecords, TRAIN_FILE } from '#local/forecast/bill-dataset.ts';
import { CHAIN_PARAMS, trainChain } from '#local/forecast/chain-trainer.ts';
import { labelled } from '#local/forecast/training-tables.ts';
import { SEED } from '#local/forecast/training-run.ts';

const split = Number(process.env.QUICK_SPLIT ?? 114);
const seed = Number(process.env.QUICK_SEED ?? SEED);
/** QUICK_PARAMS: JSON merged over CHAIN_PARAMS (for example {"decay":0.9}). */
const params = { ...CHAIN_PARAMS, ...(JSON.parse(process.env.QUICK_PARAMS ?? '{}') as Partial<typeof CHAIN_PARAMS>) };
const records = readBillRecords(TRAIN_FILE);
const started = Date.now();
const model = trainChain(labelled(records.filter((r) => r.congress >= 104 && r.congress < split)), params, seed);
const bills = labelled(records.filter((r) => r.congress === split));
const margins = bills.map((b) => {
  const x = forecastFeatures(model, b.record);
  return (['reported', 'passed_given_reported', 'enacted_given_passed'] as const).map((l) => ensembleMargin(model.links[l].ensemble, x));
});
const f4 = (v: number) => v.toFixed(4);
const stage = (s: number) => bills.map((b) => b.stages[s]!);
console.log(
  `split ${split} seed ${seed} ${process.env.QUICK_PARAMS ?? ''}: AUC reported ${f4(
    auc(
      margins.map((m) => m[0]!),
      stage(0),
    ),
  )}` +
    `, passed ${f4(
      auc(
        margins.map((m) => productLogit(m.slice(0, 2))),
        stage(1),
      ),
    )}` +
    `, enacted ${f4(
      auc(
        margins.map((m) => productLogit(m)),
        stage(2),
      ),
    )} (${Math.round((Date.now() - started) / 1000)} s, ${model.features.length} features)`,
);

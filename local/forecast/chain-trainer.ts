/**
 * Trains the four links of the forecast chain on a set of training bills:
 * the tables and title model the features read, then one boosted-tree model
 * per link on the bills that reached the link's starting stage (all bills for
 * P(reported); reported ones for P(passed | reported); and so on). Recent
 * Congresses weigh more (DECAY per Congress back): enactment rates fell from
 * 5-7% in the 1990s to 3% by the 112th, and the forecast is for what comes next.
 */
import { billFeatures, featureNames } from '#shared/domain/forecast/bill-features.ts';
import type { ForecastModel, Link } from '#shared/domain/forecast/forecast-model.schema.ts';
import { LINKS } from '#shared/domain/forecast/forecast-model.schema.ts';
import { FORECAST_STAGES } from '#shared/domain/forecast/forecast-stages.ts';
import type { TreeEnsemble } from '#shared/domain/forecast/tree-ensemble.ts';
import { binMatrix } from '#local/forecast/feature-bins.ts';
import { type GbdtParams, trainGbdt } from '#local/forecast/gbdt-trainer.ts';
import { trainTextModel } from '#local/forecast/text-trainer.ts';
import { type LabelledBill, featureSpace, sponsorTable, titleHistory } from '#local/forecast/training-tables.ts';

export interface ChainParams {
  /** Weight of a bill k Congresses before the latest training Congress: DECAY^k. */
  decay: number;
  /** Congresses back a bill's earlier versions are looked for. */
  titleWindow: number;
  maxBins: number;
  /** How many of the latest training Congresses the calibration is fitted on, each scored by a chain trained before it. */
  calibrationCongresses: number;
  links: Record<Link, Omit<GbdtParams, 'seed'>>;
}

const tree = { learningRate: 0.05, maxLeaves: 15, minLeafHessian: 1, lambda: 1, rowSample: 0.7, featureSample: 0.7 };
export const CHAIN_PARAMS: ChainParams = {
  decay: 0.85,
  titleWindow: 3,
  maxBins: 64,
  calibrationCongresses: 1,
  links: {
    reported: { ...tree, trees: 300, minLeafRows: 100 },
    passed_given_reported: { ...tree, trees: 250, minLeafRows: 40 },
    enacted_given_passed: { ...tree, trees: 250, minLeafRows: 40 },
    enacted_given_both: { ...tree, trees: 100, minLeafRows: 30 },
  },
};

/** Whether a bill is in a link's training set, and its label there. */
const LINK_ROWS: Record<Link, { from: (b: LabelledBill) => boolean; label: (b: LabelledBill) => number }> = {
  reported: { from: () => true, label: (b) => b.stages[0] },
  passed_given_reported: { from: (b) => b.stages[0] === 1, label: (b) => b.stages[1] },
  enacted_given_passed: { from: (b) => b.stages[1] === 1, label: (b) => b.stages[2] },
  enacted_given_both: { from: (b) => !!b.record.outcome?.passed_house && !!b.record.outcome.passed_senate, label: (b) => b.stages[2] },
};
export const linkRows = LINK_ROWS;

/** The trained pieces of a model, before calibration: a ForecastModel with identity calibrations and no cosponsor update. */
export type UncalibratedModel = Omit<ForecastModel, 'training'>;

/** Trains the chain; `log` hears progress. */
export function trainChain(bills: LabelledBill[], params: ChainParams, seed: number, log: (s: string) => void = () => {}): UncalibratedModel {
  const congresses = [...new Set(bills.map((b) => b.record.congress))].sort((a, b) => a - b);
  const latest = congresses.at(-1)!;
  const space = featureSpace(bills, params.titleWindow);
  const context = { space, sponsors: sponsorTable(bills), titles: titleHistory(bills, congresses) };
  const text = trainTextModel(bills, seed);
  log(`title model: ${text.model.tokens.length} tokens`);
  const vectors = bills.map((b, i) => Float64Array.from([...billFeatures(b.record, context), ...text.outOfFold[i]!]));
  const ensembles = {} as Record<Link, TreeEnsemble>;
  LINKS.forEach((link, k) => {
    const rows = bills.map((_, i) => i).filter((i) => LINK_ROWS[link].from(bills[i]!));
    const started = Date.now();
    ensembles[link] = trainGbdt(
      {
        matrix: binMatrix(
          rows.map((i) => vectors[i]!),
          params.maxBins,
        ),
        labels: Uint8Array.from(rows, (i) => LINK_ROWS[link].label(bills[i]!)),
        weights: Float64Array.from(rows, (i) => params.decay ** (latest - bills[i]!.record.congress)),
      },
      { ...params.links[link], seed: seed + 10 + k },
    );
    log(`${link}: ${rows.length} bills, ${params.links[link].trees} trees, ${Date.now() - started} ms`);
  });
  const identity = { calibration: { slope: 1, intercept: 0 }, cosponsor_update: { intercept: 0, gained: 0, gained_other_party: 0 } };
  return {
    format: 'billwatch-forecast/1',
    space,
    features: [...featureNames(space), ...FORECAST_STAGES.map((s) => `title_model_${s}`)],
    sponsors: context.sponsors,
    // The file keeps the Congresses a bill after the training ones looks back to.
    titles: Object.fromEntries(congresses.slice(-params.titleWindow).map((c) => [String(c), context.titles[String(c)]!])),
    text: text.model,
    links: Object.fromEntries(LINKS.map((l) => [l, { ensemble: ensembles[l], ...identity }])) as UncalibratedModel['links'],
  };
}

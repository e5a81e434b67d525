/**
 * The whole training run as a pure function of the records: a chain trained
 * without the latest training Congress is scored on it, out of time, to fit
 * each link's calibration (bills are forecast for a Congress after the ones
 * the trees saw, and rates drift between Congresses) and its update for
 * cosponsors gained (the dataset's 30-day cosponsors stand in for "now");
 * then the chain is trained again on every training Congress and given those
 * calibrations and updates.
 */
import type { BillRecord } from '#shared/domain/forecast/bill-record.schema.ts';
import type { Link } from '#shared/domain/forecast/forecast-model.schema.ts';
import { LINKS } from '#shared/domain/forecast/forecast-model.schema.ts';
import { cosponsorGains, forecastFeatures } from '#shared/domain/forecast/forecast.ts';
import { ensembleMargin } from '#shared/domain/forecast/tree-ensemble.ts';
import { roundTo } from '#shared/domain/forecast/rounding.ts';
import { type ChainParams, type UncalibratedModel, linkRows, trainChain } from '#local/forecast/chain-trainer.ts';
import { fitSmallLogistic } from '#local/forecast/small-logistic.ts';
import { labelled } from '#local/forecast/training-tables.ts';

const round5 = (v: number) => roundTo(v, 5);

export interface TrainOptions {
  /** The Congresses to train on; the latest also calibrates. */
  congresses: number[];
  seed: number;
  params: ChainParams;
  log?: (s: string) => void;
}

/** Fits one link's calibration and cosponsor update on bills the chain did not train on. */
function calibrateLink(
  early: UncalibratedModel,
  link: Link,
  records: BillRecord[],
): Pick<UncalibratedModel['links'][Link], 'calibration' | 'cosponsor_update'> {
  const bills = labelled(records).filter((b) => linkRows[link].from(b));
  const labels = bills.map((b) => linkRows[link].label(b));
  const margins = bills.map((b) => ensembleMargin(early.links[link].ensemble, forecastFeatures(early, b.record)));
  const [intercept, slope] = fitSmallLogistic(
    margins.map((m) => [m]),
    labels,
  );
  const calibrated = margins.map((m) => slope! * m + intercept!);
  const withCosponsors = bills.map((b, i) => (b.record.cosponsors_at_30d ? i : -1)).filter((i) => i >= 0);
  const update = fitSmallLogistic(
    withCosponsors.map((i) => cosponsorGains(bills[i]!.record, bills[i]!.record.cosponsors_at_30d!)),
    withCosponsors.map((i) => labels[i]!),
    withCosponsors.map((i) => calibrated[i]!),
  );
  return {
    calibration: { slope: round5(slope!), intercept: round5(intercept!) },
    cosponsor_update: { intercept: round5(update[0]!), gained: round5(update[1]!), gained_other_party: round5(update[2]!) },
  };
}

/** Trains the calibrated chain on the given Congresses of `records`. */
export function trainForecastModel(records: BillRecord[], options: TrainOptions): UncalibratedModel & { calibrationCongress: number } {
  const { congresses, seed, params, log = () => {} } = options;
  const latest = Math.max(...congresses);
  const inTraining = records.filter((r) => congresses.includes(r.congress));
  log(`calibration chain: Congresses ${congresses.filter((c) => c < latest).join(', ')}`);
  const early = trainChain(labelled(inTraining.filter((r) => r.congress < latest)), params, seed, log);
  const calibrationRecords = inTraining.filter((r) => r.congress === latest);
  const fitted = Object.fromEntries(LINKS.map((l) => [l, calibrateLink(early, l, calibrationRecords)]));
  log(`final chain: Congresses ${congresses.join(', ')}`);
  const final = trainChain(labelled(inTraining), params, seed, log);
  return {
    ...final,
    links: Object.fromEntries(LINKS.map((l) => [l, { ensemble: final.links[l].ensemble, ...fitted[l]! }])) as UncalibratedModel['links'],
    calibrationCongress: latest,
  };
}

/**
 * The whole training run as a pure function of the records. Calibration is
 * fitted out of time: for each of the last `params.calibrationCongresses`
 * training Congresses, a chain trained on the Congresses before it scores
 * its bills (bills are forecast for a Congress after the ones the trees saw,
 * and rates drift between Congresses); pooling several such Congresses
 * averages out one Congress's quirks. On those pooled predictions each link's
 * calibration and its update for cosponsors gained are fitted (the dataset's
 * 30-day cosponsors stand in for "now"), and so is the calibration of the
 * odds at introduction as a whole (calibration-fit.ts). Then the chain is
 * trained again on every training Congress and given those calibrations.
 */
import type { BillRecord } from '#shared/domain/forecast/bill-record.schema.ts';
import type { IntroductionCalibration } from '#shared/domain/forecast/forecast-model.schema.ts';
import { LINKS } from '#shared/domain/forecast/forecast-model.schema.ts';
import { cosponsorGains, forecastFeatures } from '#shared/domain/forecast/forecast.ts';
import { ensembleMargin } from '#shared/domain/forecast/tree-ensemble.ts';
import { type CalibrationRow, fitIntroduction, fitLink } from '#local/forecast/calibration-fit.ts';
import { type ChainParams, type UncalibratedModel, trainChain } from '#local/forecast/chain-trainer.ts';
import { labelled } from '#local/forecast/training-tables.ts';

export interface TrainOptions {
  /** The Congresses to train on; the latest ones also calibrate. */
  congresses: number[];
  seed: number;
  params: ChainParams;
  log?: (s: string) => void;
  /** Hears the out-of-time rows the calibrations are fitted on (for calibration experiments in bench/). */
  onCalibrationRows?: (rows: CalibrationRow[]) => void;
}

export type TrainedModel = UncalibratedModel & { introduction: IntroductionCalibration; calibrationCongresses: number[] };

/** The Congresses calibration is fitted on: the last `count` training Congresses that have at least one before them. */
export const calibrationCongresses = (congresses: number[], count: number): number[] =>
  [...congresses]
    .sort((a, b) => a - b)
    .slice(1)
    .slice(-count);

/** Bills of `congress` scored by a chain trained on the training Congresses before it. */
function outOfTime(inTraining: BillRecord[], congress: number, options: TrainOptions): CalibrationRow[] {
  const { seed, params, log = () => {} } = options;
  log(`calibration chain for the ${congress}th: Congresses ${[...new Set(inTraining.filter((r) => r.congress < congress).map((r) => r.congress))].join(', ')}`);
  const early = trainChain(labelled(inTraining.filter((r) => r.congress < congress)), params, seed, log);
  return labelled(inTraining.filter((r) => r.congress === congress)).map((bill) => {
    const x = forecastFeatures(early, bill.record);
    const co = bill.record.cosponsors_at_30d;
    return {
      bill,
      margins: Object.fromEntries(LINKS.map((l) => [l, ensembleMargin(early.links[l].ensemble, x)])) as CalibrationRow['margins'],
      gains: co ? cosponsorGains(bill.record, co) : null,
    };
  });
}

/** Trains the calibrated chain on the given Congresses of `records`. */
export function trainForecastModel(records: BillRecord[], options: TrainOptions): TrainedModel {
  const { congresses, seed, params, log = () => {} } = options;
  const inTraining = records.filter((r) => congresses.includes(r.congress));
  const calibrateOn = calibrationCongresses(congresses, params.calibrationCongresses);
  const pooled = calibrateOn.flatMap((c) => outOfTime(inTraining, c, options));
  options.onCalibrationRows?.(pooled);
  const fitted = Object.fromEntries(LINKS.map((l) => [l, fitLink(pooled, l)]));
  const introduction = fitIntroduction(pooled);
  log(`final chain: Congresses ${congresses.join(', ')}`);
  const final = trainChain(labelled(inTraining), params, seed, log);
  return {
    ...final,
    introduction,
    links: Object.fromEntries(LINKS.map((l) => [l, { ensemble: final.links[l].ensemble, ...fitted[l]! }])) as UncalibratedModel['links'],
    calibrationCongresses: calibrateOn,
  };
}

/**
 * The model's figures on Congresses it was not trained on, as
 * `npm run bench:forecast` measures them (bench/support/forecast-held-out.ts
 * writes held-out-metrics.json beside this file): per validation Congress,
 * the Congresses its model was trained and calibrated on, and per event the
 * base rate, AUC, Brier score, Brier skill and calibration table of the
 * forecasts at introduction. Each run records the sha256 of the model code
 * and data it trained from, so the model card can say whether the figures
 * are those of the code in service.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { FORECAST_EVENTS } from './forecast-stage.ts';

export const CalibrationBin = lazySchema(() =>
  z
    .object({
      from: z.number().describe('The lower end of the bin of forecast probability (included)'),
      to: z.number().describe('The upper end of the bin (excluded, but 1.0 is in the last bin)'),
      bills: z.number().int().describe('Bills whose forecast fell in the bin'),
      predicted: z.number().describe('Their mean forecast probability'),
      observed: z.number().describe('The share of them the event happened to'),
    })
    .meta({ id: 'CalibrationBin', description: 'One tenth of the probability scale: forecasts in it against what happened' }),
);

export const HeldOutEvent = lazySchema(() =>
  z.object({
    event: z.enum(FORECAST_EVENTS).describe('reported, passed_chamber or enacted'),
    base_rate: z.number().describe('The share of the Congress’s bills the event happened to'),
    auc: z.number().describe('Area under the ROC curve: the chance a bill it happened to was forecast above one it did not'),
    brier: z.number().describe('Mean squared error of the forecasts'),
    brier_skill: z.number().describe('1 - Brier / Brier of always forecasting the base rate (above 0 beats the base rate)'),
    baseline_auc: z.number().describe('AUC of a plain logistic regression on the raw fields, trained in the same run'),
    calibration: z.array(CalibrationBin()).describe('Ten equal-width bins of forecast probability (empty ones left out)'),
  }),
);

export const HeldOutSplit = lazySchema(() =>
  z.object({
    congress: z.number().int().describe('The validation Congress, never seen in training'),
    trained_on: z.array(z.number().int()).describe('The Congresses its model was trained on'),
    calibrated_on: z.number().int().describe('The Congress its calibration was fitted on'),
    bills: z.number().int().describe('Bills and joint resolutions of the validation Congress scored at introduction'),
    measured_at: z.iso.date().describe('When the figures were measured'),
    code_sha256: z.string().describe('sha256 of the model code the run trained with (shared/domain/forecast, local/forecast)'),
    dataset_sha256: z.string().describe('sha256 of the training data'),
    events: z.array(HeldOutEvent()).describe('Per event (reported, passed_chamber, enacted), its figures at introduction'),
  }),
);
export type HeldOutSplit = z.infer<ReturnType<typeof HeldOutSplit>>;

export const HeldOutFile = lazySchema(() =>
  z.object({
    command: z.string(),
    splits: z.array(HeldOutSplit()),
  }),
);
export type HeldOutFile = z.infer<ReturnType<typeof HeldOutFile>>;

/**
 * The model file (model/forecast-model.json) as `npm run forecast:train`
 * writes it: the feature vocabularies and tables, the title model, and four
 * links of a chain of tree models, each the probability of the next stage
 * given the one before: P(reported), P(passed its chamber | reported),
 * P(enacted | passed its chamber), P(enacted | passed both chambers). Each
 * link carries its calibration (fitted on a Congress after the ones it was
 * trained on) and its update for cosponsors gained since introduction.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { SponsorCongress } from '#shared/domain/forecast/sponsor-record.ts';
import { TextModel } from '#shared/domain/forecast/text-model.ts';
import { TreeEnsemble } from '#shared/domain/forecast/tree-ensemble.ts';

export const LINKS = ['reported', 'passed_given_reported', 'enacted_given_passed', 'enacted_given_both'] as const;
export type Link = (typeof LINKS)[number];

const rates = () => z.tuple([z.number(), z.number(), z.number()]);

/** How log-odds are calibrated, and updated for cosponsors gained since introduction. */
export const Calibrated = lazySchema(() =>
  z.object({
    /** Calibrated log-odds: slope x margin + intercept (Platt scaling). */
    calibration: z.object({ slope: z.number(), intercept: z.number() }),
    /** Added to the calibrated log-odds when cosponsors now are known: intercept + per log(1 + gained) and log(1 + gained from the other party). */
    cosponsor_update: z.object({ intercept: z.number(), gained: z.number(), gained_other_party: z.number() }),
  }),
);
export type Calibrated = z.infer<ReturnType<typeof Calibrated>>;

export const ForecastLink = lazySchema(() => Calibrated().extend({ ensemble: TreeEnsemble() }));
export type ForecastLink = z.infer<ReturnType<typeof ForecastLink>>;

/**
 * At introduction, the odds of enactment are calibrated as a whole: Platt
 * scaling of the log-odds of the product of the three links' uncalibrated
 * probabilities, which ranks bills better than the product of separately
 * calibrated links (each link's slope reweighs it against the others).
 * Files without it (older ones) multiply the calibrated links.
 */
export const IntroductionCalibration = lazySchema(() => z.object({ enacted: Calibrated() }));
export type IntroductionCalibration = z.infer<ReturnType<typeof IntroductionCalibration>>;

export const ForecastModel = lazySchema(() =>
  z.object({
    format: z.literal('billwatch-forecast/1'),
    training: z.object({
      dataset: z.string(),
      dataset_sha256: z.string(),
      congresses: z.array(z.number().int()),
      /** The latest Congress the calibration was fitted on, and all of them (older files name only the one). */
      calibration_congress: z.number().int(),
      calibration_congresses: z.array(z.number().int()).optional(),
      seed: z.number().int(),
      /** sha256 of the code that makes the model (trainer and features), and of the model a small seeded sample trains (test/unit/local/forecast). */
      code_sha256: z.string(),
      sample_model_sha256: z.string(),
    }),
    space: z.object({
      committees: z.array(z.string()),
      policyAreas: z.array(z.string()),
      baseRates: rates(),
      committeeRates: z.record(z.string(), rates()),
      policyRates: z.record(z.string(), rates()),
      titleWindow: z.number().int().min(0),
      latestCongress: z.number().int().optional(),
    }),
    features: z.array(z.string()),
    sponsors: z.record(z.string(), z.array(SponsorCongress())),
    titles: z.record(z.string(), z.string()),
    text: TextModel(),
    introduction: IntroductionCalibration().optional(),
    links: z.object(Object.fromEntries(LINKS.map((l) => [l, ForecastLink()])) as Record<Link, ReturnType<typeof ForecastLink>>),
  }),
);
export type ForecastModel = z.infer<ReturnType<typeof ForecastModel>>;

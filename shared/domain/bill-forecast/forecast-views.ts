/**
 * What the forecast routes answer (GET /api/bills/{id}/forecast and GET
 * /api/forecast/model): a bill's latest published forecast with its odds
 * in plain words, and the model card (its features, training Congresses,
 * held-out figures and the running track record of resolved forecasts).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { CalibrationBin, HeldOutSplit } from './held-out.schema.ts';
import { FORECAST_JUMP_RULE_WORDS } from './forecast-jump.ts';
import { UNKNOWN_INPUTS } from './forecast-facts.ts';
import { FORECAST_EVENTS } from './forecast-stage.ts';
import { ForecastFactor, ForecastOutcome } from './published-forecast.schema.ts';
import { oddsInWords, percentWords } from './odds-words.ts';
import type { PublishedForecast } from './published-forecast.schema.ts';

const probability = (what: string) => z.number().min(0).max(1).describe(what);

export const ForecastOdds = lazySchema(() =>
  z.object({
    words: z.string().describe('The probability as people say it, such as "about 1 in 20"'),
    percent: z.string().describe('The probability in whole percentage points, such as "5%" ("<1%" below half a point)'),
  }),
);

export const BillForecastView = lazySchema(() =>
  z
    .object({
      version: z.number().int().min(1).describe("The forecast's version for this bill: one more each time a scoring changed it"),
      as_of: z.iso.date().describe('The day the forecast was made'),
      model_version: z.string().describe('The model that made it (GET /api/forecast/model)'),
      stage: z.enum(['introduced', 'reported', 'passed_chamber', 'passed_both']).describe('How far the bill had got when it was scored'),
      p_reported: probability('Probability of being reported by a committee (out of committee by any route); 1 once reached'),
      p_passed_chamber: probability('Probability of passing its chamber of origin; 1 once reached'),
      p_enacted: probability('Probability of becoming law (0 for a simple or concurrent resolution, which cannot)'),
      odds: z
        .object({
          reported: ForecastOdds().describe('The odds of being reported, in words'),
          passed_chamber: ForecastOdds().describe('The odds of passing its chamber, in words'),
          enacted: ForecastOdds().describe('The odds of becoming law, in words'),
        })
        .describe('The three probabilities in plain words'),
      headline: z.enum(['enacted', 'passed_chamber']).describe('The event the factors are measured on: becoming law, or passing its chamber for a resolution'),
      factors: z.array(ForecastFactor()).describe('The (up to) three facts about the bill that moved the headline odds most, strongest first'),
      cosponsors: z
        .object({
          n: z.number().int().describe('Cosponsors now (withdrawn ones left out)'),
          n_other_party: z.number().int().describe("Of them, from the other party than the sponsor's"),
        })
        .nullable()
        .describe('The cosponsors the forecast read; null before the bill is 30 days old, when cosponsors gained are not counted'),
      unknown_inputs: z.array(z.enum(UNKNOWN_INPUTS)).describe('Inputs the service did not hold, which the model read as missing'),
      retrospective: z.boolean().describe("Made after the bill's Congress had ended: shown, never scored by the track record"),
      outcomes: z.partialRecord(z.enum(FORECAST_EVENTS), ForecastOutcome()).describe('How its open events resolved so far'),
    })
    .meta({ id: 'BillForecast', description: "A bill's forecast: its odds of being reported, passing its chamber and becoming law" }),
);
export type BillForecastView = z.infer<ReturnType<typeof BillForecastView>>;

export const BillForecastResponse = lazySchema(() =>
  z.object({
    bill_id: z.string().describe('The bill, such as 119-hr-1'),
    forecast: BillForecastView().nullable().describe('The latest forecast; null while the bill has none (see not_forecast)'),
    not_forecast: z.string().nullable().describe('Why there is no forecast yet, in plain words; null when there is one'),
  }),
);
export type BillForecastResponse = z.infer<ReturnType<typeof BillForecastResponse>>;

const CANNOT_BECOME_LAW = new Set(['hres', 'sres', 'hconres', 'sconres']);
const odds = (p: number) => ({ words: oddsInWords(p), percent: percentWords(p) });

/** A published forecast as the route shows it. */
export function billForecastView(f: PublishedForecast, billType: string): BillForecastView {
  return {
    version: f.version,
    as_of: f.as_of,
    model_version: f.model_version,
    stage: f.stage,
    p_reported: f.p_reported,
    p_passed_chamber: f.p_passed_chamber,
    p_enacted: f.p_enacted,
    odds: { reported: odds(f.p_reported), passed_chamber: odds(f.p_passed_chamber), enacted: odds(f.p_enacted) },
    headline: CANNOT_BECOME_LAW.has(billType) ? 'passed_chamber' : 'enacted',
    factors: f.factors,
    cosponsors: f.cosponsors,
    unknown_inputs: f.unknown_inputs,
    retrospective: f.retrospective,
    outcomes: f.outcomes,
  };
}

export const TrackRecordEvent = lazySchema(() =>
  z.object({
    event: z.enum(FORECAST_EVENTS).describe('reported, passed_chamber or enacted'),
    forecasts: z.number().int().describe('Published forecasts of the event that have resolved'),
    happened: z.number().int().describe('How many of those the event happened to'),
    brier: z.number().nullable().describe('Mean squared error of their probabilities; null before any resolved'),
    brier_skill: z.number().nullable().describe('1 - Brier / Brier of always forecasting the observed rate; null while every outcome is the same'),
    calibration: z
      .array(CalibrationBin())
      .describe('Per tenth of the probability scale: resolved forecasts in it, their mean probability and the share that happened'),
  }),
);

export const ForecastModelCard = lazySchema(() =>
  z
    .object({
      model_version: z.string().describe('The version forecasts name the model by'),
      training: z
        .object({
          congresses: z.array(z.number().int()).describe('The Congresses the model was trained on'),
          calibration_congress: z.number().int().describe('The Congress its calibration was fitted on'),
          dataset: z.string().describe('The training data file'),
          seed: z.number().int().describe('The seed of the training run'),
        })
        .describe('What the model was trained on'),
      stages: z.array(z.string()).describe('What it forecasts, in order'),
      features: z
        .array(
          z.object({
            factor: z.string().describe('The factor, as forecasts name it (cosponsors, committees, title, ...)'),
            features: z.array(z.string()).describe("The model's features it groups"),
          }),
        )
        .describe("The model's input features, grouped into the factors forecasts name"),
      held_out: z
        .array(HeldOutSplit())
        .describe('Figures on Congresses its trainer was not given (npm run bench:forecast), newest first; empty if none recorded'),
      held_out_current: z.boolean().describe('Whether the held-out figures were measured with the model code in service'),
      track_record: z
        .object({
          events: z.array(TrackRecordEvent()).describe('Per event, the running score of the resolved forecasts'),
          resolved: z.number().int().describe('Resolved (forecast, event) pairs in all'),
          note: z.string().describe('What the track record counts, in plain words (and, while empty, that it is)'),
        })
        .describe('The public track record of the forecasts the service published'),
      jump_rule: z.string().describe('When followers who support or oppose a bill are told its odds of becoming law jumped'),
    })
    .meta({ id: 'ForecastModelCard', description: "The forecast model's card and the track record of its published forecasts" }),
);
export type ForecastModelCard = z.infer<ReturnType<typeof ForecastModelCard>>;

export { FORECAST_JUMP_RULE_WORDS };

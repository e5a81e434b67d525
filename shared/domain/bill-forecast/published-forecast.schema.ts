/**
 * A forecast the service published for a bill, as stored (every one kept,
 * docs/data-model.md F2) and served by GET /api/bills/{id}/forecast: the
 * three odds as of a date, the stage the bill had reached, the model that
 * made them, the three factors that moved them most, and, for the public
 * track record, which of its events were still open when it was made and
 * how each has resolved since.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { FACTOR_KEYS } from './factor-words.ts';
import { UNKNOWN_INPUTS } from './forecast-facts.ts';
import { FORECAST_EVENTS, type ForecastEvent } from './forecast-stage.ts';

export { FORECAST_EVENTS };

const probability = (what: string) => z.number().min(0).max(1).describe(what);

export const ForecastEventName = lazySchema(() =>
  z.enum(FORECAST_EVENTS).describe('reported: out of committee by any route; passed_chamber: passed its chamber of origin; enacted: became law'),
);

export const ForecastOutcome = lazySchema(() =>
  z
    .union([z.literal(0), z.literal(1), z.literal('void')])
    .describe(
      '1: it happened; 0: it did not by the end of the Congress; void: it had already happened when the forecast was made (the service learnt of it late), so it is not scored',
    ),
);
export type ForecastOutcome = z.infer<ReturnType<typeof ForecastOutcome>>;

export const ForecastFactor = lazySchema(() =>
  z
    .object({
      key: z
        .enum(FACTOR_KEYS)
        .describe(
          'Which fact: chamber, bill_number, timing, majority, power, seniority, chair, cosponsors, cosponsors_gained, committees, companion, title, sponsor_record, earlier_versions, congress or policy_area',
        ),
      label: z.string().describe('The bill\'s fact in plain words, such as "12 original cosponsors, 5 from the other party"'),
      direction: z
        .enum(['raises', 'lowers'])
        .describe('Whether the fact raises or lowers the odds of the headline event (becoming law; passing its chamber for a resolution)'),
      ratio: z
        .number()
        .positive()
        .describe('How many times as likely the headline event is because of this fact, against a bill the model treats as average (below 1: less likely)'),
    })
    .meta({ id: 'ForecastFactor', description: 'One fact about the bill and how much it moved the forecast' }),
);
export type ForecastFactor = z.infer<ReturnType<typeof ForecastFactor>>;

export const PublishedForecast = lazySchema(() =>
  z.object({
    bill_id: z.string(),
    /** 1 for the bill's first forecast, one more for each forecast that differed from the one before. */
    version: z.number().int().min(1),
    as_of: z.iso.date(),
    made_at: z.iso.datetime(),
    model_version: z.string(),
    stage: z.enum(['introduced', 'reported', 'passed_chamber', 'passed_both']),
    p_reported: probability('P(reported)'),
    p_passed_chamber: probability('P(passed chamber)'),
    p_enacted: probability('P(enacted)'),
    factors: z.array(ForecastFactor()),
    /** The cosponsors the update read (withdrawn ones left out); null before the bill is 30 days old, when the update is not applied. */
    cosponsors: z.object({ n: z.number().int().min(0), n_other_party: z.number().int().min(0) }).nullable(),
    unknown_inputs: z.array(z.enum(UNKNOWN_INPUTS)),
    /** The events still open when it was made: what the track record scores it on. */
    scored_events: z.array(ForecastEventName()),
    /** Made after the bill's Congress had ended (the offline demo's past bills): shown, never scored. */
    retrospective: z.boolean(),
    /** Each scored event once it resolved: 1 it happened, 0 it did not by the end of the Congress, void it had happened before the forecast was made (the service learnt of it late): not scored. */
    outcomes: z.partialRecord(ForecastEventName(), ForecastOutcome()).default({}),
  }),
);
export type PublishedForecast = z.infer<ReturnType<typeof PublishedForecast>>;

/** The probability a forecast gave an event. */
export const probabilityOf = (f: Pick<PublishedForecast, 'p_reported' | 'p_passed_chamber' | 'p_enacted'>, event: ForecastEvent): number =>
  event === 'reported' ? f.p_reported : event === 'passed_chamber' ? f.p_passed_chamber : f.p_enacted;

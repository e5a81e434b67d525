/**
 * What scoring a stored bill decides (docs/bill-forecasts.md, "Bill
 * forecasts"): nothing (the bill is enacted or vetoed, its actions, sponsor
 * or cosponsors are not stored yet, it has no date, or its Congress ended
 * before any forecast was asked of it), the same forecast as the last one
 * published (nothing to write), or a new one: the model's odds given the
 * stage the status shows and, once the bill is 30 days old, the cosponsors
 * it has now (the update was fitted on cosponsors 30 days after
 * introduction), with the three factors that moved them most, and whether
 * its P(enacted) jumped from the odds its followers were last told of.
 */
import { forecastAt, type ScoringModel } from '#shared/domain/forecast/forecast.ts';
import type { ForecastModel } from '#shared/domain/forecast/forecast-model.schema.ts';
import { topFactors } from './forecast-factors.ts';
import { forecastFacts, type StoredBill } from './forecast-facts.ts';
import { isForecastJump } from './forecast-jump.ts';
import { congressEnded, FORECAST_EVENTS, forecastStageOf, reachedEvents, type ForecastStage } from './forecast-stage.ts';
import { probabilityOf, type PublishedForecast } from './published-forecast.schema.ts';

/** The version a forecast names its model by: the code and data it was trained from (the model file's training record). */
export const modelVersion = (training: ForecastModel['training']): string =>
  `forecast-${training.code_sha256.slice(0, 8)}-${training.dataset_sha256.slice(0, 8)}`;

/** Cosponsors gained count from this many days after introduction. */
export const COSPONSOR_UPDATE_AFTER_DAYS = 30;

export type SkipReason = 'enacted' | 'vetoed' | 'actions_not_stored' | 'inputs_not_stored' | 'no_date' | 'congress_ended';

export type ScoreDecision =
  | { kind: 'skip'; reason: SkipReason }
  | { kind: 'same'; latest: PublishedForecast }
  | { kind: 'publish'; forecast: PublishedForecast; jump: { from: number; to: number } | null };

export interface ScoreInput {
  model: ScoringModel & Pick<ForecastModel, 'features' | 'training'>;
  stored: StoredBill;
  /** The bill's latest published forecast, and the P(enacted) its followers were last told of. */
  latest: PublishedForecast | null;
  told: number | null;
  currentCongress: number;
  now: Date;
  /** Score a bill of a Congress that has ended even without an earlier forecast (the offline demo's past bills). */
  retrospective?: boolean;
}

const round4 = (p: number) => Math.round(p * 10_000) / 10_000;
const DAY_MS = 86_400_000;

const sameForecast = (a: PublishedForecast, b: Omit<PublishedForecast, 'version' | 'as_of' | 'made_at' | 'outcomes'>) =>
  a.model_version === b.model_version &&
  a.stage === b.stage &&
  a.retrospective === b.retrospective &&
  a.p_reported === b.p_reported &&
  a.p_passed_chamber === b.p_passed_chamber &&
  a.p_enacted === b.p_enacted &&
  a.factors.map((f) => f.label).join('|') === b.factors.map((f) => f.label).join('|');

/** Why the bill itself is not forecast whatever the date (it became law, was vetoed, or has no actions yet); null when it can be. */
export function unforecastable(bill: Pick<StoredBill['bill'], 'status' | 'status_timeline'>): 'enacted' | 'vetoed' | 'actions_not_stored' | null {
  const stage = forecastStageOf(bill.status);
  if (stage === 'enacted' || stage === 'vetoed') return stage;
  return bill.status_timeline.length === 0 ? 'actions_not_stored' : null;
}

export function scoreForecast(input: ScoreInput): ScoreDecision {
  const { model, stored, latest, now } = input;
  const unfit = unforecastable(stored.bill);
  if (unfit) return { kind: 'skip', reason: unfit };
  // A new bill's sponsor or cosponsors are still being fetched: the task that stores the last of them scores it.
  if (stored.pendingInputs?.length) return { kind: 'skip', reason: 'inputs_not_stored' };
  // Neither enacted nor vetoed: unforecastable said so.
  const stage = forecastStageOf(stored.bill.status) as Exclude<ForecastStage, 'enacted' | 'vetoed'>;
  const ended = congressEnded(stored.bill.congress, now);
  if (ended && !latest && !input.retrospective) return { kind: 'skip', reason: 'congress_ended' };
  const read = forecastFacts(stored, input.currentCongress);
  if (!read) return { kind: 'skip', reason: 'no_date' };
  const age = (now.getTime() - Date.parse(read.facts.introduced)) / DAY_MS;
  const cosponsors = age >= COSPONSOR_UPDATE_AFTER_DAYS ? read.cosponsorsNow : null;
  const odds = forecastAt(model, read.facts, stage, cosponsors);
  const reached = reachedEvents(stage);
  const probabilities = { p_reported: round4(odds.p_reported), p_passed_chamber: round4(odds.p_passed_chamber), p_enacted: round4(odds.p_enacted) };
  const next = {
    bill_id: stored.bill.id,
    model_version: modelVersion(model.training),
    stage,
    ...probabilities,
    factors: topFactors(model, read.facts, stage, cosponsors),
    cosponsors,
    unknown_inputs: read.unknown,
    // An event already reached, or one the bill cannot reach (a resolution is never enacted), is not a forecast.
    scored_events: ended ? [] : FORECAST_EVENTS.filter((e) => !reached[e] && probabilityOf(probabilities, e) > 0),
    retrospective: ended,
  };
  if (latest && sameForecast(latest, next)) return { kind: 'same', latest };
  const forecast: PublishedForecast = {
    ...next,
    version: (latest?.version ?? 0) + 1,
    as_of: now.toISOString().slice(0, 10),
    made_at: now.toISOString(),
    outcomes: {},
  };
  const from = input.told ?? latest?.p_enacted ?? null;
  const jump = from !== null && isForecastJump(from, forecast.p_enacted) ? { from, to: forecast.p_enacted } : null;
  return { kind: 'publish', forecast, jump };
}

/**
 * A bill's odds of being reported, passing its chamber and becoming law:
 * at introduction (`forecastAtIntroduction`, the CLI's contract), or updated
 * once the bill has moved (`forecastAt`: given the furthest stage reached, and
 * the cosponsors it has now). The odds multiply along the chain of links in
 * the model file, so they never rise from one stage to the next, and a stage
 * already reached is certain. The model is trained on bills and joint
 * resolutions; a simple or concurrent resolution is scored as one for the
 * first two stages, and never becomes law.
 */
import { billFeatures, type FeatureContext } from '#shared/domain/forecast/bill-features.ts';
import type { BillFacts } from '#shared/domain/forecast/bill-record.schema.ts';
import type { Calibrated, ForecastLink, ForecastModel, IntroductionCalibration, Link } from '#shared/domain/forecast/forecast-model.schema.ts';
import { textLogits } from '#shared/domain/forecast/text-model.ts';
import { ensembleMargin, sigmoid } from '#shared/domain/forecast/tree-ensemble.ts';

/** What scoring reads of a model file (a model being trained has no training record yet). */
export type ScoringModel = Pick<ForecastModel, 'space' | 'sponsors' | 'titles' | 'text' | 'links' | 'introduction'>;

/** How far a bill has got: introduced, reported, passed its chamber of origin, passed both chambers. */
export const PROGRESS = ['introduced', 'reported', 'passed_chamber', 'passed_both'] as const;
export type Progress = (typeof PROGRESS)[number];

export interface Forecast {
  p_reported: number;
  p_passed_chamber: number;
  p_enacted: number;
}

/** Cosponsors a bill has now (withdrawn ones left out), and how many of them are of another party than the sponsor. */
export interface CosponsorsNow {
  n: number;
  n_other_party: number;
}

/** The vector every link reads: the bill's features and the title model's log-odds per stage. */
export function forecastFeatures(model: ScoringModel, bill: BillFacts): Float64Array {
  const context: FeatureContext = { space: model.space, sponsors: model.sponsors, titles: model.titles };
  const base = billFeatures(bill, context);
  const text = textLogits(model.text, bill.title, bill.short_title);
  const out = new Float64Array(base.length + text.length);
  out.set(base);
  out.set(text, base.length);
  return out;
}

/** The update's inputs: log(1 + cosponsors gained since introduction), overall and from the other party. */
export function cosponsorGains(bill: BillFacts, now: CosponsorsNow): [number, number] {
  const co = bill.original_cosponsors;
  return [Math.log1p(Math.max(0, now.n - co.n)), Math.log1p(Math.max(0, now.n_other_party - co.n_other_party))];
}

/** Calibrated log-odds from a raw one, updated for cosponsors gained when they are known. */
export function calibratedLogit(c: Calibrated, raw: number, gains: [number, number] | null): number {
  const z = c.calibration.slope * raw + c.calibration.intercept;
  if (!gains) return z;
  const u = c.cosponsor_update;
  return z + u.intercept + u.gained * gains[0] + u.gained_other_party * gains[1];
}

/** One link's calibrated log-odds, updated for cosponsors gained when they are known. */
export const linkLogit = (link: ForecastLink, x: Float64Array, gains: [number, number] | null): number =>
  calibratedLogit(link, ensembleMargin(link.ensemble, x), gains);

/** log(p / (1 - p)) of a product of probabilities given as log-odds (the chain's uncalibrated odds of a later stage). */
export function productLogit(margins: number[]): number {
  const logSigmoid = (m: number) => (m >= 0 ? -Math.log1p(Math.exp(-m)) : m - Math.log1p(Math.exp(m)));
  const logP = margins.reduce((s, m) => s + logSigmoid(m), 0);
  return logP - Math.log(-Math.expm1(logP));
}

/** Simple and concurrent resolutions are agreed to, never enacted (the dataset's resolutions file has enacted always false). */
const CANNOT_BECOME_LAW = new Set(['hres', 'sres', 'hconres', 'sconres']);

/** The odds of each stage for a bill that has reached `progress`, with its cosponsors now when known. */
export function forecastAt(model: ScoringModel, bill: BillFacts, progress: Progress, cosponsorsNow: CosponsorsNow | null = null): Forecast {
  const f = chainForecast(model, bill, progress, cosponsorsNow);
  return CANNOT_BECOME_LAW.has(bill.type) ? { ...f, p_enacted: 0 } : f;
}

function chainForecast(model: ScoringModel, bill: BillFacts, progress: Progress, cosponsorsNow: CosponsorsNow | null): Forecast {
  const x = forecastFeatures(model, bill);
  const gains = cosponsorsNow ? cosponsorGains(bill, cosponsorsNow) : null;
  const p = (link: Link) => sigmoid(linkLogit(model.links[link], x, gains));
  if (progress === 'passed_both') return { p_reported: 1, p_passed_chamber: 1, p_enacted: p('enacted_given_both') };
  const enactedGivenPassed = p('enacted_given_passed');
  if (progress === 'passed_chamber') return { p_reported: 1, p_passed_chamber: 1, p_enacted: enactedGivenPassed };
  const passedGivenReported = p('passed_given_reported');
  const reported = progress === 'reported' ? 1 : p('reported');
  const passed = reported * passedGivenReported;
  const enacted = progress === 'introduced' && model.introduction ? enactedAtIntroduction(model, model.introduction, x, gains) : passed * enactedGivenPassed;
  return { p_reported: reported, p_passed_chamber: passed, p_enacted: Math.min(passed, enacted) };
}

/** P(enacted) at introduction calibrated as a whole, from the links' uncalibrated log-odds (capped by P(passed) above, so the odds never rise). */
function enactedAtIntroduction(model: ScoringModel, intro: IntroductionCalibration, x: Float64Array, gains: [number, number] | null): number {
  const margins = (['reported', 'passed_given_reported', 'enacted_given_passed'] as const).map((l) => ensembleMargin(model.links[l].ensemble, x));
  return sigmoid(calibratedLogit(intro.enacted, productLogit(margins), gains));
}

/** The odds at introduction: what the bill's facts alone say. */
export const forecastAtIntroduction = (model: ScoringModel, bill: BillFacts): Forecast => forecastAt(model, bill, 'introduced');

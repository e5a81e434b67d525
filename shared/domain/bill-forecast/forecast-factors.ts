/**
 * The three factors that moved a bill's forecast most. A factor is one fact
 * about the bill the model reads (who sponsors it and whether their party
 * holds the chamber, its cosponsors, its committees, what its title says,
 * ...): several of the model's features grouped under one plain name. Its
 * effect is how many times more (or less) likely the bill's headline event
 * is because of that fact, against a reference bill the trees treat as
 * average (tree-contributions.ts): the features' contributions to each link
 * of the chain the event still needs, weighted by how much that link can
 * still move the event's probability (1 - the link's probability), added
 * up in log-probability. The headline event is becoming law, or, for a
 * resolution that cannot, passing its chamber.
 */
import type { BillFacts } from '#shared/domain/forecast/bill-record.schema.ts';
import type { Link } from '#shared/domain/forecast/forecast-model.schema.ts';
import { cosponsorGains, forecastFeatures, linkLogit, type CosponsorsNow, type Progress, type ScoringModel } from '#shared/domain/forecast/forecast.ts';
import { sigmoid } from '#shared/domain/forecast/tree-ensemble.ts';
import { FACTOR_KEYS, factorOfFeature, factorWords, type FactorKey } from './factor-words.ts';
import { treeContributions } from './tree-contributions.ts';

export interface ForecastFactor {
  key: FactorKey;
  /** The fact in plain words, about this bill. */
  label: string;
  direction: 'raises' | 'lowers';
  /** How many times as likely the headline event is because of it (below 1: less likely). */
  ratio: number;
}

/** How many factors a forecast names. */
export const FACTORS_SHOWN = 3;
/** A factor that moves the chance by less than 2% either way is not named. */
const NEGLIGIBLE = Math.log(1.02);

const CANNOT_BECOME_LAW = new Set(['hres', 'sres', 'hconres', 'sconres']);

/** The links the headline event still needs from `progress` on. */
export function linksAhead(progress: Progress, type: BillFacts['type']): Link[] {
  const toLaw = !CANNOT_BECOME_LAW.has(type);
  if (progress === 'passed_both') return toLaw ? ['enacted_given_both'] : [];
  if (progress === 'passed_chamber') return toLaw ? ['enacted_given_passed'] : [];
  const rest: Link[] = toLaw ? ['passed_given_reported', 'enacted_given_passed'] : ['passed_given_reported'];
  return progress === 'reported' ? rest : ['reported', ...rest];
}

/** Each factor's effect on the log-probability of the headline event. */
export function factorEffects(
  model: ScoringModel & { features: string[] },
  bill: BillFacts,
  progress: Progress,
  now: CosponsorsNow | null,
): Map<FactorKey, number> {
  const x = forecastFeatures(model, bill);
  const gains = now ? cosponsorGains(bill, now) : null;
  const effects = new Map<FactorKey, number>(FACTOR_KEYS.map((k) => [k, 0]));
  const groups = model.features.map(factorOfFeature);
  for (const name of linksAhead(progress, bill.type)) {
    const link = model.links[name];
    const room = 1 - sigmoid(linkLogit(link, x, gains));
    const { contributions } = treeContributions(link.ensemble, x, x.length);
    contributions.forEach((c, j) => {
      const key = groups[j] ?? 'title';
      effects.set(key, effects.get(key)! + room * link.calibration.slope * c);
    });
    if (gains) {
      const u = link.cosponsor_update;
      effects.set('cosponsors_gained', effects.get('cosponsors_gained')! + room * (u.intercept + u.gained * gains[0] + u.gained_other_party * gains[1]));
    }
  }
  return effects;
}

/** The factors that moved the headline event most, strongest first, in plain words. */
export function topFactors(model: ScoringModel & { features: string[] }, bill: BillFacts, progress: Progress, now: CosponsorsNow | null): ForecastFactor[] {
  const effects = factorEffects(model, bill, progress, now);
  return [...effects]
    .filter(([, e]) => Math.abs(e) >= NEGLIGIBLE)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
    .slice(0, FACTORS_SHOWN)
    .map(([key, e]) => ({
      key,
      label: factorWords(key, { model, bill, now }),
      direction: e > 0 ? 'raises' : 'lowers',
      ratio: Math.round(Math.exp(e) * 100) / 100,
    }));
}

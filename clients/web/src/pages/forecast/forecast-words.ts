// Odds and factors in sentences for the bill page and the model card.
import type { Schemas } from '../../../../typescript/index.ts';

type Forecast = Schemas['BillForecast'];
type Factor = Schemas['ForecastFactor'];
type EventKey = 'enacted' | 'passed_chamber' | 'reported';

/** "About 1 in 20 chance to become law (5%)", or "Passed its chamber" once reached. */
export function oddsSentence(f: Forecast, key: EventKey, p: 'p_enacted' | 'p_passed_chamber' | 'p_reported', verb: string): string {
  if (f[p] >= 1) return key === 'reported' ? 'Out of committee' : key === 'passed_chamber' ? 'Passed its chamber' : 'Became law';
  const { words, percent } = f.odds[key];
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} chance ${verb} (${percent})`;
}

/** "Referred to Ways and Means: makes it 2.5 times as likely to become law". */
export function factorWords(factor: Factor, headline: Forecast['headline']): string {
  const event = headline === 'enacted' ? 'to become law' : 'to pass its chamber';
  const effect =
    factor.ratio >= 1 ? `makes it ${factor.ratio.toFixed(1)} times as likely ${event}` : `makes it ${(1 / factor.ratio).toFixed(1)} times less likely ${event}`;
  return `${factor.label}: ${effect}`;
}

export const EVENT_NAMES: Record<EventKey, string> = {
  reported: 'Reported by a committee',
  passed_chamber: 'Passed its chamber',
  enacted: 'Became law',
};

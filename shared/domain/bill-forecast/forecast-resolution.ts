/**
 * When the events of a published forecast resolve, for the track record
 * (docs/bill-forecasts.md, "Track record"): an event the forecast scored
 * happened once the bill's status timeline reaches it (reported, passed its
 * chamber, enacted) and did not happen once the Congress has ended without
 * it. An event the timeline reached before the day the forecast was made is
 * void: the forecast was made from stale data (the service learnt of the
 * move late) and would flatter the record, so it is not scored.
 */
import type { StatusTimelineEntry } from '#shared/domain/bills/bill-status.ts';
import { congressEnded, forecastStageOf, reachedEvents, type ForecastEvent } from './forecast-stage.ts';
import type { ForecastOutcome, PublishedForecast } from './published-forecast.schema.ts';

/** The first day the timeline shows each event reached. */
export function reachedOn(timeline: readonly StatusTimelineEntry[]): Partial<Record<ForecastEvent, string>> {
  const out: Partial<Record<ForecastEvent, string>> = {};
  for (const entry of timeline) {
    const reached = reachedEvents(forecastStageOf(entry.status));
    for (const event of ['reported', 'passed_chamber', 'enacted'] as const) if (reached[event] && !out[event]) out[event] = entry.date.slice(0, 10);
  }
  return out;
}

/** The outcomes of `forecast`'s scored events that are known now and not recorded yet. */
export function newOutcomes(
  forecast: Pick<PublishedForecast, 'scored_events' | 'outcomes' | 'as_of'>,
  bill: { congress: number; status_timeline: readonly StatusTimelineEntry[] },
  now: Date,
): Partial<Record<ForecastEvent, ForecastOutcome>> {
  const on = reachedOn(bill.status_timeline);
  const ended = congressEnded(bill.congress, now);
  const out: Partial<Record<ForecastEvent, ForecastOutcome>> = {};
  for (const event of forecast.scored_events) {
    if (forecast.outcomes[event] !== undefined) continue;
    const date = on[event];
    if (date) out[event] = date < forecast.as_of ? 'void' : 1;
    else if (ended) out[event] = 0;
  }
  return out;
}

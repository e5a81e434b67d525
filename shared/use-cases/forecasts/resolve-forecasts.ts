/**
 * Scores published forecasts as their events resolve, for the public track
 * record (docs/bill-forecasts.md, "Track record"): every forecast the bill
 * was published with is read, each event it scored that is now known
 * (reached, or not reached by the Congress's end, or void: reached before
 * the forecast was made) is recorded on it, and what happened is added to
 * the track record's counters in the same transaction, once. Called when a
 * bill moves (publish-forecasts.ts) and by the nightly sweep of a Congress
 * that ended (forecast-bills-job.ts).
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { newOutcomes } from '#shared/domain/bill-forecast/forecast-resolution.ts';
import type { ForecastEvent } from '#shared/domain/bill-forecast/forecast-stage.ts';
import { probabilityOf } from '#shared/domain/bill-forecast/published-forecast.schema.ts';
import { addCounters, trackIncrements } from '#shared/domain/bill-forecast/track-record.ts';
import { listPublishedForecasts, recordOutcomes } from '#shared/adapters/db/forecasts.repository.ts';

export interface Resolution {
  /** Events recorded by this call (a concurrent resolver's are not counted). */
  recorded: number;
  /** Whether any event of the bill's forecasts is still open. */
  open: boolean;
}

export async function resolveBillForecasts(bill: Pick<Bill, 'id' | 'congress' | 'status_timeline'>, now: Date): Promise<Resolution> {
  let recorded = 0;
  let open = false;
  for (const forecast of await listPublishedForecasts(bill.id)) {
    const outcomes = newOutcomes(forecast, bill, now);
    const known = Object.entries(outcomes) as [ForecastEvent, 0 | 1 | 'void'][];
    const counters = addCounters(...known.flatMap(([event, y]) => (y === 'void' ? [] : [trackIncrements(event, probabilityOf(forecast, event), y)])));
    if (known.length && (await recordOutcomes(forecast, outcomes, counters))) recorded += known.length;
    const settled = { ...forecast.outcomes, ...outcomes };
    if (forecast.scored_events.some((e) => settled[e] === undefined)) open = true;
  }
  return { recorded, open };
}

/**
 * Scores bills and publishes their forecasts (docs/bill-forecasts.md, "Bill
 * forecasts"), for the nightly job (a page of a Congress's bills) and for a
 * bill that moved (the ingest task `score_bill_forecast`). Per bill:
 *   1. when the bill moved past its latest forecast's stage, or its Congress
 *      ended, the events of its earlier forecasts that are now known are
 *      recorded in the track record (resolve-forecasts.ts);
 *   2. the model scores its stored records (score-forecast.ts); a forecast
 *      equal to the latest one writes nothing, so a nightly re-score of an
 *      unchanged bill costs its reads only;
 *   3. a new forecast is published in one transaction with, when its odds
 *      of becoming law jumped, the outbox entry of the forecast_jump alert,
 *      which is sent at once (and by relay_outbox if this dies first).
 * Idempotent: a redelivered task finds its forecast published and the same
 * scores, so it writes and sends nothing; two scorings of one bill publish
 * one version (the second finds the version taken and leaves it).
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { congressForDate } from '#shared/domain/bills/bill-id.ts';
import { congressEnded, forecastStageOf, reachedEvents } from '#shared/domain/bill-forecast/forecast-stage.ts';
import { scoreForecast, type SkipReason } from '#shared/domain/bill-forecast/score-forecast.ts';
import type { PublishedForecast } from '#shared/domain/bill-forecast/published-forecast.schema.ts';
import { closeOpenForecasts, getLatestForecasts, publishForecast, type LatestForecast } from '#shared/adapters/db/forecasts.repository.ts';
import { pendingForecastInputs, readStoredBills } from '#shared/adapters/db/forecast-inputs.repository.ts';
import type { ForecastJumpEvent } from '#shared/adapters/messaging/messages.ts';
import type { OutboxEntry } from '#shared/domain/notify/outbox-entry.schema.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { owe, sendOwed } from '#shared/use-cases/bills/outbox-relay.ts';
import { forecastModel } from './forecast-model.ts';
import { resolveBillForecasts } from './resolve-forecasts.ts';

/** Bills scored and written at once (each is a few reads and at most two transactions). */
const CONCURRENCY = 4;

export interface PublishOptions {
  now: Date;
  /** Score bills of an ended Congress that have no forecast yet (the offline demo's past bills). */
  retrospective?: boolean;
  /** The move came from the local stack's demo replay: a jump's alert says so. */
  demo?: true;
}

export interface PublishSummary {
  scored: number;
  published: number;
  unchanged: number;
  jumps: number;
  resolved: number;
  skipped: Partial<Record<SkipReason | 'raced', number>>;
}

/** The deterministic id of a forecast_jump event: one per bill and forecast version. */
export const forecastJumpEventId = (f: Pick<PublishedForecast, 'bill_id' | 'version'>) => `forecast_jump:${f.bill_id}:${f.version}`;

/** Whether a bill moved to an event its latest forecast had open, or its Congress ended: earlier forecasts may have resolved. */
function mayHaveResolved(bill: Bill, latest: LatestForecast | undefined, now: Date): boolean {
  if (!latest?.open) return false;
  if (congressEnded(bill.congress, now)) return true;
  const was = reachedEvents(latest.forecast.stage);
  const is = reachedEvents(forecastStageOf(bill.status));
  return (Object.keys(is) as (keyof typeof is)[]).some((e) => is[e] && !was[e]);
}

function jumpEntry(forecast: PublishedForecast, jump: { from: number; to: number }, options: PublishOptions): OutboxEntry {
  const event: ForecastJumpEvent = {
    v: 1,
    type: 'forecast_jump',
    event_id: forecastJumpEventId(forecast),
    bill_id: forecast.bill_id,
    occurred_at: forecast.made_at,
    from: jump.from,
    to: jump.to,
    version: forecast.version,
    as_of: forecast.as_of,
    ...(options.demo ? { demo: options.demo } : {}),
  };
  return owe(`forecast#${forecast.bill_id}#${forecast.version}`, 'notification-dispatch', [event], options.now);
}

/** Scores `bills` and publishes what changed; see the header. */
export async function publishForecasts(bills: readonly Bill[], options: PublishOptions): Promise<PublishSummary> {
  const summary: PublishSummary = { scored: 0, published: 0, unchanged: 0, jumps: 0, resolved: 0, skipped: {} };
  if (bills.length === 0) return summary;
  const { now } = options;
  const [model, stored, latest] = await Promise.all([forecastModel(), readStoredBills(bills), getLatestForecasts(bills.map((b) => b.id))]);
  // Only a bill never forecast can be waiting for its sponsor or cosponsors: their markers are written with the bill
  // and nothing is published while one is left, so the nightly run reads none for the bills it scored before.
  const pending = await pendingForecastInputs(bills.filter((b) => !latest.has(b.id)).map((b) => b.id));
  const skip = (reason: SkipReason | 'raced') => (summary.skipped[reason] = (summary.skipped[reason] ?? 0) + 1);
  await mapLimit(bills, CONCURRENCY, async (bill) => {
    const before = latest.get(bill.id);
    let open = before?.open ?? false;
    if (mayHaveResolved(bill, before, now)) {
      const resolution = await resolveBillForecasts(bill, now);
      summary.resolved += resolution.recorded;
      open = resolution.open;
      // Every event resolved: off the open listing (a forecast published next lists it again if it has open events).
      if (!open && before) await closeOpenForecasts(bill.id, before.forecast.version);
    }
    const decision = scoreForecast({
      model,
      stored: { ...stored.get(bill.id)!, pendingInputs: pending.get(bill.id) ?? [] },
      latest: before?.forecast ?? null,
      told: before?.told ?? null,
      currentCongress: congressForDate(now),
      now,
      retrospective: options.retrospective,
    });
    if (decision.kind === 'skip') return skip(decision.reason);
    summary.scored++;
    if (decision.kind === 'same') return void summary.unchanged++;
    const { forecast, jump } = decision;
    const outbox = jump ? jumpEntry(forecast, jump, options) : undefined;
    const told = jump ? forecast.p_enacted : (before?.told ?? forecast.p_enacted);
    if (!(await publishForecast(forecast, { congress: bill.congress, told, open: open || forecast.scored_events.length > 0, outbox }))) return skip('raced');
    summary.published++;
    if (outbox) {
      summary.jumps++;
      await sendOwed(outbox);
    }
  });
  return summary;
}

/**
 * Bill forecasts in the single table (docs/data-model.md F1-F6): every
 * published forecast kept in the bill's partition, the bill's latest one
 * beside them (FORECASTNOW: what the next scoring compares with, the odds
 * its followers were last told of, and the open-forecasts listing), and the
 * track record's counters. A publication is one transaction (the forecast,
 * the latest conditioned on the version read, and the outbox entry of a
 * jump's alert), so two scorings of one bill never publish one version
 * twice; a resolution sets an outcome once (condition) in the transaction
 * that adds it to the counters, so it is counted once.
 */
import { PublishedForecast, type ForecastOutcome } from '#shared/domain/bill-forecast/published-forecast.schema.ts';
import type { ForecastEvent } from '#shared/domain/bill-forecast/forecast-stage.ts';
import type { TrackCounters } from '#shared/domain/bill-forecast/track-record.ts';
import type { OutboxEntry } from '#shared/domain/notify/outbox-entry.schema.ts';
import { batchGet, conditional, queryAll, queryPage, transactionReasons, type Item } from './dynamo.ts';
import { entityItem, entityTag } from './entities.ts';
import { cond, expressions, query, update, type Condition } from './expressions.ts';
import { billKeys } from './keys/bill.keys.ts';
import { forecastKeys } from './keys/forecast.keys.ts';
import { outboxPut } from './outbox.repository.ts';
import { INDEX } from './table.ts';
import * as table from './table-client.ts';

export interface LatestForecast {
  forecast: PublishedForecast;
  /** The P(enacted) the bill's followers were last told of (its first forecast's until a jump is told). */
  told: number;
  /** Listed as having forecasts with open events (F4). */
  open: boolean;
}

const latestFrom = (i: Item): LatestForecast => ({
  forecast: PublishedForecast().parse(i.latest),
  told: Number(i.told_p_enacted),
  open: i[INDEX.secondaryListings.pk] !== undefined,
});

/** F3: the latest forecast of each bill that has one. */
export async function getLatestForecasts(billIds: readonly string[]): Promise<Map<string, LatestForecast>> {
  const items = await batchGet(billIds.map(forecastKeys.latest));
  return new Map(items.map((i) => [String(i.bill_id), latestFrom(i)]));
}

/**
 * F2, F3: publishes a forecast: kept in the bill's history, made the bill's
 * latest (only if the latest is still the version before it), listed as open
 * when `open`, with the messages a jump owes in the same transaction. False
 * when another scoring published this version first (nothing written).
 */
export async function publishForecast(
  forecast: PublishedForecast,
  options: { congress: number; told: number; open: boolean; outbox?: OutboxEntry },
): Promise<boolean> {
  const { bill_id: billId, version } = forecast;
  const previous: Condition = version === 1 ? cond.itemAbsent() : cond.eq('version', version - 1);
  try {
    await table.transactWrite([
      {
        Put: {
          Item: entityItem('bill_forecast', forecastKeys.published(billId, forecast.as_of, version), { ...forecast }),
          ...expressions({ condition: cond.itemAbsent() }),
        },
      },
      {
        Put: {
          Item: entityItem('bill_forecast_latest', forecastKeys.latest(billId), {
            bill_id: billId,
            version,
            latest: forecast,
            told_p_enacted: options.told,
            ...(options.open ? forecastKeys.open.keys(options.congress, billId) : {}),
          }),
          ...expressions({ condition: previous }),
        },
      },
      ...(options.outbox ? [outboxPut(options.outbox)] : []),
    ]);
    return true;
  } catch (err) {
    if (transactionReasons(err)?.includes('ConditionalCheckFailed')) return false;
    throw err;
  }
}

/** F1: a bill's latest forecast and its published ones, newest first (one Query). */
export async function listBillForecasts(billId: string, limit: number): Promise<{ latest: LatestForecast | null; history: PublishedForecast[] }> {
  const out = await table.query({ ...query({ pk: billKeys.partition(billId), skPrefix: forecastKeys.prefix }), ScanIndexForward: false, Limit: limit + 1 });
  const items = (out.Items ?? []) as Item[];
  const latest = items.find(forecastKeys.isLatest);
  return {
    latest: latest ? latestFrom(latest) : null,
    history: items.filter((i) => !forecastKeys.isLatest(i)).map((i) => PublishedForecast().parse(i)),
  };
}

/** F2: every forecast published for a bill, oldest first (the resolver reads them all). */
export async function listPublishedForecasts(billId: string): Promise<PublishedForecast[]> {
  const items = await queryAll(query({ pk: billKeys.partition(billId), skPrefix: forecastKeys.historyPrefix }));
  return items.map((i) => PublishedForecast().parse(i));
}

/**
 * F2, F5: records outcomes of a forecast's events, each only if not yet
 * recorded, and adds `counters` to the track record in the same transaction.
 * False when one was recorded already (by a concurrent resolver): nothing written.
 */
export async function recordOutcomes(
  forecast: PublishedForecast,
  outcomes: Partial<Record<ForecastEvent, ForecastOutcome>>,
  counters: TrackCounters,
): Promise<boolean> {
  const events = Object.keys(outcomes) as ForecastEvent[];
  if (events.length === 0) return true;
  for (let attempt = 1; ; attempt++) {
    const done = await tryRecordOutcomes(forecast, outcomes, counters, events, attempt < CONFLICT_ATTEMPTS);
    if (done !== 'conflict') return done;
    await new Promise((r) => setTimeout(r, 20 * 2 ** attempt * (0.5 + Math.random() / 2)));
  }
}

/** Resolvers of different bills all add to the one counters item: a transaction that met another on it is tried again. */
const CONFLICT_ATTEMPTS = 6;

async function tryRecordOutcomes(
  forecast: PublishedForecast,
  outcomes: Partial<Record<ForecastEvent, ForecastOutcome>>,
  counters: TrackCounters,
  events: ForecastEvent[],
  retryConflict: boolean,
): Promise<boolean | 'conflict'> {
  try {
    await table.transactWrite([
      {
        Update: {
          Key: forecastKeys.published(forecast.bill_id, forecast.as_of, forecast.version),
          ...update(
            { setPaths: events.map((e) => [['outcomes', e], outcomes[e]] as const) },
            cond.and(cond.itemExists(), ...events.map((e) => cond.absent(['outcomes', e]))),
          ),
        },
      },
      ...(Object.keys(counters).length
        ? [{ Update: { Key: forecastKeys.trackRecord(), ...update({ set: entityTag('forecast_track_record'), add: counters }) } }]
        : []),
    ]);
    return true;
  } catch (err) {
    const reasons = transactionReasons(err);
    if (reasons?.includes('ConditionalCheckFailed')) return false;
    if (retryConflict && reasons?.includes('TransactionConflict')) return 'conflict';
    throw err;
  }
}

/** F4: takes a bill off the open listing once all its forecasts are resolved, unless a newer forecast was published meanwhile. */
export async function closeOpenForecasts(billId: string, version: number): Promise<boolean> {
  return conditional(() =>
    table.updateItem({
      Key: forecastKeys.latest(billId),
      ...update({ remove: [INDEX.secondaryListings.pk, INDEX.secondaryListings.sk] }, cond.eq('version', version)),
    }),
  );
}

/** F4: a page of the bills of a Congress with open forecasts. */
export async function listOpenForecastBills(congress: number, limit: number, cursor?: string): Promise<{ items: string[]; next_cursor: string | null }> {
  const page = await queryPage({ ...query({ index: forecastKeys.open.index, pk: forecastKeys.open.partition(congress) }), Limit: limit }, cursor);
  return { items: page.items.map((i) => String(i.bill_id)), next_cursor: page.next_cursor };
}

/** F5: the track record's counters (empty before the first resolution). */
export async function getTrackCounters(): Promise<TrackCounters> {
  const out = await table.getItem({ Key: forecastKeys.trackRecord() });
  const item = (out.Item ?? {}) as Item;
  return Object.fromEntries(Object.entries(item).filter(([k, v]) => typeof v === 'number' && k !== 'pk' && k !== 'sk')) as TrackCounters;
}

/**
 * The nightly forecast job (forecast_bills, docs/bill-forecasts.md "Bill
 * forecasts"): pages through every bill of the current Congress on the
 * change feed index (B24: one Query a page, never a Scan) and publishes
 * what changed (publish-forecasts.ts: an unchanged bill costs its reads and
 * writes nothing, so a rerun, or a run after one that timed out, is cheap).
 * Then the Congress-end sweep: the bills of the Congress before with
 * forecasts whose events are still open (F4) have them resolved, each event
 * that did not happen scored 0 for the track record. `congresses` and
 * `retrospective` (score bills of an ended Congress that have no forecast
 * yet) are for the offline demo, whose bills are past ones.
 */
import * as z from 'zod';
import { congressForDate } from '#shared/domain/bills/bill-id.ts';
import { congressEnded } from '#shared/domain/bill-forecast/forecast-stage.ts';
import { getBills } from '#shared/adapters/db/bills.repository.ts';
import { listBillChanges } from '#shared/adapters/db/change-feed.repository.ts';
import { closeOpenForecasts, getLatestForecasts, listOpenForecastBills } from '#shared/adapters/db/forecasts.repository.ts';
import { publishForecasts, type PublishSummary } from './publish-forecasts.ts';
import { resolveBillForecasts } from './resolve-forecasts.ts';

/** Bills per page: their reads run together (publish-forecasts.ts), well within a Lambda's memory. */
const PAGE = 100;

export const ForecastJobInput = z.object({
  congresses: z.array(z.number().int().min(93).max(200)).max(20).optional(),
  retrospective: z.boolean().optional(),
});

const addSummary = (into: PublishSummary, more: PublishSummary) => {
  for (const k of ['scored', 'published', 'unchanged', 'jumps', 'resolved'] as const) into[k] += more[k];
  for (const [k, v] of Object.entries(more.skipped))
    into.skipped[k as keyof PublishSummary['skipped']] = (into.skipped[k as keyof PublishSummary['skipped']] ?? 0) + v;
};

/** Scores every bill of each Congress, a page at a time. */
async function scoreCongress(congress: number, now: Date, retrospective: boolean, into: PublishSummary): Promise<number> {
  let cursor: string | undefined;
  let bills = 0;
  do {
    const page = await listBillChanges(congress, undefined, PAGE, cursor);
    bills += page.items.length;
    addSummary(into, await publishForecasts(page.items, { now, retrospective }));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return bills;
}

/** Resolves the open forecasts of an ended Congress's bills (F4): what did not happen by its end is scored 0. */
export async function sweepEndedCongress(congress: number, now: Date): Promise<{ bills: number; resolved: number }> {
  if (!congressEnded(congress, now)) return { bills: 0, resolved: 0 };
  let cursor: string | undefined;
  let bills = 0;
  let resolved = 0;
  do {
    const page = await listOpenForecastBills(congress, PAGE, cursor);
    const [stored, latest] = await Promise.all([getBills(page.items), getLatestForecasts(page.items)]);
    for (const bill of stored) {
      const r = await resolveBillForecasts(bill, now);
      resolved += r.recorded;
      const version = latest.get(bill.id)?.forecast.version;
      if (!r.open && version !== undefined) await closeOpenForecasts(bill.id, version);
    }
    bills += page.items.length;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { bills, resolved };
}

export async function forecastBills(now: Date, input: z.infer<typeof ForecastJobInput> = {}) {
  const current = congressForDate(now);
  const congresses = input.congresses ?? [current];
  const summary: PublishSummary = { scored: 0, published: 0, unchanged: 0, jumps: 0, resolved: 0, skipped: {} };
  let bills = 0;
  for (const congress of congresses) bills += await scoreCongress(congress, now, input.retrospective ?? false, summary);
  const sweep = await sweepEndedCongress(current - 1, now);
  return { congresses, bills, ...summary, ended_congress: { congress: current - 1, ...sweep } };
}

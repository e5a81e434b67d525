/**
 * The ingest task score_bill_forecast: a bill moved (its status changed,
 * its sponsor was linked, its cosponsors were fetched), so its forecast is scored again at once
 * rather than at the next nightly run, and a jump in its odds is told the
 * same hour. A bill of an ended Congress is scored retrospectively (shown,
 * never scored by the track record): late data about a past bill.
 */
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { publishForecasts } from './publish-forecasts.ts';

export async function scoreBillForecast(billId: string, now: Date, demo?: true) {
  const bill = await getBill(billId);
  if (!bill) return { bill_id: billId, skipped: 'unknown bill' };
  const summary = await publishForecasts([bill], { now, retrospective: true, ...(demo ? { demo } : {}) });
  return { bill_id: billId, ...summary };
}

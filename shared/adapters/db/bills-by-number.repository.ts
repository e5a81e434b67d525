/**
 * A bill found by its number in any common form ("H.R. 3076", "hr3076",
 * "119-hr-3076"): the id is derived and read directly, a GetItem per congress
 * candidate (docs/data-model.md B16). Words are searched by the search engine
 * (shared/adapters/search/), not here.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { billId, congressForDate, parseBillNumber } from '#shared/domain/bills/bill-id.ts';
import { getBills } from './bills.repository.ts';

/** How many congresses back a number without a congress is looked for. */
const CONGRESS_CANDIDATES = 3;

/** The bills a query names by number, newest congress first; none when the query is not a bill number. */
export async function billsByNumber(q: string, limit: number, now = new Date()): Promise<Bill[]> {
  const number = parseBillNumber(q);
  if (!number) return [];
  const current = congressForDate(now);
  const congresses = number.congress ? [number.congress] : Array.from({ length: CONGRESS_CANDIDATES }, (_, i) => current - i);
  return (await getBills(congresses.map((c) => billId(c, number.type, number.number)))).slice(0, limit);
}

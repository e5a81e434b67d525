/**
 * A bill found by its number in any common form ("H.R. 3076", "hr3076",
 * "119-hr-3076"): the id is derived and read directly (docs/data-model.md
 * B16). A number without its Congress names a bill in every Congress the
 * service holds (the 93rd to the sitting one): one BatchGet of those ids,
 * newest Congress first. Words are searched by the search engine
 * (shared/adapters/search/), not here.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { billId, congressForDate, FIRST_CONGRESS, parseBillNumber } from '#shared/domain/bills/bill-id.ts';
import { getBills } from './bills.repository.ts';

/** The Congresses a number names, newest first: its own, or every one from the sitting Congress back to the first held. */
export function candidateCongresses(congress: number | null, now: Date): number[] {
  if (congress !== null) return [congress];
  const current = congressForDate(now);
  return Array.from({ length: current - FIRST_CONGRESS + 1 }, (_, i) => current - i);
}

/** The bills a query names by number, newest Congress first; none when the query is not a bill number. */
export async function billsByNumber(q: string, limit: number, now = new Date()): Promise<Bill[]> {
  const number = parseBillNumber(q);
  if (!number) return [];
  const ids = candidateCongresses(number.congress, now).map((c) => billId(c, number.type, number.number));
  return (await getBills(ids)).slice(0, limit);
}

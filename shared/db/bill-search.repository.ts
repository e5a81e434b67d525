/**
 * Bill search over the bill records and their title-word index items
 * (./search-index.repository.ts): a bill number is read directly, title
 * words are intersected.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { billId, congressForDate, parseBillNumber } from '#shared/domain/bills/bill-id.ts';
import { titleWords } from '#shared/domain/bills/title-words.ts';
import { getBills } from './bills.repository.ts';
import { billIdsWithWord, billWords } from './search-index.repository.ts';

/** How many congresses back a number without a congress is looked for. */
const CONGRESS_CANDIDATES = 3;
/** Word items read per word of a several-word query: the newest bills carrying it. */
const WORD_QUERY_LIMIT = 200;
const MAX_QUERY_WORDS = 4;

/**
 * Bills matching a query: a bill number in any common form is read directly
 * (GetItem per congress candidate), otherwise bills whose title has every
 * word: a Query per word (newest congress first, ids only), intersected, and
 * one BatchGet of the page.
 */
export async function searchBills(q: string, limit: number, now = new Date()): Promise<Bill[]> {
  const number = parseBillNumber(q);
  if (number) {
    const current = congressForDate(now);
    const congresses = number.congress ? [number.congress] : Array.from({ length: CONGRESS_CANDIDATES }, (_, i) => current - i);
    return (await getBills(congresses.map((c) => billId(c, number.type, number.number)))).slice(0, limit);
  }
  const words = titleWords(q).slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return [];
  // One word needs only the page; several need enough of each list to intersect.
  const lists = await Promise.all(words.map((w) => billIdsWithWord(w, words.length === 1 ? limit : WORD_QUERY_LIMIT)));
  const [first = [], ...rest] = lists.sort((a, b) => a.length - b.length);
  const others = rest.map((l) => new Set(l));
  const ids = first.filter((id) => others.every((l) => l.has(id)));
  const bills = await getBills(ids.slice(0, limit));
  // refreshBill keeps word items in step with titles; the stored title stays the judge.
  return bills
    .filter((b) => words.every((w) => billWords(b).includes(w)))
    .sort((a, b) => (b.latest_action_date ?? '').localeCompare(a.latest_action_date ?? ''))
    .slice(0, limit);
}

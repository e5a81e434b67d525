/**
 * The filtered bill list of GET /api/bills, newest latest action first. The
 * filter picks what is read: a topic's listing items (TOPIC#{tag}), a
 * sponsor's bills (gsi2 SPONSOR#{id}), a status family's bills (gsi3
 * BILLSTATUS#{family}, so a status as sparse as ENACTED reads only the bills
 * it lists) or all bills (gsi1 BILLS); the other filters are applied as a
 * FilterExpression, which queryPage reads on through (bounded) until the page
 * is full or the listing ends, and the last page has no cursor.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { matchesStatusFilter } from '#shared/domain/bills/bill-status.ts';
import { queryPage, type Page } from './dynamo.ts';
import { cond, query, type Condition, type KeyCondition } from './expressions.ts';
import { billFromItem, getBills } from './bills.repository.ts';
import { billKeys } from './keys/bill.keys.ts';
import { listBillIdsByTopic } from './search-index.repository.ts';

export interface BillFilters {
  has_document?: boolean;
  chamber?: 'house' | 'senate';
  congress?: number;
  bill_category?: string;
  topic?: string;
  sponsor_id?: string;
  /** A status code, or a prefix of whole parts of one (ENACTED, FAIL:SECOND), already validated. */
  status?: string;
}

/** Topic listing rounds per page at most, so a rare filter value costs a bounded read. */
const MAX_TOPIC_ROUNDS = 5;

function matches(b: Bill, f: BillFilters): boolean {
  return (
    (f.has_document === undefined || b.has_document === f.has_document) &&
    (!f.chamber || b.chamber === f.chamber) &&
    (f.congress === undefined || b.congress === f.congress) &&
    (!f.bill_category || b.bill_category === f.bill_category) &&
    (!f.sponsor_id || b.sponsor_id === f.sponsor_id) &&
    (!f.status || matchesStatusFilter(b.status, f.status))
  );
}

/** The partition that holds every bill the filters can match, and the least of it. */
function listingOf(f: BillFilters): KeyCondition {
  if (f.sponsor_id) return { index: billKeys.bySponsor.index, pk: billKeys.bySponsor.partition(f.sponsor_id) };
  if (f.status) return { index: billKeys.byStatus.index, pk: billKeys.byStatus.partition(f.status) };
  return { index: billKeys.byLatestAction.index, pk: billKeys.byLatestAction.partition };
}

/** The filters the partition does not already apply, as one condition (undefined when none is left). */
function filterOf(f: BillFilters, listing: KeyCondition): Condition | undefined {
  const parts: Condition[] = [];
  if (f.has_document !== undefined) parts.push(cond.eq('has_document', f.has_document));
  if (f.chamber) parts.push(cond.eq('chamber', f.chamber));
  if (f.congress !== undefined) parts.push(cond.eq('congress', f.congress));
  if (f.bill_category) parts.push(cond.eq('bill_category', f.bill_category));
  // The status family's partition (listingOf) is the filter when the filter is a family; a sponsor's or a deeper filter (FAIL:SECOND) narrows.
  if (f.status && (listing.index !== billKeys.byStatus.index || f.status.includes(':'))) {
    // The code itself, or a code it is a leading part of (ENACTED → ENACTED:SIGNED, never a code that merely starts with the letters).
    parts.push(cond.or(cond.eq('status', f.status), cond.beginsWith('status', `${f.status}:`)));
  }
  // One condition alone, not wrapped: DynamoDB refuses an expression's redundant parentheses.
  return parts.length > 1 ? cond.and(...parts) : parts[0];
}

/** One page of bills matching the filters. */
export async function listBills(filters: BillFilters, limit: number, cursor?: string): Promise<Page<Bill>> {
  if (filters.topic) {
    // The other filters apply after reading: read on (bounded) so a page is not empty while more may match.
    const bills: Bill[] = [];
    let next: string | null = cursor ?? null;
    for (let round = 0; round === 0 || (next && bills.length === 0 && round < MAX_TOPIC_ROUNDS); round++) {
      const page = await listBillIdsByTopic(filters.topic, limit, next ?? undefined);
      bills.push(...(await getBills(page.items)).filter((b) => matches(b, filters)));
      next = page.next_cursor;
    }
    return { items: bills.sort((a, b) => (b.latest_action_date ?? '').localeCompare(a.latest_action_date ?? '')), next_cursor: next };
  }
  const listing = listingOf(filters);
  const page = await queryPage({ ...query(listing, { filter: filterOf(filters, listing) }), ScanIndexForward: false, Limit: limit }, cursor);
  return { items: page.items.map(billFromItem), next_cursor: page.next_cursor };
}

/**
 * The filtered bill list of GET /api/bills, newest latest action first. The
 * filter picks the partition: a topic's listing items (TOPIC#{tag}), a
 * sponsor's bills (gsi2 SPONSOR#{id}) or all bills (gsi1 BILLS); the other
 * filters are applied as a FilterExpression, reading a few pages to fill one.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { matchesStatusFilter } from '#shared/domain/bills/bill-status.ts';
import { queryPage, type Page } from './dynamo.ts';
import { billFromItem, getBills } from './bills.repository.ts';
import { billKeys } from './keys/bill.keys.ts';
import { listBillIdsByTopic } from './search-index.repository.ts';
import { INDEX } from './table.ts';

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

/** Query rounds per page at most, so a rare filter value costs a bounded read. */
const MAX_ROUNDS = 5;

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

function filterExpression(f: BillFilters) {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const add = (field: string, value: unknown) => {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    parts.push(`#${field} = :${field}`);
  };
  if (f.has_document !== undefined) add('has_document', f.has_document);
  if (f.chamber) add('chamber', f.chamber);
  if (f.congress !== undefined) add('congress', f.congress);
  if (f.bill_category) add('bill_category', f.bill_category);
  if (f.status) {
    // The code itself, or a code it is a leading part of (ENACTED → ENACTED:SIGNED, never a code that merely starts with the letters).
    names['#status'] = 'status';
    values[':status'] = f.status;
    values[':status_prefix'] = `${f.status}:`;
    parts.push('(#status = :status OR begins_with(#status, :status_prefix))');
  }
  return parts.length ? { FilterExpression: parts.join(' AND '), names, values } : { names, values };
}

/** One page of bills matching the filters. */
export async function listBills(filters: BillFilters, limit: number, cursor?: string): Promise<Page<Bill>> {
  if (filters.topic) {
    // The other filters apply after reading: read on (bounded) so a page is not empty while more may match.
    const bills: Bill[] = [];
    let next: string | null = cursor ?? null;
    for (let round = 0; round === 0 || (next && bills.length === 0 && round < MAX_ROUNDS); round++) {
      const page = await listBillIdsByTopic(filters.topic, limit, next ?? undefined);
      bills.push(...(await getBills(page.items)).filter((b) => matches(b, filters)));
      next = page.next_cursor;
    }
    return { items: bills.sort((a, b) => (b.latest_action_date ?? '').localeCompare(a.latest_action_date ?? '')), next_cursor: next };
  }
  const listing = filters.sponsor_id
    ? { index: INDEX[billKeys.bySponsor.index], pk: billKeys.bySponsor.partition(filters.sponsor_id) }
    : { index: INDEX[billKeys.byLatestAction.index], pk: billKeys.byLatestAction.partition };
  const { FilterExpression, names, values } = filterExpression(filters);
  const items: Bill[] = [];
  let next: string | null | undefined = cursor;
  for (let round = 0; round < MAX_ROUNDS && items.length < limit; round++) {
    const page = await queryPage(
      {
        IndexName: listing.index.name,
        KeyConditionExpression: '#pk = :pk',
        ...(FilterExpression ? { FilterExpression } : {}),
        ExpressionAttributeNames: { '#pk': listing.index.pk, ...names },
        ExpressionAttributeValues: { ':pk': listing.pk, ...values },
        ScanIndexForward: false,
        Limit: limit - items.length,
      },
      next ?? undefined,
    );
    items.push(...page.items.map(billFromItem));
    next = page.next_cursor;
    if (!next) break;
  }
  return { items, next_cursor: next ?? null };
}

/**
 * What a forecast reads of stored bills (docs/data-model.md F6), without a
 * Scan: per bill its actions, cosponsors and related bills (three Queries of
 * its partition, run together), and the sponsors' member records (one
 * BatchGet for all the bills' sponsors).
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { StoredBill } from '#shared/domain/bill-forecast/forecast-facts.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { listActions } from './actions.repository.ts';
import { listCosponsors } from './cosponsors.repository.ts';
import { queryAll } from './dynamo.ts';
import { query } from './expressions.ts';
import { billKeys } from './keys/bill.keys.ts';
import { relatedBillKeys } from './keys/related-bills.keys.ts';
import { getMembers } from './members.repository.ts';
import { relatedFromPartition } from './related-bills.repository.ts';

/** Bills read at once (three Queries each). */
const BILL_CONCURRENCY = 8;

/** The stored records of each bill's forecast, by bill id. */
export async function readStoredBills(bills: readonly Bill[]): Promise<Map<string, StoredBill>> {
  const sponsorIds = [...new Set(bills.flatMap((b) => (b.sponsor_id ? [b.sponsor_id] : [])))];
  const [members, parts] = await Promise.all([
    sponsorIds.length ? getMembers(sponsorIds) : Promise.resolve([]),
    mapLimit(bills, BILL_CONCURRENCY, (b) =>
      Promise.all([
        listActions(b.id),
        listCosponsors(b.id),
        queryAll(query({ pk: billKeys.partition(b.id), skPrefix: relatedBillKeys.prefix })).then((items) => relatedFromPartition(items).related),
      ]),
    ),
  ]);
  const byId = new Map(members.map((m) => [m.id, m]));
  return new Map(
    bills.map((bill, i) => {
      const [actions, cosponsors, related] = parts[i]!;
      return [bill.id, { bill, sponsor: (bill.sponsor_id && byId.get(bill.sponsor_id)) || null, cosponsors, actions, related }];
    }),
  );
}

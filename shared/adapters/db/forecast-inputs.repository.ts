/**
 * What a forecast reads of stored bills (docs/data-model.md F6), without a
 * Scan: per bill its actions, cosponsors and related bills (three Queries of
 * its partition, run together), and the sponsors' member records (one
 * BatchGet for all the bills' sponsors); the markers of new bills' inputs not
 * stored yet (B25, one BatchGet), and the end of a marker once its task
 * stored the input.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { FETCHED_INPUTS, type FetchedInput, type StoredBill } from '#shared/domain/bill-forecast/forecast-facts.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { listActions } from './actions.repository.ts';
import { listCosponsors } from './cosponsors.repository.ts';
import { batchGet, queryAll } from './dynamo.ts';
import { query } from './expressions.ts';
import { billKeys } from './keys/bill.keys.ts';
import { relatedBillKeys } from './keys/related-bills.keys.ts';
import { getMembers } from './members.repository.ts';
import { relatedFromPartition } from './related-bills.repository.ts';
import * as table from './table-client.ts';

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

/** Per bill, its inputs whose marker is still there (B25); a bill with none is absent. Read strongly: a task that just stored the last one asks for the score. */
export async function pendingForecastInputs(billIds: readonly string[]): Promise<Map<string, FetchedInput[]>> {
  const keys = billIds.flatMap((id) => FETCHED_INPUTS.map((input) => billKeys.forecastInputPending(id, input)));
  const items = await batchGet(keys, ['bill_id', 'input'], { consistent: true });
  const byBill = new Map<string, FetchedInput[]>();
  for (const item of items) {
    const input = FETCHED_INPUTS.find((i) => i === item.input);
    if (input) byBill.set(String(item.bill_id), [...(byBill.get(String(item.bill_id)) ?? []), input]);
  }
  return byBill;
}

/** A new bill's input is stored: its marker goes (idempotent); whether there was one, i.e. the bill was waiting for it. */
export async function forecastInputStored(billId: string, input: FetchedInput): Promise<boolean> {
  const out = await table.deleteItem({ Key: billKeys.forecastInputPending(billId, input), ReturnValues: 'ALL_OLD' });
  return out.Attributes !== undefined;
}

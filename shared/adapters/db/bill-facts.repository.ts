/**
 * CRS summaries and the subjects, laws and committee reports of a bill
 * (B23, ./keys/bill-facts.keys.ts), in the bill's partition. Writes are
 * plain puts: the bulk import writes only what differs from what it read.
 */
import { BillFacts, CrsSummary } from '#shared/domain/bills/bill-status-facts.schema.ts';
import { batchWrite, queryAll, type Item } from './dynamo.ts';
import { query } from './expressions.ts';
import { billFactsKeys } from './keys/bill-facts.keys.ts';
import { billKeys } from './keys/bill.keys.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

const sk = (i: Item) => String(i.sk);

/** Stores summaries of a bill (a rewrite of the same summary is harmless). */
export async function saveSummaries(billId: string, summaries: CrsSummary[]): Promise<void> {
  await batchWrite(
    summaries.map((s) => ({ put: entityItem('crs_summary', billFactsKeys.summary(billId, s.version_code, s.action_date), { bill_id: billId, ...s }) })),
  );
}

/** Stores a bill's subjects, laws and committee reports. */
export async function saveFacts(facts: BillFacts): Promise<void> {
  await batchWrite([{ put: entityItem('bill_facts', billFactsKeys.facts(facts.bill_id), { ...facts }) }]);
}

/** The CRS summaries among the items of a bill's partition, oldest action first. */
export function summariesFromPartition(items: Item[]): CrsSummary[] {
  return items
    .filter((i) => sk(i).startsWith(billFactsKeys.summaryPrefix))
    .map((i) => CrsSummary().parse(i))
    .sort((a, b) => (a.action_date ?? '').localeCompare(b.action_date ?? '') || a.version_code.localeCompare(b.version_code));
}

/** The subjects, laws and committee reports among the items of a bill's partition, or null. */
export function factsFromPartition(items: Item[]): BillFacts | null {
  const item = items.find((i) => sk(i) === billFactsKeys.factsSk);
  return item ? BillFacts().parse(item) : null;
}

/** A bill's CRS summaries, oldest action first (one Query on the bill's partition: what the search indexer reads). */
export async function listSummaries(billId: string): Promise<CrsSummary[]> {
  const items = await queryAll(query({ pk: billKeys.partition(billId), skPrefix: billFactsKeys.summaryPrefix }));
  return summariesFromPartition(items);
}

/** A bill's subjects, laws, committee reports and other titles (one GetItem: what the search indexer reads); null when none are stored. */
export async function getFacts(billId: string): Promise<BillFacts | null> {
  const out = await table.getItem({ Key: billFactsKeys.facts(billId) });
  return out.Item ? BillFacts().parse(out.Item) : null;
}

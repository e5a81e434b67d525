/**
 * The bulk import's read of one bill: its whole partition in one Query
 * (the record, actions, cosponsors, CRS summaries and facts, related bills,
 * text versions and roll calls), so the import can compare and write only
 * what differs. A re-import of an unchanged file costs this one Query.
 */
import { BillAction } from '#shared/domain/bills/action.schema.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { BillFacts, CrsSummary } from '#shared/domain/bills/bill-status-facts.schema.ts';
import { Cosponsor } from '#shared/domain/bills/cosponsor.schema.ts';
import { batchWrite, queryAll, type Item } from './dynamo.ts';
import { query } from './expressions.ts';
import { billFromItem } from './bills.repository.ts';
import { factsFromPartition, summariesFromPartition } from './bill-facts.repository.ts';
import { actionKeys } from './keys/action.keys.ts';
import { billKeys } from './keys/bill.keys.ts';
import { cosponsorKeys } from './keys/cosponsor.keys.ts';
import { relatedBillKeys } from './keys/related-bills.keys.ts';
import { textVersionKeys } from './keys/text-version.keys.ts';
import { voteKeys } from './keys/vote.keys.ts';
import { entityItem } from './entities.ts';

export interface StoredBill {
  bill: Bill | null;
  actions: BillAction[];
  cosponsors: Cosponsor[];
  summaries: CrsSummary[];
  facts: BillFacts | null;
  /** The related bills stored, with their relationship tokens. */
  related: Map<string, number>;
  textVersions: number;
  /** vote ids of the roll calls stored beside the bill. */
  votes: Set<string>;
}

/** Everything stored about a bill, from one Query of its partition. */
export async function readStoredBill(billId: string): Promise<StoredBill> {
  const items = await queryAll(query({ pk: billKeys.partition(billId) }));
  const prefixed = (p: string) => items.filter((i) => String(i.sk).startsWith(p));
  const meta = items.find(billKeys.isMeta);
  return {
    bill: meta ? billFromItem(meta) : null,
    actions: prefixed(actionKeys.prefix).map((i) => BillAction().parse(i)),
    cosponsors: prefixed(cosponsorKeys.prefix).map((i) => Cosponsor().parse(i)),
    summaries: summariesFromPartition(items),
    facts: factsFromPartition(items),
    related: new Map(prefixed(relatedBillKeys.prefix).map((i: Item) => [String(i.related_id), i.relationships instanceof Set ? i.relationships.size : 0])),
    textVersions: prefixed(textVersionKeys.prefix).length,
    votes: new Set(prefixed(voteKeys.billVotePrefix).map((i) => String(i.vote_id))),
  };
}

/**
 * Writes actions in batches of 25 (the poller's insertActions is one conditional put each): the key is
 * the (bill, date, text) triple, so a concurrent writer of the same action writes the same item; also
 * rewrites stored actions whose recorded votes a newer reading completed. No key may appear twice.
 */
export async function putActions(actions: BillAction[]): Promise<void> {
  await batchWrite(actions.map((a) => ({ put: entityItem('action', actionKeys.action(a), { ...a }) })));
}

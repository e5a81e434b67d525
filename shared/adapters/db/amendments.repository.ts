/**
 * Amendments in the single table (docs/data-model.md AM1-AM4). An amendment
 * is one item, AMDT#{id} / META: its record (actions and text versions
 * inline: a few dozen actions at most) and `roll_calls`, a map of the roll
 * calls linked to it by vote id. Saves SET the record's fields and never
 * touch `roll_calls`, so a re-import cannot undo a link, and a link SETs one
 * entry of the map, so links of different roll calls never undo each other.
 * A bill's amendments are listed on gsi3 AMDTS#{bill_id}.
 */
import type * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { Amendment, AmendmentRollCall } from '#shared/domain/amendments/amendment.schema.ts';
import { canonicalJson } from './content-version.ts';
import { createHash } from 'node:crypto';
import { conditional, queryAll, queryPage, type Item, type Page } from './dynamo.ts';
import { cond, query, update } from './expressions.ts';
import { amendmentKeys } from './keys/amendment.keys.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import * as table from './table-client.ts';
import { entityTag } from './entities.ts';

const AmendmentState = lazySchema(() => Amendment().pick({ status: true, latest_action: true, update_date: true }));
export type AmendmentState = z.infer<ReturnType<typeof AmendmentState>> & { hash: string };

/** An amendment with the roll calls linked to it, oldest first. */
export type StoredAmendment = Amendment & { roll_calls: AmendmentRollCall[] };

/** What a save compares: the record without the time it was fetched (a re-read of the same data writes nothing). */
export const amendmentContentHash = (a: Amendment): string => {
  const { provenance, ...content } = a;
  return createHash('sha256')
    .update(canonicalJson({ ...content, source: provenance.source }))
    .digest('base64url');
};
const HASH = 'content_hash';
/** Amendment saves at once: each is its own partition. */
const SAVE_CONCURRENCY = 8;

const byRoll = (a: AmendmentRollCall, b: AmendmentRollCall) => a.date.localeCompare(b.date) || a.roll_number - b.roll_number;

function fromItem(item: Item): StoredAmendment {
  const linked = item.roll_calls && typeof item.roll_calls === 'object' ? Object.values(item.roll_calls as Record<string, unknown>) : [];
  return { ...Amendment().parse(item), roll_calls: linked.map((r) => AmendmentRollCall().parse(r)).sort(byRoll) };
}

/** Saves amendments (created or rewritten field by field, the links kept); returns how many were written. */
export async function saveAmendments(amendments: readonly Amendment[]): Promise<number> {
  await mapLimit([...amendments], SAVE_CONCURRENCY, async (a) => {
    const listing = a.amended_bill_id ? amendmentKeys.byBill.keys(a.amended_bill_id, a) : {};
    await table.updateItem({
      Key: amendmentKeys.record(a.id),
      ...update({ set: { ...a, ...listing, ...entityTag('amendment'), [HASH]: amendmentContentHash(a) }, setIfNotExists: { roll_calls: {} } }),
    });
  });
  return amendments.length;
}

/** One amendment with its linked roll calls, or null. */
export async function getAmendment(id: string): Promise<StoredAmendment | null> {
  const out = await table.getItem({ Key: amendmentKeys.record(id) });
  return out.Item ? fromItem(out.Item) : null;
}

/** A page of a bill's amendments, House then Senate, by number. */
export async function listBillAmendments(billId: string, opts: { limit: number; cursor?: string }): Promise<Page<StoredAmendment>> {
  const page = await queryPage({ ...query({ index: amendmentKeys.byBill.index, pk: amendmentKeys.byBill.partition(billId) }), Limit: opts.limit }, opts.cursor);
  return { items: page.items.map(fromItem), next_cursor: page.next_cursor };
}

/** Every amendment of a bill (the bulk export, the vote fetch, the summary). */
export async function listAllBillAmendments(billId: string): Promise<StoredAmendment[]> {
  return (await queryAll(query({ index: amendmentKeys.byBill.index, pk: amendmentKeys.byBill.partition(billId) }))).map(fromItem);
}

/** What an import compares against and a bill's summary counts: each stored amendment's content hash, status, latest action and Congress.gov update date, by id. */
export async function amendmentStates(billId: string): Promise<Map<string, AmendmentState>> {
  const items = await queryAll(
    query(
      { index: amendmentKeys.byBill.index, pk: amendmentKeys.byBill.partition(billId) },
      { projection: ['id', HASH, 'status', 'latest_action', 'update_date'] },
    ),
  );
  return new Map(items.map((i) => [String(i.id), { hash: String(i[HASH] ?? ''), ...AmendmentState().parse(i) }]));
}

/** Links a stored roll call to an amendment (idempotent); false when the amendment is not stored. */
export async function linkAmendmentRollCall(amendmentId: string, rollCall: AmendmentRollCall): Promise<boolean> {
  return conditional(() =>
    table.updateItem({
      Key: amendmentKeys.record(amendmentId),
      ...update({ setPaths: [[['roll_calls', rollCall.vote_id], AmendmentRollCall().parse(rollCall)]] }, cond.itemExists()),
    }),
  );
}

/**
 * Related bills and reintroductions in the single table (docs/data-model.md
 * B21-B22a). Every item lives in a bill's partition, so the bill detail's one
 * Query shows them; the listings on the indexes serve ingestion only: which
 * bills name a bill (B21a), which bills share a title (B22), a sponsor's
 * bills (B8). Relationship writes ADD to a string set, so both bills' listings
 * (and a re-fetch) merge without a read; a reintroduction is claimed once per
 * later bill with a condition.
 */
import { mapLimit } from '#shared/platform/concurrency.ts';
import { relationshipFromToken, relationshipToken, sortRelationships, type RelatedBillEntry, type Relationship } from '#shared/domain/bills/related-bills.ts';
import { normaliseTitle, type ReintroductionReason, type ReintroductionSubject } from '#shared/domain/bills/reintroduction.ts';
import { batchWrite, indexPartition, queryAll, transactionReasons, type Item } from './dynamo.ts';
import { billKeys } from './keys/bill.keys.ts';
import { relatedBillKeys } from './keys/related-bills.keys.ts';
import { reintroductionKeys } from './keys/reintroduction.keys.ts';
import { INDEX } from './table.ts';
import { cond, expressions, query, update } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem, entityTag } from './entities.ts';

const RELATED_WRITE_CONCURRENCY = 8;

/** A bill as a related-bill or reintroduction item shows it. */
export interface BillSummary {
  bill_id: string;
  congress: number;
  label: string;
  title: string;
}

/** Adds `relationships` to the item of `billId` about `other` (created on first write). */
async function addRelated(billId: string, other: BillSummary, relationships: Relationship[], now: string): Promise<void> {
  const tokens = relationships.map(relationshipToken);
  await table.updateItem({
    Key: relatedBillKeys.related(billId, other.bill_id),
    ...update({
      set: {
        ...entityTag('related_bill'),
        bill_id: billId,
        related_id: other.bill_id,
        congress: other.congress,
        label: other.label,
        title: other.title,
        updated_at: now,
        ...relatedBillKeys.namedBy.keys(billId, other.bill_id),
      },
      // A string set: each relationship kept once, whichever listing named it first.
      ...(tokens.length ? { add: { relationships: new Set(tokens) } } : {}),
    }),
  });
}

/**
 * Stores a bill's related bills as its listing gives them, and the other
 * side of each pair in the related bills the table holds (`stored`), so a
 * pair Congress.gov lists from one bill only shows on both.
 */
export async function saveRelatedBills(self: BillSummary, entries: RelatedBillEntry[], stored: ReadonlySet<string>, now: string): Promise<void> {
  // Each write is an ADD to its own item, so they may run side by side (an appropriations bill lists a hundred).
  await mapLimit(entries, RELATED_WRITE_CONCURRENCY, async (e) => {
    await addRelated(self.bill_id, { bill_id: e.bill_id, congress: e.congress, label: e.label, title: e.title }, e.relationships, now);
    if (stored.has(e.bill_id)) await addRelated(e.bill_id, self, e.relationships, now);
  });
}

/**
 * The related bills of a bill not stored yet, written whole in batches of 25
 * before its record exists; then the other side of each pair the table
 * holds, as saveRelatedBills does. No other writer touches this bill's side
 * meanwhile: a pair is mirrored onto a bill only once its record is stored.
 */
export async function saveRelatedBillsOfNewBill(self: BillSummary, entries: RelatedBillEntry[], stored: ReadonlySet<string>, now: string): Promise<void> {
  const index = INDEX[relatedBillKeys.namedBy.index];
  // A file may name a bill twice (two relationships): one item with both.
  const merged = new Map<string, RelatedBillEntry>();
  for (const e of entries) {
    const before = merged.get(e.bill_id);
    merged.set(e.bill_id, before ? { ...before, relationships: [...before.relationships, ...e.relationships] } : e);
  }
  await batchWrite(
    [...merged.values()].map((e) => {
      const listed = relatedBillKeys.namedBy.keys(self.bill_id, e.bill_id);
      const tokens = e.relationships.map(relationshipToken);
      return {
        put: entityItem('related_bill', relatedBillKeys.related(self.bill_id, e.bill_id), {
          bill_id: self.bill_id,
          related_id: e.bill_id,
          congress: e.congress,
          label: e.label,
          title: e.title,
          updated_at: now,
          [index.pk]: listed[index.pk],
          [index.sk]: listed[index.sk],
          ...(tokens.length ? { relationships: new Set(tokens) } : {}),
        }),
      };
    }),
  );
  await mapLimit(
    entries.filter((e) => stored.has(e.bill_id)),
    RELATED_WRITE_CONCURRENCY,
    (e) => addRelated(e.bill_id, self, e.relationships, now),
  );
}

/** A related-bill item as the detail shows it. */
export interface RelatedBillRecord extends BillSummary {
  relationships: Relationship[];
}

/** Reads a stored related-bill item (the other bill's summary and its relationships). */
export function relatedFromItem(item: Item): RelatedBillRecord {
  const tokens =
    item.relationships instanceof Set ? [...(item.relationships as Set<string>)] : Array.isArray(item.relationships) ? (item.relationships as string[]) : [];
  return {
    bill_id: String(item.related_id),
    congress: Number(item.congress),
    label: String(item.label),
    title: String(item.title),
    relationships: sortRelationships(tokens.flatMap((t) => relationshipFromToken(String(t)) ?? [])),
  };
}

/** B21a: the bills whose related-bill items name `billId`, with the relationships they give. */
export async function billsNaming(billId: string): Promise<{ bill_id: string; relationships: Relationship[] }[]> {
  const p = relatedBillKeys.namedBy;
  const items = await queryAll(indexPartition(p.index, p.partition(billId)));
  return items.map((i) => ({ bill_id: String(i.bill_id), relationships: relatedFromItem(i).relationships }));
}

/** The related-bills count the last fetch stored, or null when none ran. */
export async function getRelatedCount(billId: string): Promise<number | null> {
  const out = await table.getItem({ Key: relatedBillKeys.sync(billId) });
  return out.Item ? Number(out.Item.count) : null;
}

/** Records the related-bills count a fetch stored. */
export async function setRelatedCount(billId: string, count: number, now: string): Promise<void> {
  await table.putItem({ Item: entityItem('related_sync', relatedBillKeys.sync(billId), { bill_id: billId, count, synced_at: now }) });
}

/** B22: writes (or rewrites) a bill's title fingerprint item; idempotent. */
export async function putTitleFingerprint(bill: ReintroductionSubject): Promise<void> {
  const fp = reintroductionKeys.fingerprint(normaliseTitle(bill.title));
  await table.putItem({
    Item: entityItem('title_fingerprint', reintroductionKeys.titleFingerprint(bill.id), {
      bill_id: bill.id,
      congress: bill.congress,
      title: bill.title,
      sponsor_id: bill.sponsor_id,
      ...reintroductionKeys.byTitle.keys(fp, bill.congress, bill.id),
    }),
  });
}

/** B22: every bill whose normalised title is `title`'s, any Congress. */
export async function billsWithTitle(title: string): Promise<ReintroductionSubject[]> {
  const p = reintroductionKeys.byTitle;
  const items = await queryAll(indexPartition(p.index, p.partition(reintroductionKeys.fingerprint(normaliseTitle(title)))));
  return items.map((i) => ({
    id: String(i.bill_id),
    congress: Number(i.congress),
    title: String(i.title),
    sponsor_id: i.sponsor_id ? String(i.sponsor_id) : null,
  }));
}

/**
 * B8 projected for the detector: a sponsor's bills introduced within
 * [from, to] (YYYY-MM-DD, both days included).
 */
export async function billsOfSponsor(sponsorId: string, from: string, to: string): Promise<ReintroductionSubject[]> {
  const items = await queryAll(
    query(
      // Sort keys are {introduced_date}#{bill_id}: '#' < '~', so "date~" ends a day and "date" starts it.
      { index: billKeys.bySponsor.index, pk: billKeys.bySponsor.partition(sponsorId), skBetween: [from, `${to}~`] },
      { projection: ['id', 'congress', 'title', 'sponsor_id'] },
    ),
  );
  return items.map((i) => ({ id: String(i.id), congress: Number(i.congress), title: String(i.title), sponsor_id: i.sponsor_id ? String(i.sponsor_id) : null }));
}

/** A reintroduction as stored on both bills. */
export interface ReintroductionRecord {
  earlier: BillSummary;
  later: BillSummary;
  reason: ReintroductionReason;
  detected_at: string;
  /** When followers of the earlier bill were told (null until the event is queued). */
  announced_at: string | null;
}

/**
 * Records that `later` reintroduces `earlier`: REINTRO#OF on the later bill
 * (one per bill, by condition) and REINTRO#AS on the earlier one, in one
 * transaction. Returns the record now stored for the later bill: the new one,
 * or the one an earlier detection stored (possibly naming another bill).
 */
export async function recordReintroduction(rec: Omit<ReintroductionRecord, 'announced_at'>): Promise<{ created: boolean; stored: ReintroductionRecord }> {
  const body = { ...entityTag('reintroduction'), earlier: rec.earlier, later: rec.later, reason: rec.reason, detected_at: rec.detected_at };
  try {
    await table.transactWrite([
      {
        Put: {
          Item: { ...reintroductionKeys.reintroductionOf(rec.later.bill_id), ...body, announced_at: null },
          ...expressions({ condition: cond.itemAbsent() }),
        },
      },
      { Put: { Item: { ...reintroductionKeys.reintroducedAs(rec.earlier.bill_id, rec.later.bill_id), ...body } } },
    ]);
    return { created: true, stored: { ...rec, announced_at: null } };
  } catch (err) {
    if (transactionReasons(err)?.[0] !== 'ConditionalCheckFailed') throw err;
    const existing = await getReintroductionOf(rec.later.bill_id);
    if (!existing) throw err;
    return { created: false, stored: existing };
  }
}

const reintroductionFromItem = (item: Item): ReintroductionRecord => ({
  earlier: item.earlier as BillSummary,
  later: item.later as BillSummary,
  reason: item.reason as ReintroductionReason,
  detected_at: String(item.detected_at),
  announced_at: typeof item.announced_at === 'string' ? item.announced_at : null,
});

/** The bill `billId` reintroduces, or null. */
export async function getReintroductionOf(billId: string): Promise<ReintroductionRecord | null> {
  const out = await table.getItem({ Key: reintroductionKeys.reintroductionOf(billId), ConsistentRead: true });
  return out.Item ? reintroductionFromItem(out.Item) : null;
}

/** Marks a reintroduction announced (its event queued), so a re-run does not queue it again. */
export async function markReintroductionAnnounced(laterId: string, now: string): Promise<void> {
  await table.updateItem({
    Key: reintroductionKeys.reintroductionOf(laterId),
    ...update({ set: { announced_at: now } }, cond.itemExists()),
  });
}

/** The related bills and reintroductions among the items of a bill's partition (the detail's one Query). */
export function relatedFromPartition(items: Item[]): {
  related: RelatedBillRecord[];
  reintroductionOf: ReintroductionRecord | null;
  reintroducedAs: ReintroductionRecord[];
} {
  const sk = (i: Item) => String(i.sk);
  const related = items
    .filter((i) => sk(i).startsWith(relatedBillKeys.prefix))
    .map(relatedFromItem)
    .sort((a, b) => b.congress - a.congress || a.bill_id.localeCompare(b.bill_id));
  const of = items.find((i) => sk(i) === reintroductionKeys.ofSk);
  const as = items.filter((i) => sk(i).startsWith(reintroductionKeys.asPrefix)).map(reintroductionFromItem);
  return { related, reintroductionOf: of ? reintroductionFromItem(of) : null, reintroducedAs: as.sort((a, b) => a.later.congress - b.later.congress) };
}

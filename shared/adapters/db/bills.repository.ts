/**
 * Bills in the single table: BILL#{id} / META holds the record. gsi1
 * (BILLS / {latest_action_date}#{id}) sorts bills by latest action; gsi2
 * (SPONSOR#{member} / {introduced_date}#{id}) lists a member's sponsored
 * bills. Missing sponsor and missing metadata are sparse marker items in the
 * bill's partition (gsi3 MISSING#{what} / {id}), so backfills query them;
 * a follow-ups marker beside them is the ingest path's outbox (B19).
 * Every write of a field the bill's list summary shows raises its
 * `summary_version` and updates its card on the dashboard feed, if it has
 * one (P8b), so the dashboard can show Most Popular without reading bills.
 */
import { noteBillCard, noteLatestAction } from './dashboard-feed.repository.ts';
import { type UpdateCommandOutput } from '@aws-sdk/lib-dynamodb';
import { Bill, type BillCategory, type SponsorSummary } from '#shared/domain/bills/bill.schema.ts';
import { LEGACY_STATUS_CODES, currentStatusCode } from '#shared/domain/bills/bill-status.ts';
import type { ActionCategory } from '#shared/domain/bills/action-categories.ts';
import { conditional, batchGet, batchWrite, queryPage, transactionReasons, type Item, type Page } from './dynamo.ts';
import { cond, expressions, query, update, type Condition } from './expressions.ts';
import { billCardFromItem, SUMMARY_VERSION } from './bill-card.ts';
import { billKeys, type MissingKind } from './keys/bill.keys.ts';
import { syncBillTopics } from './search-index.repository.ts';
import { incrementStats } from './stats.repository.ts';
import { INDEX } from './table.ts';
import { CONTENT_HASH, contentHash } from './content-version.ts';
import { billView } from '#shared/domain/bills/bill-views.ts';
import type { BillRefresh } from '#shared/domain/bills/provider-fields.ts';
import type { AmendmentSummary } from '#shared/domain/amendments/amendment-summary.ts';
import { FETCHED_INPUTS } from '#shared/domain/bill-forecast/forecast-facts.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

export type { MissingKind } from './keys/bill.keys.ts';

function toItem(bill: Bill, now = new Date()): Item {
  const updatedAt = bill.updated_at ?? now.toISOString();
  return entityItem('bill', billKeys.meta(bill.id), {
    ...bill,
    updated_at: updatedAt,
    [CONTENT_HASH]: billContentHash(bill),
    ...billKeys.byLatestAction.keys(bill),
    ...billKeys.byContentChange.keys(bill, updatedAt),
    ...billKeys.byStatus.keys(bill),
    ...(bill.sponsor_id ? billKeys.bySponsor.keys(bill.sponsor_id, bill) : {}),
  });
}

/** The content hash of what the API answers for a bill: its list view and its status timeline (./content-version.ts). */
export const billContentHash = (bill: Bill): string => contentHash({ ...billView(bill), status_timeline: bill.status_timeline });

/**
 * After a write of a bill record (`item` as the write left it): when its
 * content hash changed, moves `updated_at` to now and the bill's place on its
 * Congress's change feed; otherwise writes nothing. The condition makes a
 * racing writer's stale note a repeat, never a lost move: updated_at is never
 * older than the last change of the content.
 */
export async function noteBillContent(item: Item, now = new Date()): Promise<boolean> {
  const bill = billFromItem(item);
  const hash = billContentHash(bill);
  if (item[CONTENT_HASH] === hash) return false;
  const updatedAt = now.toISOString();
  const feed = billKeys.byContentChange.keys(bill, updatedAt);
  const index = INDEX[billKeys.byContentChange.index];
  return conditional(() =>
    table.updateItem({
      Key: billKeys.meta(bill.id),
      ...update(
        { set: { [CONTENT_HASH]: hash, updated_at: updatedAt, [index.pk]: feed[index.pk], [index.sk]: feed[index.sk] } },
        cond.and(cond.itemExists(), cond.or(cond.absent(CONTENT_HASH), cond.ne(CONTENT_HASH, hash))),
      ),
    }),
  );
}

/**
 * After a write of a bill record (`item` as the write left it): when its
 * status or latest action date moved, moves it on the status listing (B3a);
 * otherwise writes nothing. The write is conditional on both still being
 * what `item` holds, so a stale note never moves a bill back: the writer
 * that changed them since notes its own record.
 */
export async function noteStatusListing(item: Item): Promise<boolean> {
  const bill = billFromItem(item);
  const keys = billKeys.byStatus.keys(bill);
  const index = INDEX[billKeys.byStatus.index];
  if (item[index.pk] === keys[index.pk] && item[index.sk] === keys[index.sk]) return false;
  const dated =
    item.latest_action_date == null
      ? cond.or(cond.absent('latest_action_date'), cond.eq('latest_action_date', null))
      : cond.eq('latest_action_date', item.latest_action_date);
  return conditional(() =>
    table.updateItem({
      Key: billKeys.meta(bill.id),
      ...update({ set: keys }, cond.and(cond.itemExists(), cond.eq('status', item.status), dated)),
    }),
  );
}

/** A stored timeline with each entry's status code in today's vocabulary. */
const currentTimeline = (timeline: unknown) =>
  Array.isArray(timeline)
    ? timeline.map((e: unknown) => (e && typeof e === 'object' && 'status' in e ? { ...e, status: currentStatusCode(e.status) } : e))
    : timeline;

/** Parses a stored bill item (extra key attributes are dropped; a status stored in an earlier spelling reads as today's code). */
export const billFromItem = (item: Item): Bill =>
  Bill().parse({ ...item, status: currentStatusCode(item.status), status_timeline: currentTimeline(item.status_timeline) });

/** The bill, or null. */
export async function getBill(id: string): Promise<Bill | null> {
  const out = await table.getItem({ Key: billKeys.meta(id) });
  return out.Item ? billFromItem(out.Item) : null;
}

/** Many bills by id (BatchGet), in the order asked; unknown ids are left out. */
export async function getBills(ids: string[]): Promise<Bill[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const items = await batchGet(unique.map(billKeys.meta));
  const byId = new Map(items.map((i) => [String(i.id), billFromItem(i)]));
  return unique.flatMap((id) => (byId.has(id) ? [byId.get(id) as Bill] : []));
}

const markerItem = (id: string, what: MissingKind): Item =>
  entityItem('missing', billKeys.missing(id, what), { bill_id: id, ...billKeys.missingList.keys(id, what) });

export interface CreateBillOptions {
  /**
   * Also write the bill's follow-ups marker (B19) in the same transaction:
   * the ingest path sets it, queues the sponsor, actions, cosponsors and text
   * fetches, then clears it, so a crash in between is seen and repaired by
   * the next save of the same listing.
   */
  followUpsPending?: boolean;
  /**
   * Also write the markers of the forecast inputs its follow-ups fetch (B25),
   * so the bill is not scored before its sponsor and cosponsors are stored.
   */
  forecastInputsPending?: boolean;
}

/**
 * Saves a bill seen for the first time; false (and nothing written) when it
 * exists already. The bill, its missing-sponsor / missing-metadata markers,
 * its follow-ups marker and its forecast inputs' markers are one
 * transaction, so none exists without the others. It is counted after.
 */
export async function createBill(bill: Bill, options: CreateBillOptions = {}): Promise<boolean> {
  const missingMetadata = !bill.introduced_date || !bill.congress_gov_url;
  const extra: Item[] = [
    ...(bill.sponsor_id ? [] : [markerItem(bill.id, 'sponsor')]),
    ...(missingMetadata ? [markerItem(bill.id, 'metadata')] : []),
    ...(options.followUpsPending ? [entityItem('followups', billKeys.followUps(bill.id), { bill_id: bill.id })] : []),
    ...(options.forecastInputsPending
      ? FETCHED_INPUTS.map((input) => entityItem('forecast_input_pending', billKeys.forecastInputPending(bill.id, input), { bill_id: bill.id, input }))
      : []),
  ];
  try {
    await table.transactWrite([{ Put: { Item: toItem(bill), ...expressions({ condition: cond.itemAbsent() }) } }, ...extra.map((Item) => ({ Put: { Item } }))]);
  } catch (err) {
    if (transactionReasons(err)?.[0] === 'ConditionalCheckFailed') return false;
    throw err;
  }
  await Promise.all([
    noteLatestAction(bill.id, bill.latest_action_date),
    incrementStats({ total_bills: 1, bills_missing_sponsor: bill.sponsor_id ? 0 : 1, bills_missing_metadata: missingMetadata ? 1 : 0 }),
  ]);
  return true;
}

/** The ids among `ids` whose follow-ups marker is still there (B19): saved, but their follow-ups maybe never queued. */
export async function billsWithFollowUpsPending(ids: string[]): Promise<Set<string>> {
  const items = await batchGet([...new Set(ids)].map(billKeys.followUps), ['bill_id']);
  return new Set(items.map((i) => String(i.bill_id)));
}

/** Removes the follow-ups markers of bills whose follow-ups are now queued. */
export async function clearFollowUpsPending(ids: string[]): Promise<void> {
  await batchWrite([...new Set(ids)].map((id) => ({ delete: billKeys.followUps(id) })));
}

/**
 * SETs the given attributes of an existing bill record and leaves the others
 * as they are, so writers of different fields (a poll, the bill detail, the
 * status from actions) cannot undo each other's writes; returns the record
 * as the write left it, or null when the record is gone or the extra
 * condition fails. A write of summary fields (`summary`) raises the
 * record's summary version (./bill-card.ts).
 */
async function setAttributes(id: string, attrs: Record<string, unknown>, options: { condition?: Condition; summary?: boolean } = {}): Promise<Item | null> {
  const { condition, summary = false } = options;
  let out: UpdateCommandOutput | undefined;
  const written = await conditional(async () => {
    out = await table.updateItem({
      Key: billKeys.meta(id),
      ...update({ set: attrs, ...(summary ? { add: { [SUMMARY_VERSION]: 1 } } : {}) }, condition ? cond.and(cond.itemExists(), condition) : cond.itemExists()),
      ReturnValues: 'ALL_NEW',
    });
  });
  if (!written) return null;
  const item = (out?.Attributes ?? {}) as Item;
  await noteBillContent(item);
  await noteStatusListing(item);
  return item;
}

/**
 * A write of a bill's summary fields by an UpdateItem `SET` (with its
 * condition): raises the summary version, and then updates the bill's card
 * on the dashboard feed when it has one (docs/data-model.md P8b). Returns
 * the record as the write left it; a failed condition throws, as the write
 * alone would.
 */
async function setSummaryFields(billId: string, set: Record<string, unknown>, condition: Condition): Promise<Item> {
  const out = await table.updateItem({
    Key: billKeys.meta(billId),
    ...update({ set, add: { [SUMMARY_VERSION]: 1 } }, condition),
    ReturnValues: 'ALL_NEW',
  });
  const item = (out.Attributes ?? {}) as Item;
  await noteBillCard(billCardFromItem(item));
  await noteBillContent(item);
  return item;
}

/** Stores a bill's amendment summary (docs/data-model.md AM4), moving it on its change feed; false when the bill is not stored. */
export async function setAmendmentSummary(id: string, summary: AmendmentSummary): Promise<boolean> {
  return (await setAttributes(id, { amendment_summary: summary })) !== null;
}

/** Refreshes provider fields of an existing bill (keeps sponsor, brief state, category and status); returns the new bill. */
export async function refreshBill(id: string, fields: BillRefresh): Promise<Bill | null> {
  const current = await getBill(id);
  if (!current) return null;
  const next: Bill = {
    ...current,
    ...fields,
    introduced_date: fields.introduced_date ?? current.introduced_date,
    congress_gov_url: fields.congress_gov_url ?? current.congress_gov_url,
  };
  const written = await setAttributes(
    id,
    {
      ...Object.fromEntries(Object.keys(fields).map((k) => [k, next[k as keyof Bill]])),
      introduced_date: next.introduced_date,
      congress_gov_url: next.congress_gov_url,
      ...billKeys.byLatestAction.keys(next),
      // In the same write as the date it sorts by; the note after the write corrects it if the status moved meanwhile.
      ...billKeys.byStatus.keys(next),
      ...(next.sponsor_id ? billKeys.bySponsor.keys(next.sponsor_id, next) : {}),
    },
    { summary: true },
  );
  if (!written) return null;
  await noteBillCard(billCardFromItem(written));
  if (next.latest_action_date !== current.latest_action_date) await noteLatestAction(id, next.latest_action_date);
  const wasMissing = !current.introduced_date || !current.congress_gov_url;
  const isMissing = !next.introduced_date || !next.congress_gov_url;
  if (wasMissing && !isMissing) await clearMissing(id, 'metadata');
  return next;
}

/** Stores the status and status timeline derived from the bill's actions (the actions task and migration 0004). */
export async function setBillStatus(id: string, derived: Pick<Bill, 'status' | 'status_timeline'>): Promise<boolean> {
  // The status is on the bill's dashboard card too (its list summary): a summary write, and the card follows it.
  const written = await setAttributes(id, { status: derived.status, status_timeline: derived.status_timeline }, { summary: true });
  if (!written) return false;
  await noteBillCard(billCardFromItem(written));
  return true;
}

/**
 * Writes back a bill whose record holds a status code in an earlier spelling
 * (LEGACY_STATUS_CODES) with today's codes, read from the stored item itself;
 * false, writing nothing, when it holds none (migration 0012).
 */
export async function rewriteLegacyStatus(bill: Bill): Promise<boolean> {
  const out = await table.getItem({
    Key: billKeys.meta(bill.id),
    ...expressions({ projection: ['status', 'status_timeline'] }),
  });
  const stored = out.Item ?? {};
  const timeline: unknown[] = Array.isArray(stored.status_timeline) ? stored.status_timeline : [];
  const legacy = (code: unknown) => typeof code === 'string' && code in LEGACY_STATUS_CODES;
  if (!legacy(stored.status) && !timeline.some((e) => e && typeof e === 'object' && 'status' in e && legacy(e.status))) return false;
  return setBillStatus(bill.id, { status: bill.status, status_timeline: bill.status_timeline });
}

/**
 * Sets the category of the bill's latest action to the one its action list
 * gives it, while that action is still the latest (a listing that moved the
 * latest action on in between keeps its own); true when written.
 */
export async function setLatestActionCategory(id: string, latest: { date: string; text: string }, category: ActionCategory): Promise<boolean> {
  const condition = cond.and(cond.eq('latest_action_date', latest.date), cond.eq('latest_action_text', latest.text));
  return (await setAttributes(id, { latest_action_category: category }, { condition })) !== null;
}

/** Removes a missing-marker once; counts it only when it was there. */
async function clearMissing(id: string, what: MissingKind): Promise<void> {
  const out = await table.deleteItem({ Key: billKeys.missing(id, what), ReturnValues: 'ALL_OLD' });
  if (out.Attributes) await incrementStats(what === 'sponsor' ? { bills_missing_sponsor: -1 } : { bills_missing_metadata: -1 });
}

/** Links the sponsor of a bill that has none yet; false when it already had one (idempotent). */
export async function setBillSponsor(id: string, sponsor: SponsorSummary): Promise<boolean> {
  const bill = await getBill(id);
  if (!bill || bill.sponsor_id) return false;
  const linked = await setAttributes(
    id,
    { sponsor_id: sponsor.id, sponsor, ...billKeys.bySponsor.keys(sponsor.id, bill) },
    { condition: cond.or(cond.absent('sponsor_id'), cond.eq('sponsor_id', null)) },
  );
  if (!linked) return false;
  await clearMissing(id, 'sponsor');
  return true;
}

/** Ids of bills carrying a missing-marker, a page at a time (backfills). */
export async function listBillsMissing(what: MissingKind, limit: number, cursor?: string): Promise<Page<string>> {
  const page = await queryPage({ ...query({ index: billKeys.missingList.index, pk: billKeys.missingList.partition(what) }), Limit: limit }, cursor);
  return { items: page.items.map((i) => String(i.bill_id)), next_cursor: page.next_cursor };
}

/** Bills newest latest action first; with `since` (YYYY-MM-DD) only those acted on since then. */
export async function listBillsByLatestAction(opts: { limit: number; cursor?: string; since?: string }): Promise<Page<Bill>> {
  const page = await queryPage(
    {
      ...query({ index: billKeys.byLatestAction.index, pk: billKeys.byLatestAction.partition, skFrom: opts.since }),
      ScanIndexForward: false,
      Limit: opts.limit,
    },
    opts.cursor,
  );
  return { items: page.items.map(billFromItem), next_cursor: page.next_cursor };
}

/**
 * Records that a bill has a brief: document_status 'brief', has_document
 * true, and its topic tags, keeping the topic listings and counts in step
 * (tags added are counted once, tags dropped are uncounted). Idempotent.
 */
export async function markBillBriefed(billId: string, { topic_tags }: { topic_tags: string[] }): Promise<void> {
  const tags = [...new Set(topic_tags)];
  const out = await table.updateItem({
    Key: billKeys.meta(billId),
    ...update({ set: { document_status: 'brief', has_document: true, topic_tags: tags }, add: { [SUMMARY_VERSION]: 1 } }, cond.itemExists()),
    ReturnValues: 'ALL_OLD',
  });
  const old = out.Attributes ?? {};
  const before = Array.isArray(old.topic_tags) ? (old.topic_tags as string[]) : [];
  // The record as this write left it: the write is atomic, so the old record and its SETs are exactly that.
  const after: Item = { ...old, document_status: 'brief', has_document: true, topic_tags: tags, [SUMMARY_VERSION]: Number(old[SUMMARY_VERSION] ?? 0) + 1 };
  await noteBillCard(billCardFromItem(after));
  await noteBillContent(after);
  await syncBillTopics(billFromItem(after), before, tags);
}

/** Marks that a bill has stored text (document_status 'pending' unless it already has a brief). */
export async function markBillHasText(billId: string): Promise<void> {
  await setSummaryFields(billId, { has_document: true }, cond.itemExists());
  await conditional(() => setSummaryFields(billId, { document_status: 'pending' }, cond.eq('document_status', 'no_text')));
}

/** Sets the bill's category (the brief worker's one-shot classification). */
export async function setBillCategory(billId: string, category: BillCategory): Promise<void> {
  await setSummaryFields(billId, { bill_category: category }, cond.itemExists());
}

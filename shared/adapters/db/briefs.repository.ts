/**
 * Briefs in the single table (docs/data-model.md B6, B7, A14):
 *   BILL#{bill_id} / BRIEF#{version:0000}   the brief (version history, newest first by sk)
 *   BILL#{bill_id} / BRIEFKEY#{dedupe_key}  the idempotency guard: one brief per (bill, text version)
 *   TOKEN#brief#{share_token} / TOKEN       the public share link → (bill, version)
 * The three are written in one transaction, each with attribute_not_exists, so
 * a redelivered message writes nothing twice and a share token is unique.
 * Uncited briefs also carry a sparse gsi3 key BRIEFS#uncited for the backfill.
 */
import * as z from 'zod';
import { Brief, BriefPoint, publishable } from '#shared/domain/briefs/brief.schema.ts';
import { queryAll, queryPage, transactionReasons, type Item, type Page } from './dynamo.ts';
import { cond, expressions, query, update } from './expressions.ts';
import { billKeys } from './keys/bill.keys.ts';
import { briefKeys } from './keys/brief.keys.ts';
import { tokenKeys } from './keys/token.keys.ts';
import { INDEX } from './table.ts';
import * as table from './table-client.ts';
import { entityItem, ofEntity } from './entities.ts';

const tokenKey = (token: string) => tokenKeys.token('brief', token);
const uncited = briefKeys.uncitedList;

/** A stored brief as published (legacy points never located are withheld: Brief's publishable). */
const briefFromItem = (item: Item): Brief => Brief().parse(publishable(item));
const fromItem = (item: Item | undefined): Brief | null => (item ? briefFromItem(item) : null);

function toItem(brief: Brief, dedupeKey: string): Item {
  return entityItem('brief', briefKeys.brief(brief.bill_id, brief.version), {
    ...brief,
    dedupe_key: dedupeKey,
    external_keys: [briefKeys.guard(brief.bill_id, dedupeKey), tokenKey(brief.share_token)],
    ...(brief.uncited ? uncited.keys(brief.bill_id, brief.version) : {}),
  });
}

/** The newest brief of a bill, or null. */
export async function getLatestBrief(billId: string): Promise<Brief | null> {
  const out = await table.query({
    ...query({ pk: billKeys.partition(billId), skPrefix: briefKeys.prefix }),
    ScanIndexForward: false,
    Limit: 1,
  });
  return fromItem(out.Items?.[0]);
}

/** One brief version, or null. */
export async function getBrief(billId: string, version: number): Promise<Brief | null> {
  const out = await table.getItem({ Key: briefKeys.brief(billId, version) });
  return fromItem(out.Item);
}

/** Every brief of a bill, newest first (the version history). */
export async function listBriefs(billId: string): Promise<Brief[]> {
  const items = await queryAll({ ...query({ pk: billKeys.partition(billId), skPrefix: briefKeys.prefix }), ScanIndexForward: false });
  return items.map(briefFromItem);
}

/** A page of a bill's briefs, newest first. */
export async function listBriefsPage(billId: string, limit: number, cursor?: string): Promise<Page<Brief>> {
  const page = await queryPage(
    {
      ...query({ pk: billKeys.partition(billId), skPrefix: briefKeys.prefix }),
      ScanIndexForward: false,
      Limit: limit,
    },
    cursor,
  );
  return { items: page.items.map(briefFromItem), next_cursor: page.next_cursor };
}

/** The brief a share token points at (strongly consistent token read), or null. */
export async function getBriefByShareToken(token: string): Promise<{ brief: Brief } | null> {
  const out = await table.getItem({ Key: tokenKey(token), ConsistentRead: true });
  if (!out.Item) return null;
  const brief = await getBrief(String(out.Item.bill_id), Number(out.Item.version));
  return brief ? { brief } : null;
}

/** The brief already written under a dedupe key, or null. */
export async function getBriefByDedupeKey(billId: string, dedupeKey: string): Promise<Brief | null> {
  const out = await table.getItem({ Key: briefKeys.guard(billId, dedupeKey), ConsistentRead: true });
  return out.Item ? getBrief(billId, Number(out.Item.version)) : null;
}

export interface PutBriefResult {
  /** False when a brief under the same dedupe key already existed (a redelivery). */
  written: boolean;
  /** The stored brief: the new one, or the one written earlier. */
  brief: Brief;
}

const MAX_VERSION_RACES = 5;

/**
 * Stores a brief once per (bill, dedupe key); the dedupe key defaults to the
 * text version code. The brief's version is the next free one: a concurrent
 * writer taking the same number makes this retry with the following number.
 */
export async function putBrief(brief: Brief, options: { dedupeKey?: string } = {}): Promise<PutBriefResult> {
  const dedupeKey = options.dedupeKey ?? brief.text_version_code;
  let candidate = Brief().parse(brief);
  for (let race = 0; race < MAX_VERSION_RACES; race++) {
    try {
      await table.transactWrite([
        {
          Put: {
            Item: entityItem('brief_key', briefKeys.guard(candidate.bill_id, dedupeKey), { version: candidate.version }),
            ...expressions({ condition: cond.itemAbsent() }),
          },
        },
        { Put: { Item: toItem(candidate, dedupeKey), ...expressions({ condition: cond.itemAbsent() }) } },
        {
          Put: {
            Item: entityItem('brief_token', tokenKey(candidate.share_token), { bill_id: candidate.bill_id, version: candidate.version }),
            ...expressions({ condition: cond.itemAbsent() }),
          },
        },
      ]);
      return { written: true, brief: candidate };
    } catch (err) {
      const reasons = transactionReasons(err);
      if (!reasons) throw err;
      if (reasons[0] === 'ConditionalCheckFailed') {
        const existing = await getBriefByDedupeKey(candidate.bill_id, dedupeKey);
        if (existing) return { written: false, brief: existing };
        throw new Error(`Brief guard ${dedupeKey} of ${candidate.bill_id} exists but its brief is missing`, { cause: err });
      }
      if (reasons[1] === 'ConditionalCheckFailed') {
        const latest = await getLatestBrief(candidate.bill_id);
        candidate = { ...candidate, version: (latest?.version ?? 0) + 1 };
        continue;
      }
      throw err;
    }
  }
  throw new Error(`Could not claim a brief version for ${brief.bill_id} after ${MAX_VERSION_RACES} attempts`);
}

/** The next version number of a bill's briefs. */
export async function nextBriefVersion(billId: string): Promise<number> {
  return ((await getLatestBrief(billId))?.version ?? 0) + 1;
}

/** Records that a brief's notification event was sent. */
export async function markBriefEventSent(billId: string, version: number, at: string): Promise<void> {
  await table.updateItem({
    Key: briefKeys.brief(billId, version),
    ...update({ set: { event_sent_at: at } }, cond.itemExists()),
  });
}

/** Deletes one brief with its guard and share token, returning it (backfill-citations re-briefs it afterwards). */
export async function deleteBrief(billId: string, version: number): Promise<Brief | null> {
  const out = await table.getItem({ Key: briefKeys.brief(billId, version), ConsistentRead: true });
  if (!out.Item) return null;
  const dedupeKey = String(out.Item.dedupe_key ?? out.Item.text_version_code);
  await table.transactWrite([
    { Delete: { Key: briefKeys.brief(billId, version) } },
    { Delete: { Key: briefKeys.guard(billId, dedupeKey) } },
    { Delete: { Key: tokenKey(String(out.Item.share_token)) } },
  ]);
  return briefFromItem(out.Item);
}

/** Replaces the points (with the uncited flag and the withheld count) of a stored brief in place (locate-stored-citations). */
export async function updateBriefPoints(brief: Brief): Promise<void> {
  const parsed = Brief().parse(brief);
  const listing = INDEX[uncited.index];
  const fields = { points: parsed.points, uncited: parsed.uncited, withheld_points: parsed.withheld_points };
  await table.updateItem({
    Key: briefKeys.brief(parsed.bill_id, parsed.version),
    // An uncited brief is listed on the sparse index; a cited one is taken off it.
    ...update(
      parsed.uncited ? { set: { ...fields, ...uncited.keys(parsed.bill_id, parsed.version) } } : { set: fields, remove: [listing.pk, listing.sk] },
      cond.itemExists(),
    ),
  });
}

export interface UncitedBriefRef {
  bill_id: string;
  version: number;
  text_version_code: string;
  /** The brief's points (the index projects them), or null when they do not parse (a brief stored before points carried labels). */
  points: BriefPoint[] | null;
}

/** Briefs flagged uncited, with their points, from the sparse index (backfill-citations; no Scan). */
export async function listUncitedBriefs(): Promise<UncitedBriefRef[]> {
  const items = await queryAll(query({ index: uncited.index, pk: uncited.partition }));
  return items.map((i) => {
    const points = z.array(BriefPoint()).safeParse(publishable(i).points);
    return {
      bill_id: String(i.bill_id),
      version: Number(i.version),
      text_version_code: String(i.text_version_code),
      points: points.success ? points.data : null,
    };
  });
}

/**
 * Every stored brief item, raw (admin backfills and migrations only: this is
 * a Scan filtered on entity, documented in docs/data-model.md).
 */
export async function scanBriefItems(): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await table.scan({
      ...expressions({ filter: ofEntity('brief') }),
      ExclusiveStartKey: start,
    });
    items.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Gives a legacy brief item without a share token its token and token item (migration 0001). */
export async function assignShareToken(billId: string, version: number, token: string): Promise<boolean> {
  try {
    await table.transactWrite([
      {
        Update: {
          Key: briefKeys.brief(billId, version),
          ...update({ set: { share_token: token } }, cond.and(cond.itemExists(), cond.absent('share_token'))),
        },
      },
      {
        Put: {
          Item: entityItem('brief_token', tokenKey(token), { bill_id: billId, version }),
          ...expressions({ condition: cond.itemAbsent() }),
        },
      },
    ]);
    return true;
  } catch (err) {
    if (transactionReasons(err)) return false;
    throw err;
  }
}

/** Removes a share token item (tests and user-data cleanup). */
export async function deleteShareToken(token: string): Promise<void> {
  await table.deleteItem({ Key: tokenKey(token) });
}

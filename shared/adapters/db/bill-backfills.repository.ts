/**
 * Bill backfill progress records (docs/data-model.md A17): BACKFILL / {id},
 * one item per backfill scope. Every step of a backfill is a conditional
 * write on this item, so a redelivered or duplicated page message, a second
 * admin request or the resumer can never move the cursor twice: a page is
 * claimed for one message at a time, and the cursor advances only from the
 * offset the page was read at, by the message holding the claim.
 */
import { BillBackfill } from '#shared/domain/bills/bill-backfill.ts';
import { conditional, isConditionFailed, queryAll, queryPage, type Item, type Page } from './dynamo.ts';
import { backfillKeys } from './keys/backfill.keys.ts';
import { cond, expressions, query, update } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

const toItem = (b: BillBackfill): Item => entityItem('bill_backfill', backfillKeys.backfill(b.id), { ...b });

/** One backfill, read strongly consistent (every decision about a page starts here). */
export async function getBackfill(id: string): Promise<BillBackfill | null> {
  const out = await table.getItem({ Key: backfillKeys.backfill(id), ConsistentRead: true });
  return out.Item ? BillBackfill().parse(out.Item) : null;
}

/** A page of backfills, by id. */
export async function listBackfills(limit: number, cursor?: string): Promise<Page<BillBackfill>> {
  const page = await queryPage({ ...query({ pk: backfillKeys.partition }), Limit: limit, ConsistentRead: true }, cursor);
  return { items: page.items.map((i) => BillBackfill().parse(i)), next_cursor: page.next_cursor };
}

/** Every backfill (the resumer's sweep; one item per scope an admin asked for). */
export async function allBackfills(): Promise<BillBackfill[]> {
  const items = await queryAll(query({ pk: backfillKeys.partition }));
  return items.map((i) => BillBackfill().parse(i));
}

/** Saves a backfill seen for the first time; false when one with this id exists. */
export const createBackfill = (b: BillBackfill): Promise<boolean> =>
  conditional(() => table.putItem({ Item: toItem(b), ...expressions({ condition: cond.itemAbsent() }) }));

/** Replaces a backfill (a restart or a resume) unless it changed since `seen` was read; false when it did. */
export const replaceBackfill = (next: BillBackfill, seen: Pick<BillBackfill, 'run' | 'updated_at'>): Promise<boolean> =>
  conditional(() =>
    table.putItem({
      Item: toItem(next),
      ...expressions({ condition: cond.and(cond.eq('run', seen.run), cond.eq('updated_at', seen.updated_at)) }),
    }),
  );

export interface PageRef {
  id: string;
  run: number;
  offset: number;
  /** The page message's SQS message id: stable across redeliveries of that message. */
  claimId: string;
}

/**
 * Claims the page at `offset` for one message until `until`: the backfill
 * must still be running this run at this offset, and the page unclaimed, its
 * claim expired, or claimed by this same message (a redelivery after a crash).
 * Returns the claimed record, or null when another message holds the page or
 * the message is stale.
 */
export async function claimPage(ref: PageRef, now: Date, until: Date): Promise<BillBackfill | null> {
  try {
    const out = await table.updateItem({
      Key: backfillKeys.backfill(ref.id),
      ...update(
        { set: { claim_id: ref.claimId, claim_until: until.toISOString(), updated_at: now.toISOString() } },
        cond.and(
          atPage(ref),
          cond.or(cond.absent('claim_until'), cond.eq('claim_until', null), cond.lt('claim_until', now.toISOString()), cond.eq('claim_id', ref.claimId)),
        ),
      ),
      ReturnValues: 'ALL_NEW',
    });
    return BillBackfill().parse(out.Attributes);
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw err;
  }
}

/** The backfill is still running this run, at the page's offset. */
const atPage = (ref: Pick<PageRef, 'run' | 'offset'>) => cond.and(cond.eq('run', ref.run), cond.eq('state', 'running'), cond.eq('offset', ref.offset));

export interface PageOutcome {
  /** The offset after this page's entries: the next page's, or the listing's end. */
  nextOffset: number;
  /** This was the last page. */
  done: boolean;
  seen: number;
  queued: number;
  refreshed: number;
  total: number | null;
  /** When the next page is due (ignored for the last page). */
  nextPageAt: Date;
  now: Date;
}

/**
 * Records a saved page: moves the cursor, adds the counts and releases the
 * claim, or completes the backfill after its last page. Only the claim holder
 * at the page's offset can do this, once; false when it no longer holds it.
 */
export const finishPage = (ref: PageRef, o: PageOutcome): Promise<boolean> =>
  conditional(() =>
    table.updateItem({
      Key: backfillKeys.backfill(ref.id),
      ...update(
        {
          set: {
            offset: o.nextOffset,
            bills_total: o.total,
            updated_at: o.now.toISOString(),
            next_page_at: o.done ? null : o.nextPageAt.toISOString(),
            last_page_by: ref.claimId,
            claim_id: null,
            claim_until: null,
            ...(o.done ? { state: 'completed', finished_at: o.now.toISOString() } : {}),
          },
          add: { pages_done: 1, bills_seen: o.seen, bills_queued: o.queued, bills_refreshed: o.refreshed },
        },
        cond.and(atPage(ref), cond.eq('claim_id', ref.claimId)),
      ),
    }),
  );

/** Marks a running backfill failed with the error of its page's last attempt; the cursor stays, so a resume continues there. */
export const failBackfill = (ref: Pick<PageRef, 'id' | 'run' | 'offset'>, error: string, now: Date): Promise<boolean> =>
  conditional(() =>
    table.updateItem({
      Key: backfillKeys.backfill(ref.id),
      ...update(
        {
          set: {
            state: 'failed',
            error: error.slice(0, 1000),
            updated_at: now.toISOString(),
            finished_at: now.toISOString(),
            next_page_at: null,
            claim_id: null,
            claim_until: null,
          },
        },
        atPage(ref),
      ),
    }),
  );

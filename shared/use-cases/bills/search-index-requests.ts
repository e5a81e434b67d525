/**
 * Asking the search indexer for work (shared/use-cases/bills/search-indexing.ts runs it
 * on the search-index queue): kept apart from the indexer so that the
 * functions that save bills, texts and briefs do not load the search engine.
 * A save that changes what is searched owes the indexer its bills through the
 * table outbox (shared/use-cases/bills/outbox-relay.ts): 1. `oweIndexing` stores the
 * entry before the save; 2. the save; 3. `sendIndexing` sends the messages and
 * deletes the entry. A process that dies after 2 leaves the entry, and
 * relay_outbox sends it, so the index converges; one that dies before 2 leaves
 * a re-index of bills that did not change, which is harmless.
 */
import { randomUUID } from 'node:crypto';
import { deleteOutboxEntry, putOutboxEntry } from '#shared/adapters/db/outbox.repository.ts';
import type { OutboxEntry } from '#shared/domain/notify/outbox-entry.schema.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { owe, sendOwed } from './outbox-relay.ts';

/**
 * Step 1: stores the index messages a save of these bills will owe; null when there are none. `matchIds`: those
 * that are new bills or gain a new text version, to be matched against the saved searches once indexed.
 */
export async function oweIndexing(billIds: string[], now: Date, matchIds: readonly string[] = []): Promise<OutboxEntry | null> {
  const ids = [...new Set(billIds)];
  if (ids.length === 0) return null;
  // One entry per save, not per bill: two saves of one bill must not delete each other's entry.
  const entry = owe(
    `search-index:${randomUUID()}`,
    'search-index',
    ids.map((bill_id) => ({ v: 1 as const, type: 'index_bill' as const, bill_id, ...(matchIds.includes(bill_id) ? { match: true } : {}) })),
    now,
  );
  await putOutboxEntry(entry);
  return entry;
}

/** Step 3: sends what `oweIndexing` stored, and deletes the entry. */
export async function sendIndexing(entry: OutboxEntry | null): Promise<void> {
  if (entry) await sendOwed(entry);
}

/** Step 3 when the save changed nothing searched (no new version stored): the entry goes unsent. */
export async function dropIndexing(entry: OutboxEntry | null): Promise<void> {
  if (entry) await deleteOutboxEntry(entry.id);
}

/** Asks the indexer to re-index bills now, without an outbox entry (the bulk import's path, which a rebuild repairs). */
export async function requestIndexing(billIds: string[]): Promise<void> {
  if (billIds.length === 0) return;
  await sendMessages(
    'search-index',
    [...new Set(billIds)].map((bill_id) => ({ v: 1 as const, type: 'index_bill' as const, bill_id })),
  );
}

/** Asks the indexer for a rebuild (POST /api/admin/search/rebuild). */
export async function requestRebuild(): Promise<void> {
  await sendMessages('search-index', [{ v: 1, type: 'rebuild_search_index' }]);
}

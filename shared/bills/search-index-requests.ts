/**
 * Asking the search indexer for work (shared/bills/search-indexing.ts runs it
 * on the search-index queue): kept apart from the indexer so that the
 * functions that save bills, texts and briefs do not load the search engine.
 */
import { sendMessages } from '#shared/messaging/send.ts';

/**
 * Asks the indexer to re-index bills (after a save that changes what is searched); `match`: they are
 * new bills or have a new text version, to be matched against the saved searches once indexed.
 */
export async function requestIndexing(billIds: string[], options: { match?: boolean } = {}): Promise<void> {
  if (billIds.length === 0) return;
  await sendMessages(
    'search-index',
    [...new Set(billIds)].map((bill_id) => ({ v: 1 as const, type: 'index_bill' as const, bill_id, ...(options.match ? { match: true } : {}) })),
  );
}

/** Asks the indexer for a rebuild (POST /api/admin/search/rebuild). */
export async function requestRebuild(): Promise<void> {
  await sendMessages('search-index', [{ v: 1, type: 'rebuild_search_index' }]);
}

/**
 * Keeping the search index in step with the table (docs/search.md). `indexBills`: 1. reads each bill, its latest brief, its latest
 * CRS summary, its subjects and other titles, and the plain text of its latest version; 2. builds their
 * search documents; 3. writes them as one change set to S3, which every
 * search container applies within its next sync; 4. for a new bill or a new
 * text version (`match`), tells the followers of the saved searches it
 * matches (./saved-search-alerts.ts). Step 4 runs after step 3 in the same
 * message: a crash between them fails the message, and its retry indexes
 * again (harmless) and matches again under the same event ids. `rebuildSearchIndex`: 1. notes the time; 2. pages through
 * every bill into a fresh index file; 3. uploads it as a snapshot; 4. points
 * the manifest at it, with change sets from a minute before the start still
 * to be applied (a bill changed during the rebuild is in one or the other).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { billDocument } from '#shared/domain/search/bill-document.ts';
import type { SearchDocument } from '#shared/domain/search/search-document.ts';
import { getBills, listBillsByLatestAction } from '#shared/adapters/db/bills.repository.ts';
import { getLatestBrief } from '#shared/adapters/db/briefs.repository.ts';
import { getFacts, listSummaries } from '#shared/adapters/db/bill-facts.repository.ts';
import { alertSavedSearches, type IndexedBill } from './saved-search-alerts.ts';
import { getBillText, listTextVersions } from '#shared/adapters/db/texts.repository.ts';
import { putChangeSet, uploadSnapshot, writeManifest } from '#shared/adapters/search/index-store.ts';
import { SearchIndex } from '#shared/adapters/search/search-index.ts';

/** Bills read per page of a rebuild. */
const REBUILD_PAGE = 100;
/** A rebuild's snapshot leaves change sets from this long before its start to the readers. */
const REBUILD_OVERLAP_MS = 60_000;

/** A bill's search document and what it is the document of: its latest text version, if any. */
async function indexedBill(bill: Bill): Promise<IndexedBill> {
  const [brief, versions, summaries, facts] = await Promise.all([
    getLatestBrief(bill.id),
    listTextVersions(bill.id),
    listSummaries(bill.id),
    getFacts(bill.id),
  ]);
  const latest = versions.at(-1) ?? null;
  const text = latest ? await getBillText(bill.id, latest.version_code) : null;
  // The latest CRS summary describes the bill as it stands; earlier ones describe earlier versions.
  const crsSummary = summaries.at(-1)?.text ?? null;
  return { bill, doc: billDocument({ bill, brief, crsSummary, facts, text }), version: latest };
}

const documentOf = async (bill: Bill): Promise<SearchDocument> => (await indexedBill(bill)).doc;

/**
 * Re-indexes bills: one change set with their documents, and the ids no longer in the table as removed;
 * with `match` (a new bill or text version), then alerts the saved searches they match.
 */
export async function indexBills(
  billIds: string[],
  now: Date,
  options: { match?: boolean } = {},
): Promise<{ indexed: number; removed: number; matches?: number }> {
  const ids = [...new Set(billIds)];
  const bills = await getBills(ids);
  const indexed = await Promise.all(bills.map(indexedBill));
  const docs = indexed.map((i) => i.doc);
  const found = new Set(bills.map((b) => b.id));
  const removed = ids.filter((id) => !found.has(id));
  if (docs.length > 0 || removed.length > 0) await putChangeSet({ indexed_at: now.toISOString(), docs, removed });
  if (!options.match || indexed.length === 0) return { indexed: docs.length, removed: removed.length };
  const { matches } = await alertSavedSearches(indexed, now);
  return { indexed: docs.length, removed: removed.length, matches };
}

/** Rebuilds the whole index from the table and publishes it as the new snapshot. */
export async function rebuildSearchIndex(now: Date): Promise<{ bills: number; snapshot: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'search-rebuild-'));
  const path = join(dir, 'index.db');
  try {
    const index = SearchIndex.open(path, { bulk: true });
    const indexedAt = now.toISOString();
    let cursor: string | undefined;
    let count = 0;
    do {
      const page = await listBillsByLatestAction({ limit: REBUILD_PAGE, cursor });
      index.upsert(await Promise.all(page.items.map(documentOf)), indexedAt);
      count += page.items.length;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    index.optimize();
    index.close();
    const snapshot = await uploadSnapshot(path, now);
    await writeManifest({ ...snapshot, as_of: new Date(now.getTime() - REBUILD_OVERLAP_MS).toISOString() });
    return { bills: count, snapshot: snapshot.snapshot_key };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

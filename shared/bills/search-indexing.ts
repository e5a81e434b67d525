/**
 * Keeping the search index in step with the table (docs/architecture.md,
 * "Search"). `indexBills`: 1. reads each bill, its latest brief and the plain
 * text of its latest version; 2. builds their search documents; 3. writes
 * them as one change set to S3, which every search container applies within
 * its next sync. `rebuildSearchIndex`: 1. notes the time; 2. pages through
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
import { getBills, listBillsByLatestAction } from '#shared/db/bills.repository.ts';
import { getLatestBrief } from '#shared/db/briefs.repository.ts';
import { getBillText, listTextVersions } from '#shared/db/texts.repository.ts';
import { putChangeSet, uploadSnapshot, writeManifest } from '#shared/search/index-store.ts';
import { SearchIndex } from '#shared/search/search-index.ts';

/** Bills read per page of a rebuild. */
const REBUILD_PAGE = 100;
/** A rebuild's snapshot leaves change sets from this long before its start to the readers. */
const REBUILD_OVERLAP_MS = 60_000;

async function documentOf(bill: Bill): Promise<SearchDocument> {
  const [brief, versions] = await Promise.all([getLatestBrief(bill.id), listTextVersions(bill.id)]);
  const latest = versions.at(-1);
  const text = latest ? await getBillText(bill.id, latest.version_code) : null;
  // CRS summaries are not stored yet (docs/architecture.md, "Search"): the field is ready for them.
  return billDocument({ bill, brief, crsSummary: null, text });
}

/** Re-indexes bills: one change set with their documents, and the ids no longer in the table as removed. */
export async function indexBills(billIds: string[], now: Date): Promise<{ indexed: number; removed: number }> {
  const ids = [...new Set(billIds)];
  const bills = await getBills(ids);
  const docs = await Promise.all(bills.map(documentOf));
  const found = new Set(bills.map((b) => b.id));
  const removed = ids.filter((id) => !found.has(id));
  if (docs.length > 0 || removed.length > 0) await putChangeSet({ indexed_at: now.toISOString(), docs, removed });
  return { indexed: docs.length, removed: removed.length };
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
    await writeManifest({ snapshot_key: snapshot, as_of: new Date(now.getTime() - REBUILD_OVERLAP_MS).toISOString() });
    return { bills: count, snapshot };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

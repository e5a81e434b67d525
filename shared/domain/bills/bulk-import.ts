/**
 * The bulk Bill Status import of one Congress, as pure rules: its id, the
 * stored progress record and its state. GovInfo publishes one zip per
 * Congress and bill type; each zip is listed, then imported in chunks of
 * files (shared/use-cases/bills/bulk-import.ts runs it).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BILL_TYPES } from './bill-types.ts';
import type { BackfillView } from './bill-backfill.ts';

/** Files a worker message imports: a chunk takes well under a minute, so a redelivery repeats little. */
export const BULK_FILES_PER_CHUNK = 25;
/**
 * Files of a chunk saved at once: each file's save is a chain of dependent requests (read its partition, then
 * write what differs), so one at a time leaves a worker waiting on round trips while the next file could be parsed.
 * The DynamoDB load of an import is bounded by this times the queue's maxConcurrency.
 */
export const BULK_FILES_IN_FLIGHT = 4;
/** GovInfo's Bill Status files start with the 108th Congress (2003). */
export const FIRST_BULK_CONGRESS = 108;

export const bulkImportId = (congress: number) => `bulk-congress-${congress}`;
export const BULK_IMPORT_ID_PATTERN = /^bulk-congress-\d{3}$/;

const count = lazySchema(() => z.number().int().min(0));

export const BulkImport = lazySchema(() =>
  z.object({
    id: z.string().describe('The import id: bulk-congress-{n}'),
    source: z.literal('bulk').describe("GovInfo's bulk Bill Status files"),
    congress: z.number().int().describe('The Congress imported'),
    run: z.number().int().min(1).describe('Counts up each time a finished import is run again; messages of an earlier run are ignored.'),
    state: z.enum(['running', 'completed', 'failed']).describe('running, completed or failed'),
    zips_total: count().describe('Zips to list: one per bill type'),
    zips_listed: count().describe('Zips staged and listed'),
    files_total: count().describe('Bill Status files in the zips listed so far'),
    files_done: count().describe('Files imported (each saved, or found unchanged)'),
    bills_created: count().describe('Bills the import created'),
    bills_changed: count().describe('Stored bills the import changed (any write)'),
    files_failed: count().describe('Files that could not be read; their chunk carries on'),
    started_by: z.string(),
    started_at: z.string(),
    updated_at: z.string(),
    finished_at: z.string().nullable(),
    error: z.string().nullable().describe('Why the import failed; null otherwise'),
  }),
);
export type BulkImport = z.infer<ReturnType<typeof BulkImport>>;

/** A fresh run of a Congress's import. */
export function freshBulkImport(congress: number, run: number, startedBy: string, now: Date): BulkImport {
  const at = now.toISOString();
  return {
    id: bulkImportId(congress),
    source: 'bulk',
    congress,
    run,
    state: 'running',
    zips_total: BILL_TYPES.length,
    zips_listed: 0,
    files_total: 0,
    files_done: 0,
    bills_created: 0,
    bills_changed: 0,
    files_failed: 0,
    started_by: startedBy,
    started_at: at,
    updated_at: at,
    finished_at: null,
    error: null,
  };
}

/** Done when every zip is listed and every listed file imported. */
export const isBulkDone = (b: Pick<BulkImport, 'zips_total' | 'zips_listed' | 'files_total' | 'files_done'>) =>
  b.zips_listed >= b.zips_total && b.files_done >= b.files_total;

/** A bulk import shown as a bill backfill: pages are the zips, the cursor and the bills count files. */
export function bulkImportView(b: BulkImport): BackfillView {
  return {
    id: b.id,
    scope: { kind: 'congress', congress: b.congress },
    run: b.run,
    state: b.state,
    cursor: { offset: b.files_done, next_page_at: null },
    pages_done: b.zips_listed,
    pages_total: b.zips_total,
    bills_seen: b.files_done,
    bills_queued: b.bills_created,
    bills_refreshed: b.bills_changed,
    bills_total: b.zips_listed >= b.zips_total ? b.files_total : null,
    stalled: false,
    resumes: 0,
    started_by: b.started_by,
    started_at: b.started_at,
    updated_at: b.updated_at,
    finished_at: b.finished_at,
    error: b.error,
    source: 'bulk',
    files_failed: b.files_failed,
  };
}

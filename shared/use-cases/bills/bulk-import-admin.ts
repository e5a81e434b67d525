/**
 * The admin side of the bulk Bill Status import: start a Congress's import
 * (a new run of its progress record and one zip message per bill type) and
 * show its progress as a bill backfill. The zips and files are worked by
 * the bill-status-import worker (./bulk-import.ts).
 */
import { getBulkImport, listBulkImports, putBulkRun } from '#shared/adapters/db/bulk-imports.repository.ts';
import { congressForDate } from '#shared/domain/bills/bill-id.ts';
import { BILL_TYPES } from '#shared/domain/bills/bill-types.ts';
import { FIRST_BULK_CONGRESS, bulkImportId, bulkImportView, freshBulkImport, type BulkImport } from '#shared/domain/bills/bulk-import.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#shared/errors/app-error.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';

/** Starts (or runs again) the bulk import of a Congress; 422 for a Congress GovInfo has no files for, 409 while one runs. */
export async function startBulkImport(congress: number, startedBy: string, now: Date): Promise<{ action: 'started' | 'restarted'; record: BulkImport }> {
  const current = congressForDate(now);
  if (!Number.isInteger(congress) || congress < FIRST_BULK_CONGRESS || congress > current) {
    const message = `must be a Congress from ${FIRST_BULK_CONGRESS} to ${current} (GovInfo's Bill Status files start with the ${FIRST_BULK_CONGRESS}th)`;
    throw new InvalidInputError(`Invalid body.congress: ${message}`, [{ path: 'body.congress', message }], 'backfill.invalid');
  }
  const id = bulkImportId(congress);
  const existing = await getBulkImport(id);
  if (existing?.state === 'running')
    throw new ConflictError(
      `The bulk import of Congress ${congress} is running (${existing.files_done} of ${existing.files_total} files); GET /api/admin/backfill-bills/${id} shows its progress`,
      'backfill.running',
    );
  const record = freshBulkImport(congress, (existing?.run ?? 0) + 1, startedBy, now);
  if (!(await putBulkRun(record, existing?.run ?? null)))
    throw new ConflictError(`The bulk import of Congress ${congress} was just started`, 'backfill.running');
  await sendMessages(
    'bill-status-import',
    BILL_TYPES.map((bill_type) => ({ v: 1 as const, type: 'bulk_status_zip' as const, import_id: id, run: record.run, congress, bill_type })),
  );
  return { action: existing ? 'restarted' : 'started', record };
}

/** One bulk import's progress, in the backfill view (404 for an import never started). */
export async function bulkImportStatus(id: string) {
  const b = await getBulkImport(id);
  if (!b) throw new NotFoundError(`No backfill ${id}`, 'backfill.not_found');
  return bulkImportView(b);
}

/** Every bulk import, in the backfill view. */
export async function listBulkImportViews() {
  return (await listBulkImports()).map(bulkImportView);
}

export type { BulkImport };

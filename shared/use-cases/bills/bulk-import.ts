/**
 * The bulk Bill Status import of a Congress (`POST /api/admin/backfill-bills`
 * with `source: "bulk"`), fanned out over the bill-status-import queue:
 *   1. start (./bulk-import-admin.ts): the progress record (a new run), then
 *      one zip message per bill type;
 *   2. a zip message streams GovInfo's zip into the bucket's staging prefix,
 *      lists its files, queues them in chunks of BULK_FILES_PER_CHUNK, and
 *      then counts the zip listed (under a marker, once);
 *   3. a files message reads its chunk from the staged zip by range, saves
 *      each bill through importBillStatus (the per-bill path; no
 *      notifications), and counts the chunk (once); the last count marks the
 *      import completed.
 * Resumable at file granularity: a redelivered message repeats only its own
 * zip or chunk, where every file already saved costs one Query and no
 * write; a run started again re-lists and re-reads, writing only what
 * changed. The queue's maxConcurrency paces the DynamoDB writes.
 */
import { failBulkImport, getBulkImport, recordBulkStep } from '#shared/adapters/db/bulk-imports.repository.ts';
import { bulkImportKeys } from '#shared/adapters/db/keys/bulk-import.keys.ts';
import { BULK_FILES_IN_FLIGHT, BULK_FILES_PER_CHUNK, type BulkImport } from '#shared/domain/bills/bulk-import.ts';
import { errorText } from '#shared/errors/error-text.ts';
import type { BillStatusImportMessage } from '#shared/adapters/messaging/messages.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { logger } from '#shared/platform/logger.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { bulkZipUrl, listStagedZip, readStagedFiles, stageBulkZip, stagedSize, stagedZipKey } from '#shared/adapters/providers/govinfo-bulk.client.ts';
import { importBillStatus } from './import-bill-status.ts';

type ZipMessage = Extract<BillStatusImportMessage, { type: 'bulk_status_zip' }>;
type FilesMessage = Extract<BillStatusImportMessage, { type: 'bulk_status_files' }>;

export interface StepContext {
  now: Date;
  /** This delivery is the message's last before the DLQ: a failure marks the import failed. */
  finalAttempt: boolean;
}

/** Drops a message of another run or of a finished import. */
async function current(importId: string, run: number): Promise<BulkImport | null> {
  const b = await getBulkImport(importId);
  return b && b.run === run && b.state === 'running' ? b : null;
}

async function failing<T>(message: { import_id: string; run: number }, ctx: StepContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (ctx.finalAttempt) await failBulkImport(message.import_id, message.run, errorText(err), ctx.now);
    throw err;
  }
}

/** Step 2: stage one zip, queue its files in chunks, count it listed. */
export async function runBulkZip(message: ZipMessage, ctx: StepContext) {
  const summary = { import_id: message.import_id, bill_type: message.bill_type };
  if (!(await current(message.import_id, message.run))) return { ...summary, skipped: 'stale: not this run, or not running' };
  return failing(message, ctx, async () => {
    const key = stagedZipKey(message.congress, message.bill_type, message.run);
    const size = await stageBulkZip(bulkZipUrl(message.congress, message.bill_type), key);
    const files = size === null ? [] : await listStagedZip(key, size);
    const chunks: FilesMessage[] = [];
    for (let i = 0; i < files.length; i += BULK_FILES_PER_CHUNK)
      chunks.push({
        v: 1,
        type: 'bulk_status_files',
        import_id: message.import_id,
        run: message.run,
        key,
        chunk: i / BULK_FILES_PER_CHUNK,
        entries: files.slice(i, i + BULK_FILES_PER_CHUNK),
      });
    // Chunks first, then the count: a redelivery after a crash in between sends them again (each is counted once).
    await sendMessages('bill-status-import', chunks);
    const counted = await recordBulkStep(
      message.import_id,
      message.run,
      bulkImportKeys.zipListed(message.import_id, message.run, message.bill_type),
      { zips_listed: 1, files_total: files.length },
      ctx.now,
    );
    return { ...summary, staged: size !== null, files: files.length, chunks: chunks.length, counted };
  });
}

/** Step 3: import one chunk of a staged zip's files, count it. */
export async function runBulkFiles(message: FilesMessage, ctx: StepContext) {
  const summary = { import_id: message.import_id, key: message.key, chunk: message.chunk };
  if (!(await current(message.import_id, message.run))) return { ...summary, skipped: 'stale: not this run, or not running' };
  return failing(message, ctx, async () => {
    let created = 0;
    let changed = 0;
    let failed = 0;
    // Files are read and parsed in order while up to BULK_FILES_IN_FLIGHT earlier ones are being saved.
    const saving = new Set<Promise<void>>();
    let failure: { error: unknown } | null = null;
    const save = (parsed: ReturnType<typeof parseBillStatus>) => {
      const tracked: Promise<void> = importBillStatus(parsed, { now: ctx.now })
        .then(
          (saved) => {
            if (saved.created) created++;
            else if (saved.writes > 0) changed++;
          },
          // The chunk fails with the first failure, once the saves under way have finished (each is idempotent).
          (error: unknown) => void (failure ??= { error }),
        )
        .finally(() => saving.delete(tracked));
      saving.add(tracked);
    };
    try {
      await readStagedFiles(message.key, await stagedSize(message.key), message.entries, async (name, xml) => {
        if (failure) throw failure.error;
        let parsed;
        try {
          parsed = parseBillStatus(xml, ctx.now.toISOString());
        } catch (err) {
          // One unreadable file must not hold up its chunk (or the DLQ would take the other files with it).
          failed++;
          logger.warn('bulk import: file skipped', { name, error: errorText(err) });
          return;
        }
        save(parsed);
        if (saving.size >= BULK_FILES_IN_FLIGHT) await Promise.race(saving);
      });
    } finally {
      await Promise.all(saving);
    }
    if (failure) throw (failure as { error: unknown }).error;
    const counted = await recordBulkStep(
      message.import_id,
      message.run,
      bulkImportKeys.chunkDone(message.import_id, message.run, message.key, message.chunk),
      { files_done: message.entries.length, bills_created: created, bills_changed: changed, files_failed: failed },
      ctx.now,
    );
    return { ...summary, files: message.entries.length, created, changed, failed, counted };
  });
}

/** The worker's dispatch. */
export function runBulkImportMessage(message: BillStatusImportMessage, ctx: StepContext) {
  return message.type === 'bulk_status_zip' ? runBulkZip(message, ctx) : runBulkFiles(message, ctx);
}

/**
 * The offline demo's bills: GPO Bill Status files of 26 real bills
 * (local/demo/billstatus/, see its SOURCES.md) imported at the local stack's
 * first start through the bulk import's per-file path, beside the recorded
 * bills the seed polls. Their text and roll calls are not in the offline
 * recording, so those fetches are not queued (they would only fail).
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBillStatus } from '#shared/bills/import-bill-status.ts';
import { parseBillStatus } from '#shared/providers/congress-gov/bill-status.parser.ts';

export const DEMO_BILLSTATUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'billstatus');

/** Imports every demo Bill Status file; returns how many bills were new and which statuses they have. */
export async function importDemoBills(now = new Date()) {
  const files = (await readdir(DEMO_BILLSTATUS_DIR)).filter((f) => f.endsWith('.xml')).sort();
  let created = 0;
  const statuses = new Set<string>();
  for (const file of files) {
    const parsed = parseBillStatus(await readFile(path.join(DEMO_BILLSTATUS_DIR, file), 'utf8'), now.toISOString());
    const result = await importBillStatus(parsed, { now, fetchLinked: false });
    if (result.created) created++;
    statuses.add(parsed.bill.status);
  }
  return { files: files.length, created, statuses: [...statuses].sort() };
}

/**
 * The offline demo's bills: GPO Bill Status files of real bills
 * (local/demo/billstatus/, see its SOURCES.md) imported at the local stack's
 * first start through the bulk import's per-file path, beside the recorded
 * bills the seed polls. Their text is not in the offline recording, so that
 * fetch is not queued (it would only fail); their roll calls are loaded from
 * the shipped files next (./demo-roll-calls.ts), for the bills this returns
 * as having recorded votes. The bills the demo replay moves are imported
 * without their held-back days (./demo-replay-plan.ts).
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBillStatus } from '#shared/use-cases/bills/import-bill-status.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { DEMO_REPLAY_FILES, beforeReplay, planReplayBill } from './demo-replay-plan.ts';

/** Files imported at once: each bill is its own partitions, and parsing overlaps the writes. */
const CONCURRENCY = 4;

export const DEMO_BILLSTATUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'billstatus');

/** Imports every demo Bill Status file; returns how many bills were new and which statuses they have. */
export async function importDemoBills(now = new Date()) {
  const files = (await readdir(DEMO_BILLSTATUS_DIR)).filter((f) => f.endsWith('.xml')).sort();
  const results = await mapLimit(files, CONCURRENCY, async (file) => {
    const whole = parseBillStatus(await readFile(path.join(DEMO_BILLSTATUS_DIR, file), 'utf8'), now.toISOString());
    const parsed = (DEMO_REPLAY_FILES as readonly string[]).includes(file) ? beforeReplay(planReplayBill(whole)) : whole;
    const result = await importBillStatus(parsed, { now, fetchLinked: false });
    return { created: result.created, status: parsed.bill.status, id: parsed.bill.id, votes: parsed.actions.some((a) => a.recorded_votes.length > 0) };
  });
  return {
    files: files.length,
    created: results.filter((r) => r.created).length,
    statuses: [...new Set(results.map((r) => r.status))].sort(),
    /** The bills whose imported actions name recorded votes. */
    with_votes: results.filter((r) => r.votes).map((r) => r.id),
  };
}

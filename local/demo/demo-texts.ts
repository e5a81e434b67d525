/**
 * The demo bills' published texts: the shipped GPO files (local/demo/texts/)
 * that the seed recording answers (local/fixtures/seed-texts.ts). At the
 * first start, each Bill Status bill with a shipped text gets the document
 * fetch its import leaves out offline, so the pipeline's own fetch stores the
 * texts and the offline briefer briefs them once the pumps run (a fetch finds
 * a stored version and skips it, so a later load queues nothing new).
 */
import { fileURLToPath } from 'node:url';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { SEED_BILLS } from '../fixtures/seed-bills.ts';
import { demoTextBillIds } from '../fixtures/seed-texts.ts';

export const DEMO_TEXTS_DIR = fileURLToPath(new URL('./texts/', import.meta.url));

/** Queues the document fetch of every Bill Status bill with a shipped text; answers their ids. */
export async function queueDemoTextFetches(): Promise<string[]> {
  const ids = demoTextBillIds(SEED_BILLS.map((b) => `${b.congress}-${b.type.toLowerCase()}-${b.number}`));
  await sendMessages(
    'document-fetch',
    ids.map((bill_id) => ({ v: 1 as const, type: 'fetch_bill_text' as const, bill_id, reason: 'backfill' as const })),
  );
  return ids;
}

/**
 * Bulk Bill Status imports (docs/data-model.md A20):
 *   BULKIMPORT / {import_id}                         one import's progress record
 *   BULKIMPORT#{import_id}#{run} / ZIP#{bill_type}   a zip listed (its files counted once)
 *   BULKIMPORT#{import_id}#{run} / CHUNK#{key}#{n}   a chunk of files imported (counted once)
 * An admin starts a handful, so the list is one Query.
 */
import type { ItemKey } from './key.ts';

const PARTITION = 'BULKIMPORT';
const runPartition = (id: string, run: number) => `${PARTITION}#${id}#${run}`;

export const bulkImportKeys = {
  partition: PARTITION,
  record: (id: string): ItemKey => ({ pk: PARTITION, sk: id }),
  zipListed: (id: string, run: number, billType: string): ItemKey => ({ pk: runPartition(id, run), sk: `ZIP#${billType}` }),
  chunkDone: (id: string, run: number, key: string, chunk: number): ItemKey => ({ pk: runPartition(id, run), sk: `CHUNK#${key}#${chunk}` }),
} as const;

/**
 * Bill backfills (docs/data-model.md A17): BACKFILL / {backfill_id} is one
 * backfill's progress record (scope, run, state, cursor, counts). Every
 * backfill lives in this one partition: an admin starts a handful, so the
 * status list and the resumer's sweep are one Query, never a Scan.
 */
import type { ItemKey } from './key.ts';

const PARTITION = 'BACKFILL';

export const backfillKeys = {
  partition: PARTITION,
  backfill: (id: string): ItemKey => ({ pk: PARTITION, sk: id }),
} as const;

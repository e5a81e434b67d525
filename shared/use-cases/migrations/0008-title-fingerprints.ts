/**
 * Migration 0008: every stored bill gets its title-fingerprint item (B22),
 * so a bill reintroduced in a later Congress finds it by title. Walks the
 * bills-by-latest-action listing a page at a time, no Scan. Records no
 * reintroduction and notifies no one: links are made when the later bill
 * arrives (a backfill is not news). Re-running rewrites the same items.
 */
import { putTitleFingerprint } from '#shared/adapters/db/related-bills.repository.ts';
import { rewriteEachBill } from './each-bill.ts';
import type { Migration } from './migration.ts';

export const titleFingerprints: Migration = {
  id: '0008',
  description: "Write each bill's title fingerprint, the listing reintroductions are found by",
  up: async () => {
    const { bills } = await rewriteEachBill(async (b) => {
      await putTitleFingerprint({ id: b.id, congress: b.congress, title: b.title, sponsor_id: b.sponsor_id });
      return true;
    });
    return { bills };
  },
};

/**
 * Migration 0008: every stored bill gets its title-fingerprint item (B22),
 * so a bill reintroduced in a later Congress finds it by title. Walks the
 * bills-by-latest-action listing a page at a time, no Scan. Records no
 * reintroduction and notifies no one: links are made when the later bill
 * arrives (a backfill is not news). Re-running rewrites the same items.
 */
import { listBillsByLatestAction } from '#shared/db/bills.repository.ts';
import { putTitleFingerprint } from '#shared/db/related-bills.repository.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import type { Migration } from './migration.ts';

const PAGE = 100;

export const titleFingerprints: Migration = {
  id: '0008',
  description: "Write each bill's title fingerprint, the listing reintroductions are found by",
  up: async () => {
    let bills = 0;
    let cursor: string | undefined;
    do {
      const page = await listBillsByLatestAction({ limit: PAGE, cursor });
      await mapLimit(page.items, 8, (b) => putTitleFingerprint({ id: b.id, congress: b.congress, title: b.title, sponsor_id: b.sponsor_id }));
      bills += page.items.length;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return { bills };
  },
};

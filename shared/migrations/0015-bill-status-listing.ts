/**
 * Migration 0015: every stored bill gets its place on the status listing
 * (docs/data-model.md B3a, gsi3 BILLSTATUS#{family} / {latest_action_date}#{id}),
 * which `GET /api/bills?status=` reads instead of filtering all bills. Walks
 * the bills-by-latest-action listing a page at a time, no Scan. Each write is
 * conditional on the status and date it was computed from, so a bill written
 * meanwhile keeps the place its writer gave it; a re-run writes the same keys.
 */
import { listBillsByLatestAction, noteStatusListing } from '#shared/db/bills.repository.ts';
import type { Item } from '#shared/db/dynamo.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import type { Migration } from './migration.ts';

const PAGE = 100;

export const billStatusListing: Migration = {
  id: '0015',
  description: 'Place every bill on the status listing that status filters read',
  up: async () => {
    let bills = 0;
    let written = 0;
    let cursor: string | undefined;
    do {
      const page = await listBillsByLatestAction({ limit: PAGE, cursor });
      // A parsed record carries no index keys, so each note writes the keys its status and date give.
      const results = await mapLimit(page.items, 8, (bill) => noteStatusListing(bill as unknown as Item));
      bills += page.items.length;
      written += results.filter(Boolean).length;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return { bills, written };
  },
};

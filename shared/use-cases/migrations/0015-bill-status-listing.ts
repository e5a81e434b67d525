/**
 * Migration 0015: every stored bill gets its place on the status listing
 * (docs/data-model.md B3a, gsi3 BILLSTATUS#{family} / {latest_action_date}#{id}),
 * which `GET /api/bills?status=` reads instead of filtering all bills. Walks
 * the bills-by-latest-action listing a page at a time, no Scan. Each write is
 * conditional on the status and date it was computed from, so a bill written
 * meanwhile keeps the place its writer gave it; a re-run writes the same keys.
 */
import { noteStatusListing } from '#shared/adapters/db/bills.repository.ts';
import type { Item } from '#shared/adapters/db/dynamo.ts';
import { rewriteEachBill } from './each-bill.ts';
import type { Migration } from './migration.ts';

export const billStatusListing: Migration = {
  id: '0015',
  description: 'Place every bill on the status listing that status filters read',
  up: async () => {
    // A parsed record carries no index keys, so each note writes the keys its status and date give.
    return rewriteEachBill((bill) => noteStatusListing(bill as unknown as Item));
  },
};

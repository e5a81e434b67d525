/**
 * Migration 0006: every stored bill gets its status and status timeline,
 * derived from its stored actions (bills saved before statuses existed read
 * as INTRODUCED with no timeline). Walks the bills-by-latest-action listing a
 * page at a time and reads each bill's actions with one Query, no Scan;
 * announces nothing (a backfill is not news). Re-running writes nothing.
 */
import { listActions } from '#shared/db/actions.repository.ts';
import { listBillsByLatestAction } from '#shared/db/bills.repository.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { updateBillStatus } from '#shared/bills/status-tracking.ts';
import type { Migration } from './migration.ts';

const PAGE = 100;

export const billStatus: Migration = {
  id: '0006',
  description: "Derive each bill's status and status timeline from its stored actions",
  up: async () => {
    let bills = 0;
    let written = 0;
    let cursor: string | undefined;
    do {
      const page = await listBillsByLatestAction({ limit: PAGE, cursor });
      const results = await mapLimit(page.items, 8, async (bill) => updateBillStatus(bill, await listActions(bill.id)));
      bills += page.items.length;
      written += results.filter((r) => r.written).length;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return { bills, written };
  },
};

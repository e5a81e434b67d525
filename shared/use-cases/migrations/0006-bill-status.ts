/**
 * Migration 0006: every stored bill gets its status and status timeline,
 * derived from its stored actions (bills saved before statuses existed read
 * as INTRODUCED with no timeline). Walks the bills-by-latest-action listing a
 * page at a time and reads each bill's actions with one Query, no Scan;
 * announces nothing (a backfill is not news). Re-running writes nothing.
 */
import { listActions } from '#shared/adapters/db/actions.repository.ts';
import { updateBillStatus } from '#shared/use-cases/bills/status-tracking.ts';
import { rewriteEachBill } from './each-bill.ts';
import type { Migration } from './migration.ts';

export const billStatus: Migration = {
  id: '0006',
  description: "Derive each bill's status and status timeline from its stored actions",
  up: async () => {
    return rewriteEachBill(async (bill) => (await updateBillStatus(bill, await listActions(bill.id))).written);
  },
};

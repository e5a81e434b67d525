/**
 * Migration 0012: bill statuses in unitedstates/congress's own codes, and by
 * the status rules as they now read actions (other referral wordings, a
 * calendar placement before a report, actions that imply a passage the stored
 * actions lack; docs/product-rules.md, "Bill status"). The one-chamber
 * override was stored as `OVERRIDE_PASS_OVER:…`; bills are read through the
 * mapping to `VETOED:OVERRIDE_PASS_OVER:…` (bills.repository.ts), so a bill
 * holding that code is written back, and every bill's status is re-derived
 * from its stored actions. Walks the bills-by-latest-action listing a page at
 * a time, one Query per bill's actions, no Scan; announces nothing (a
 * re-reading is not news). Re-running writes nothing.
 */
import { listActions } from '#shared/adapters/db/actions.repository.ts';
import { rewriteLegacyStatus } from '#shared/adapters/db/bills.repository.ts';
import { updateBillStatus } from '#shared/use-cases/bills/status-tracking.ts';
import { rewriteEachBill } from './each-bill.ts';
import type { Migration } from './migration.ts';

export const statusCodes: Migration = {
  id: '0012',
  description: "Store the real VETOED:OVERRIDE_PASS_OVER codes and re-derive each bill's status by the current rules",
  up: async () => {
    return rewriteEachBill(async (bill) => {
      // First the stored spelling (a no-op unless the record holds an earlier code), then the status by today's rules.
      const renamed = await rewriteLegacyStatus(bill);
      const derived = await updateBillStatus(bill, await listActions(bill.id));
      return renamed || derived.written;
    });
  },
};

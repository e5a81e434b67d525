/**
 * The walk most migrations make: every stored bill through the
 * bills-by-latest-action listing, a page at a time (no Scan), each page's
 * bills handled a few at a time.
 */
import { listBillsByLatestAction } from '#shared/adapters/db/bills.repository.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';

const PAGE = 100;
const IN_FLIGHT = 8;

/** Calls `handle` with each page of stored bills in turn; answers how many bills there were. */
export async function eachBillPage(handle: (bills: Bill[]) => Promise<void>): Promise<number> {
  let bills = 0;
  let cursor: string | undefined;
  do {
    const page = await listBillsByLatestAction({ limit: PAGE, cursor });
    await handle(page.items);
    bills += page.items.length;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return bills;
}

/** Rewrites every stored bill (`rewrite` answers whether it wrote); answers how many bills there were and were written. */
export async function rewriteEachBill(rewrite: (bill: Bill) => Promise<boolean>): Promise<{ bills: number; written: number }> {
  let written = 0;
  const bills = await eachBillPage(async (page) => {
    const results = await mapLimit(page, IN_FLIGHT, rewrite);
    written += results.filter(Boolean).length;
  });
  return { bills, written };
}

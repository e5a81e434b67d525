// GET /api/bills' listing: a filter as sparse as ENACTED among two hundred bills still fills its pages,
// and the last page (full or not) carries no cursor to an empty one.
import { beforeAll, describe, expect, it } from 'vitest';
import { listBills, type BillFilters } from '#shared/adapters/db/bill-listing.repository.ts';
import { getBill, refreshBill, setBillStatus } from '#shared/adapters/db/bills.repository.ts';
import { providerFields } from '#shared/domain/bills/provider-fields.ts';
import { billKeys } from '#shared/adapters/db/keys/bill.keys.ts';
import { billStatusListing } from '#shared/use-cases/migrations/0015-bill-status-listing.ts';
import { makeBill } from '#test/support/personal-seed.ts';
import { seedBill } from '#test/support/personal-seed.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { entityItem } from '#shared/adapters/db/entities.ts';

useIntegrationStack();

const BILLS = 200;
// Three enacted bills, all among the oldest actions, so newest-first reads pass all the others first.
const ENACTED = new Set([3, 5, 8]);
const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();

beforeAll(async () => {
  for (let i = 0; i < BILLS; i += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
        seedBill(119, 'hr', i + j + 1, { latest_action_date: day(i + j + 1), status: ENACTED.has(i + j + 1) ? 'ENACTED:SIGNED' : 'REFERRED' }),
      ),
    );
  }
}, 60_000);

async function walk(filters: BillFilters, limit: number) {
  const pages: { ids: string[]; next: string | null }[] = [];
  let cursor: string | undefined;
  do {
    const page = await listBills(filters, limit, cursor);
    pages.push({ ids: page.items.map((b) => b.id), next: page.next_cursor });
    cursor = page.next_cursor ?? undefined;
  } while (cursor && pages.length < 50);
  return pages;
}

describe('filtered bill listing', () => {
  it('never answers an empty page with a next cursor for a sparse status filter', async () => {
    const pages = await walk({ status: 'ENACTED' }, 2);
    expect(pages).toEqual([
      { ids: ['119-hr-8', '119-hr-5'], next: expect.any(String) },
      { ids: ['119-hr-3'], next: null },
    ]);
  });

  it('ends a listing whose last page is full with a null cursor', async () => {
    expect(await walk({ status: 'ENACTED' }, 3)).toEqual([{ ids: ['119-hr-8', '119-hr-5', '119-hr-3'], next: null }]);
    const all = await walk({}, 100);
    expect(all.map((p) => p.ids.length)).toEqual([100, 100]);
    expect(all.at(-1)?.next).toBeNull();
  });

  it('moves a bill between status listings when its status changes, and a deeper filter narrows the family', async () => {
    await seedBill(119, 's', 900, { latest_action_date: day(900), status: 'PASSED:BILL' });
    expect((await walk({ status: 'FAIL' }, 5)).flatMap((p) => p.ids)).toEqual([]);
    await setBillStatus('119-s-900', { status: 'FAIL:SECOND:HOUSE', status_timeline: [] });
    expect(await walk({ status: 'FAIL' }, 5)).toEqual([{ ids: ['119-s-900'], next: null }]);
    expect(await walk({ status: 'FAIL:SECOND' }, 5)).toEqual([{ ids: ['119-s-900'], next: null }]);
    expect((await walk({ status: 'FAIL:ORIGINATING' }, 5)).flatMap((p) => p.ids)).toEqual([]);
    expect((await walk({ status: 'PASSED' }, 5)).flatMap((p) => p.ids)).not.toContain('119-s-900');
  });

  it('lists a bill stored before the status listing once migration 0015 has placed it', async () => {
    // A record as the service stored it before B3a: its own keys and the other listings, no status listing.
    const bill = makeBill(119, 's', 901, { latest_action_date: day(901), status: 'VETOED:POCKET' });
    await table.putItem({ Item: entityItem('bill', billKeys.meta(bill.id), { ...bill, ...billKeys.byLatestAction.keys(bill) }) });
    expect((await walk({ status: 'VETOED' }, 5)).flatMap((p) => p.ids)).toEqual([]);
    const result = await billStatusListing.up();
    expect(result).toMatchObject({ written: expect.any(Number) });
    expect(await walk({ status: 'VETOED' }, 5)).toEqual([{ ids: ['119-s-901'], next: null }]);
  });

  it('moves a bill to the front of its status listing when a refresh brings a newer latest action', async () => {
    const stored = await getBill('119-hr-3');
    if (!stored) throw new Error('119-hr-3 was seeded above');
    await refreshBill('119-hr-3', { ...providerFields(stored), latest_action_date: day(1000) });
    expect(await walk({ status: 'ENACTED' }, 3)).toEqual([{ ids: ['119-hr-3', '119-hr-8', '119-hr-5'], next: null }]);
  });
});

// GET /api/bills' listing: a filter as sparse as ENACTED among two hundred bills still fills its pages,
// and the last page (full or not) carries no cursor to an empty one.
import { beforeAll, describe, expect, it } from 'vitest';
import { listBills, type BillFilters } from '#shared/db/bill-listing.repository.ts';
import { seedBill } from '#test/support/personal-seed.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

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
});

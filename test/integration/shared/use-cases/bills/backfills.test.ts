/**
 * The nightly action fetch and the admin backfills queue per-bill ingest
 * tasks through indexes (no Scan): all bills, recently active bills, and
 * bills still missing a sponsor or their dates and links.
 */
import { describe, expect, it } from 'vitest';
import { createBill } from '#shared/adapters/db/bills.repository.ts';
import { backfillAllActions, backfillCosponsors, backfillDatesLinks, backfillSponsors, fetchActionsForActiveBills } from '#shared/use-cases/bills/backfills.ts';
import { billFromListItem } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { takeAll } from '../../../../support/drain.ts';

useIntegrationStack();

const seed = async (n: number) => {
  const create = (i: number) => {
    const date = `2025-0${1 + (i % 3)}-${String(1 + (i % 28)).padStart(2, '0')}`;
    return createBill(
      billFromListItem(
        { congress: 119, number: i, type: 'S', title: `Bill ${i}`, updateDate: date, latestAction: { actionDate: date, text: 'Introduced in Senate' } },
        '2025-03-31T00:00:00Z',
      ),
    );
  };
  // Created in parallel chunks to keep the file fast (paging itself is covered by the list tests).
  for (let i = 1; i <= n; i += 35) await Promise.all(Array.from({ length: Math.min(35, n - i + 1) }, (_, k) => create(i + k)));
};

describe('backfills', () => {
  it('queue one task per bill, and only recently active bills at night', async () => {
    await seed(30);
    expect(await backfillAllActions()).toEqual({ queued: 30 });
    const tasks = (await takeAll('ingest-tasks')) as { type: string; bill_id: string }[];
    expect(tasks).toHaveLength(30);
    expect(new Set(tasks.map((t) => t.bill_id)).size).toBe(30);
    expect(tasks.every((t) => t.type === 'fetch_bill_actions')).toBe(true);

    expect(await backfillCosponsors()).toEqual({ queued: 30 });
    expect(((await takeAll('ingest-tasks')) as { type: string }[]).every((t) => t.type === 'fetch_bill_cosponsors')).toBe(true);

    const active = await fetchActionsForActiveBills(new Date('2025-04-01T04:00:00Z'));
    expect(active).toMatchObject({ since: '2025-03-02' });
    const march = (await takeAll('ingest-tasks')) as { bill_id: string }[];
    expect(active.queued).toBe(march.length);
    expect(march.length).toBeGreaterThan(0);
    expect(march.length).toBeLessThan(30);
  });

  it('queue the bill detail for bills missing a sponsor or their dates and links', async () => {
    expect(await backfillSponsors()).toEqual({ queued: 30 });
    expect(await backfillDatesLinks()).toEqual({ queued: 30 });
    const tasks = (await takeAll('ingest-tasks')) as { type: string }[];
    expect(tasks).toHaveLength(60);
    expect(tasks.every((t) => t.type === 'fetch_sponsor_for_bill')).toBe(true);
  });
});

/**
 * The dashboard feed carries the cards of the bills Most Popular shows
 * (docs/data-model.md P8b), so the dashboard reads none of those bills: a
 * guest's dashboard is one GetItem. Every write of a bill's summary fields
 * keeps its card current (an older card never lands over a newer one, and a
 * write racing the card's arrival is caught by a re-read); migration 0010
 * puts the cards on a feed stored without them; a shown bill without a card
 * is read from its record, so the answer never depends on the cards.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getBill, getBills, markBillBriefed, markBillHasText, refreshBill, setBillCategory } from '#shared/adapters/db/bills.repository.ts';
import { noteBillCard, noteLatestAction, readDashboardFeed, recordTrendingDay } from '#shared/adapters/db/dashboard-feed.repository.ts';
import { billKeys } from '#shared/adapters/db/keys/bill.keys.ts';
import { dashboardKeys } from '#shared/adapters/db/keys/dashboard.keys.ts';
import { billSummary } from '#shared/domain/personal/summaries.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { dashboardBillCards } from '#shared/use-cases/migrations/0010-dashboard-bill-cards.ts';
import { dashboardFor } from '#shared/use-cases/personal/dashboard.ts';
import { follow } from '#shared/use-cases/personal/follows.ts';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { countCommands } from '../../../../../bench/support/bench-stack.ts';
import { seedBill, seedMember, seedRollCall, seedTrendScore } from '#test/support/personal-seed.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

// The feed's writers cover what Most Popular shows at the time of the write, so these tests read at the real time too.
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const user: User = {
  id: 'u-bill-cards',
  email: 'bill-cards@example.org',
  hashed_password: 'x',
  is_admin: false,
  created_at: '2026-01-01T00:00:00Z',
  notification_prefs: null,
};
let requests: ReturnType<typeof countCommands>;
const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** The summary fields of every card on the feed, by bill id. */
const cardSummaries = async () => Object.fromEntries(Object.entries((await readDashboardFeed()).cards).map(([id, card]) => [id, billSummary(card)]));
const recordSummary = async (id: string) => {
  const bill = await getBill(id);
  return bill ? billSummary(bill) : null;
};

/** Most Popular as the bill records have it: the same ids and scores, each bill's summary read from its record. */
async function fromRecords(popular: Awaited<ReturnType<typeof dashboardFor>>['most_popular']) {
  const bills = new Map((await getBills(popular.items.map((i) => i.id))).map((b) => [b.id, b]));
  return popular.items.map((i) => {
    const bill = bills.get(i.id);
    return bill ? { ...billSummary(bill), score: i.score } : null;
  });
}

interface MiddlewareClient {
  middlewareStack: {
    add(
      middleware: (next: (args: { input: unknown }) => Promise<unknown>, context: { commandName?: string }) => (args: { input: unknown }) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ): void;
    remove(name: string): boolean;
  };
}
const BEFORE_FEED_PUT = 'testBeforeFeedPut';
/** An attribute as this step may see it: plain, or marshalled ({ S: … }, { M: … }). */
const field = (item: unknown, name: string): unknown => {
  const v = (item as Record<string, unknown> | undefined)?.[name];
  if (v && typeof v === 'object' && ('S' in v || 'M' in v)) return (v as { S?: unknown; M?: unknown }).S ?? (v as { M?: unknown }).M;
  return v;
};

/** Runs `meanwhile` once, just before the first Put of the feed item that `when` picks is sent. */
function beforeFeedPut(when: (item: unknown) => boolean, meanwhile: () => Promise<unknown>): void {
  let armed = true;
  (dynamo() as unknown as MiddlewareClient).middlewareStack.add(
    (next, context) => async (args) => {
      const item = (args.input as { Item?: unknown }).Item;
      if (
        armed &&
        /^Put/.test(context.commandName ?? '') &&
        field(item, 'pk') === dashboardKeys.feed.pk &&
        field(item, 'sk') === dashboardKeys.feed.sk &&
        when(item)
      ) {
        armed = false;
        await meanwhile();
      }
      return next(args);
    },
    { step: 'initialize', name: BEFORE_FEED_PUT },
  );
}

afterEach(() => {
  (dynamo() as unknown as MiddlewareClient).middlewareStack.remove(BEFORE_FEED_PUT);
});

beforeAll(async () => {
  requests = countCommands(dynamo());
  for (let n = 1; n <= 12; n++) await seedBill(119, 'hr', n, { latest_action_date: `2026-10-${String(n).padStart(2, '0')}` });
  for (const [id, score] of [
    ['119-hr-1', 90],
    ['119-hr-2', 80],
    ['119-hr-3', 70],
  ] as const)
    await seedTrendScore(id, today(), score);
  await seedMember('A000001', 'Adams, Ann');
  await seedRollCall({ billId: '119-hr-1', roll: 1, date: '2026-10-01', question: 'On Passage', positions: { A000001: 'Yea' } });
  await follow(user, { target_type: 'bill', target_id: '119-hr-12' });
  await follow(user, { target_type: 'member', target_id: 'A000001' });
});

describe('the cards of Most Popular on the dashboard feed', () => {
  it('are the shown bills’ summaries, so a guest reads one item and a user reads no trending bill', async () => {
    const cards = await cardSummaries();
    expect(Object.keys(cards).sort()).toEqual(['119-hr-1', '119-hr-2', '119-hr-3']);
    for (const [id, card] of Object.entries(cards)) expect(card).toEqual(await recordSummary(id));

    requests.take();
    const guest = await dashboardFor(null);
    expect(total(requests.take())).toBe(1);
    expect(guest.most_popular.items.map((i) => [i.id, i.score])).toEqual([
      ['119-hr-1', 90],
      ['119-hr-2', 80],
      ['119-hr-3', 70],
    ]);
    expect(guest.most_popular.items).toEqual(await fromRecords(guest.most_popular));

    requests.take();
    const mine = await dashboardFor(user);
    expect(total(requests.take())).toBe(3);
    expect(mine.most_popular).toEqual(guest.most_popular);
    expect(mine.followed_bills?.map((b) => b.id)).toEqual(['119-hr-12']);
    expect(mine.followed_members?.[0]?.recent_votes.map((v) => v.vote_id)).toEqual(['house-119-1-1']);
  });

  it('stay current through every write of a bill’s summary fields', async () => {
    const writes: [string, () => Promise<unknown>][] = [
      [
        'refresh',
        () =>
          refreshBill('119-hr-2', {
            title: 'A renamed bill',
            short_title: 'Renamed Act',
            policy_area: null,
            latest_action_date: '2026-10-20',
            latest_action_text: 'Passed House',
            latest_action_category: 'vote',
            update_date: '2026-10-20',
            provenance: { source: 'test', fetched_at: '2026-10-20T00:00:00Z' },
          }),
      ],
      ['text stored', () => markBillHasText('119-hr-2')],
      ['briefed', () => markBillBriefed('119-hr-2', { topic_tags: ['health', 'taxation'] })],
      ['classified', () => setBillCategory('119-hr-2', 'substantive')],
    ];
    let version = (await readDashboardFeed()).cards['119-hr-2']?.v ?? -1;
    for (const [what, write] of writes) {
      await write();
      const card = (await readDashboardFeed()).cards['119-hr-2'];
      expect(card && billSummary(card), what).toEqual(await recordSummary('119-hr-2'));
      expect(card?.v, what).toBeGreaterThan(version);
      version = card?.v ?? -1;
    }
    const shown = (await dashboardFor(null)).most_popular.items.find((i) => i.id === '119-hr-2');
    expect(shown).toMatchObject({ title: 'A renamed bill', short_title: 'Renamed Act', document_status: 'brief', topic_tags: ['health', 'taxation'] });
    expect(shown).toMatchObject({ bill_category: 'substantive', latest_action_text: 'Passed House' });
  });

  it('never take an older card over a newer one, and are not added by a bill write', async () => {
    const card = (await readDashboardFeed()).cards['119-hr-3'];
    if (!card) throw new Error('119-hr-3 has no card');
    await noteBillCard({ ...card, title: 'An older title', v: card.v - 1 });
    await noteBillCard({ ...card, title: 'The same version again', v: card.v });
    expect((await readDashboardFeed()).cards['119-hr-3']).toEqual(card);
    await setBillCategory('119-hr-11', 'commemorative');
    expect((await readDashboardFeed()).cards['119-hr-11']).toBeUndefined();
  });

  it('catch a summary write made while a bill’s card was on its way to the feed', async () => {
    // The card of 119-hr-4 is read, then the bill is classified (finding no card to update), then the card is put.
    beforeFeedPut(
      (item) => !!(field(item, 'cards') as Record<string, unknown> | undefined)?.['119-hr-4'],
      () => setBillCategory('119-hr-4', 'commemorative'),
    );
    await seedTrendScore('119-hr-4', today(), 95);
    expect((await readDashboardFeed()).cards['119-hr-4']?.bill_category).toBe('commemorative');
    expect((await cardSummaries())['119-hr-4']).toEqual(await recordSummary('119-hr-4'));
  });

  it('left behind by a crash between a summary write and its card update are put right by the next scored day', async () => {
    // The record's write, as refreshBill makes it, without the card update that would follow it.
    await table.updateItem({
      Key: billKeys.meta('119-hr-1'),
      UpdateExpression: 'SET title = :title ADD summary_version :one',
      ExpressionAttributeValues: { ':title': 'A title the card missed', ':one': 1 },
    });
    expect((await readDashboardFeed()).cards['119-hr-1']?.title).not.toBe('A title the card missed');
    await seedTrendScore('119-hr-12', daysAgo(20), 1);
    expect((await cardSummaries())['119-hr-1']).toEqual(await recordSummary('119-hr-1'));
    expect((await dashboardFor(null)).most_popular.items.find((i) => i.id === '119-hr-1')?.title).toBe('A title the card missed');
  });

  it('drop the card of a bill Most Popular no longer shows', async () => {
    for (let n = 5; n <= 11; n++) await seedTrendScore(`119-hr-${n}`, today(), 100 + n);
    const feed = await readDashboardFeed();
    const shown = (await dashboardFor(null)).most_popular.items.map((i) => i.id);
    expect(shown).toHaveLength(10);
    expect(Object.keys(feed.cards).sort()).toEqual([...shown].sort());
    expect(feed.cards['119-hr-3']).toBeUndefined(); // the lowest of eleven scored bills
  });
});

describe('a shown bill without a card', () => {
  it('is read from its record when the look-back windows moved since the feed was written', async () => {
    const later = new Date(Date.now() + 40 * 86_400_000); // no scores within 30 days then: the newest bills, which have no cards
    requests.take();
    const guest = await dashboardFor(null, later);
    expect(total(requests.take())).toBe(2);
    expect(guest.most_popular.trending_source).toBe('recent_activity');
    expect(guest.most_popular.items.length).toBeGreaterThan(0);
    expect(guest.most_popular.items).toEqual(await fromRecords(guest.most_popular));
  });

  it('before migration 0010: the same answer, one request dearer; after it, the cards are back, and a rerun writes nothing', async () => {
    const before = await dashboardFor(null);
    await table.updateItem({ Key: dashboardKeys.feed, UpdateExpression: 'REMOVE cards' });
    requests.take();
    expect(await dashboardFor(null)).toEqual(before);
    expect(total(requests.take())).toBe(2);
    expect(await dashboardBillCards.up()).toEqual({ cards_added: before.most_popular.items.length });
    requests.take();
    expect(await dashboardFor(null)).toEqual(before);
    expect(total(requests.take())).toBe(1);
    expect(await dashboardBillCards.up()).toEqual({ cards_added: 0 });
  });
});

describe('the feed’s map writes', () => {
  it('make a rewrite that read the feed before them retry, rather than drop the entry they set', async () => {
    // A latest action is noted after a rewrite read the feed and before it puts it back.
    beforeFeedPut(
      () => true,
      () => noteLatestAction('119-hr-11', '2027-01-01'),
    );
    await recordTrendingDay(today(), [{ bill_id: '119-hr-12', score: 200 }]);
    const feed = await readDashboardFeed();
    expect(feed.recent['119-hr-11']).toBe('2027-01-01');
    expect(feed.trending_days[today()]?.[0]).toEqual({ bill_id: '119-hr-12', score: 200 });
  });
});

/**
 * Related and reintroduced bills against DynamoDB Local and fauxqs, with a
 * local server standing in for Congress.gov: the bill-detail task queues
 * fetch_bill_related when the related-bills count moves; the task stores
 * each pair on both bills (also when the other bill arrives later) and is
 * idempotent; a bill of a later Congress with the same title is recorded as
 * a reintroduction once, its followers get a `reintroduced` notification with
 * a one-tap follow, and followers who opted in follow the new bill with the
 * same stance. The same-sponsor match is found from either side.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { fetchBillDetail } from '#shared/use-cases/bills/bill-tasks.ts';
import { detectReintroductions, fetchBillRelated, reintroducedEventId } from '#shared/use-cases/bills/related-bills.ts';
import { billDetailView } from '#shared/use-cases/bills/bill-reads.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { createFollow, getFollow } from '#shared/adapters/db/follows.repository.ts';
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import { billsWithTitle, getReintroductionOf } from '#shared/adapters/db/related-bills.repository.ts';
import { titleFingerprints } from '#shared/use-cases/migrations/0008-title-fingerprints.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { providerServer, sendJson } from '../../../../support/ingest-fixtures.ts';
import { dispatch, drainDispatchQueue, seedBill } from '../../../../support/notify-harness.ts';
import { takeAll } from '../../../../support/drain.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

const S5 = '119-s-5';
const HR29 = '119-hr-29';
const HR7511 = '118-hr-7511';
const LAKEN = 'Laken Riley Act';

const detail = (congress: number, type: string, number: number, sponsor: string, introducedDate: string, related: number) => ({
  bill: {
    congress,
    number: String(number),
    type: type.toUpperCase(),
    title: LAKEN,
    updateDate: '2025-01-30T12:00:00Z',
    introducedDate,
    sponsors: [{ bioguideId: sponsor, firstName: 'Sam', lastName: 'Sponsor', party: 'R', state: 'GA' }],
    legislationUrl: `https://www.congress.gov/bill/${congress}th-congress/x/${number}`,
    ...(related ? { relatedBills: { count: related, url: `https://api.congress.gov/v3/bill/${congress}/${type}/${number}/relatedbills?format=json` } } : {}),
  },
});

/** S. 5 as Congress.gov relates it: H.R. 29 identical (one way only), H.R. 7511 of the 118th related. */
const S5_RELATED = {
  relatedBills: [
    { congress: 119, number: 29, type: 'HR', title: LAKEN, relationshipDetails: [{ type: 'Identical bill', identifiedBy: 'CRS' }] },
    { congress: 118, number: 7511, type: 'HR', title: LAKEN, relationshipDetails: [{ type: 'Related bill', identifiedBy: 'CRS' }] },
  ],
  pagination: { count: 2 },
};

let server: Awaited<ReturnType<typeof providerServer>>;
let push: PushServer;
let s5RelatedCount = 2;
const users: Record<string, { id: string; token: string }> = {};
const json = (body: unknown) => (_req: unknown, res: ServerResponse) => sendJson(res, body);

async function signUp(name: string, settings: Record<string, unknown>) {
  const email = `${name}@example.org`;
  const { id, token } = await newAccount(email);
  users[name] = { id, token };
  const put = await call(notifications, 'PUT', '/api/notifications/settings', {
    token: users[name]?.token,
    body: { push_enabled: true, push_url: `${push.url}/${name}`, ...settings },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

const pushesTo = (topic: string) => push.requests.filter((r) => r.path === `/${topic}`);
const id = (name: string) => users[name]?.id ?? '';

beforeAll(async () => {
  push = await startPushServer();
  server = await providerServer({
    '/v3/bill/119/s/5': (_req, res) => sendJson(res, detail(119, 's', 5, 'B001319', '2025-01-06', s5RelatedCount)),
    '/v3/bill/119/s/5/relatedbills': json(S5_RELATED),
    '/v3/bill/118/hr/7511': json(detail(118, 'hr', 7511, 'C001129', '2024-03-01', 0)),
  });
  Object.assign(process.env, { CONGRESS_API_BASE_URL: `${server.base}/v3`, CONGRESS_API_KEY: 'test-key' });
  resetConfig();
  await signUp('mover', { follow_reintroductions: true });
  await signUp('watcher', {});
  await signUp('sponsorfan', {});
}, 60_000);

afterAll(async () => {
  delete process.env.CONGRESS_API_BASE_URL;
  delete process.env.CONGRESS_API_KEY;
  resetConfig();
  await Promise.all([server?.close(), push?.close()]);
});

describe('related bills', () => {
  it('are fetched when the detail count moves, stored on both bills of each pair, and once only', async () => {
    await seedBill(S5, { title: LAKEN, label: 'S. 5', sponsor_id: null, introduced_date: '2025-01-06', topic_tags: [] });
    await seedBill(HR29, { title: LAKEN, label: 'H.R. 29', sponsor_id: null, introduced_date: '2025-01-03', topic_tags: [] });
    await takeAll('ingest-tasks');

    const result = await fetchBillDetail(S5, new Date());
    expect(result).toMatchObject({ sponsor_linked: true, related_fetch_queued: true });
    // The sponsor just linked moves the forecast too.
    const queued = await takeAll('ingest-tasks');
    expect(queued).toHaveLength(2);
    expect(queued).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'fetch_bill_related', bill_id: S5 }),
        expect.objectContaining({ type: 'score_bill_forecast', bill_id: S5 }),
      ]),
    );

    expect(await fetchBillRelated(S5, new Date())).toMatchObject({ related: 2, reintroductions: 0 });
    // Twice: the relationship sets merge, nothing is listed twice.
    await fetchBillRelated(S5, new Date());
    const s5 = await billDetailView(S5);
    expect(s5.related_bills).toEqual([
      {
        id: HR29,
        label: 'H.R. 29',
        title: LAKEN,
        congress: 119,
        relationships: [{ type: 'Identical bill', identified_by: 'CRS' }],
        identified_by: ['CRS'],
      },
      { id: HR7511, label: 'H.R. 7511', title: LAKEN, congress: 118, relationships: [{ type: 'Related bill', identified_by: 'CRS' }], identified_by: ['CRS'] },
    ]);
    // Congress.gov listed the pair from S. 5 only: H.R. 29 shows it too.
    expect((await billDetailView(HR29)).related_bills).toEqual([
      expect.objectContaining({ id: S5, label: 'S. 5', relationships: [{ type: 'Identical bill', identified_by: 'CRS' }] }),
    ]);

    // The count is unchanged: the next detail read queues nothing; a new count queues a fetch again.
    await fetchBillDetail(S5, new Date());
    expect(await takeAll('ingest-tasks')).toEqual([]);
    s5RelatedCount = 3;
    await fetchBillDetail(S5, new Date());
    expect(await takeAll('ingest-tasks')).toEqual([expect.objectContaining({ type: 'fetch_bill_related', bill_id: S5 })]);
    s5RelatedCount = 2;
    await drainDispatchQueue();
  });
});

describe('reintroduction', () => {
  it("tells the earlier bill's followers once, with a one-tap follow, and moves the follows of those who opted in", async () => {
    await seedBill(HR7511, { title: LAKEN, label: 'H.R. 7511', sponsor_id: null, introduced_date: '2024-03-01', topic_tags: [] });
    await createFollow({ userId: id('mover'), targetType: 'bill', targetId: HR7511, followMode: 'hold_boost' });
    await createFollow({ userId: id('watcher'), targetType: 'bill', targetId: HR7511, followMode: 'hold_veto' });
    await createFollow({ userId: id('sponsorfan'), targetType: 'member', targetId: 'C001129' });

    // H.R. 7511 arrives after S. 5: its detail task writes its side of the S. 5 pair and finds S. 5 reintroduces it (identical title).
    const result = await fetchBillDetail(HR7511, new Date());
    expect(result).toMatchObject({ related_fetch_queued: false, reintroductions: 1 });
    expect((await billDetailView(HR7511)).related_bills).toEqual([
      expect.objectContaining({ id: S5, relationships: [{ type: 'Related bill', identified_by: 'CRS' }] }),
    ]);
    expect(await getReintroductionOf(S5)).toMatchObject({ earlier: { bill_id: HR7511 }, later: { bill_id: S5 }, reason: 'identical_title' });
    const earlierView = await billDetailView(HR7511);
    expect(earlierView.reintroduced_as).toEqual([expect.objectContaining({ id: S5, label: 'S. 5', congress: 119, reason: 'identical_title' })]);
    expect((await billDetailView(S5)).reintroduction_of).toMatchObject({ id: HR7511, label: 'H.R. 7511', congress: 118 });

    // The opted-in follower follows S. 5 with the same stance; the old follow stays. The other follower does not.
    expect(await getFollow(id('mover'), 'bill', S5)).toMatchObject({ follow_mode: 'hold_boost' });
    expect(await getFollow(id('mover'), 'bill', HR7511)).not.toBeNull();
    expect(await getFollow(id('watcher'), 'bill', S5)).toBeNull();

    const events = await drainDispatchQueue();
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'reintroduced',
        event_id: reintroducedEventId(HR7511, S5),
        bill_id: HR7511,
        reintroduced_as: expect.objectContaining({ bill_id: S5 }),
      }),
    ]);
    expect((await dispatch(events)).batchItemFailures).toEqual([]);

    for (const name of ['mover', 'watcher']) {
      const [p] = pushesTo(name);
      expect(pushesTo(name)).toHaveLength(1);
      expect(p?.headers.title).toBe('Reintroduced: H.R. 7511');
      // The push body names the bill first, then what happened (issue 24 #14).
      expect(p?.body.split('\n').slice(0, 2)).toEqual(['Laken Riley Act', 'Reintroduced in the 119th Congress as S. 5']);
      expect(p?.headers.click).toBe(`http://localhost:3000/bills/${S5}`);
      expect(String(p?.headers.actions)).toBe(`view, Follow S. 5, http://localhost:3000/bills/${S5}?follow=1`);
      expect((await listHistory(id(name), 10)).items[0]).toMatchObject({
        kind: 'reintroduced',
        bill_id: HR7511,
        reintroduced_as: { bill_id: S5, label: 'S. 5' },
      });
    }
    // Followers of the sponsor hear of the new bill itself, not of the earlier one's reintroduction.
    expect(pushesTo('sponsorfan')).toHaveLength(0);

    // Found again (a redelivered detail task, S. 5's own detail): recorded and announced once.
    await fetchBillDetail(HR7511, new Date());
    await fetchBillDetail(S5, new Date());
    expect(await drainDispatchQueue()).toEqual([]);
  });

  it('filters reintroduced like any category', async () => {
    const put = await call(notifications, 'PUT', '/api/notifications/settings', {
      token: users.watcher?.token,
      body: { alert_filters: { hold_veto: { reintroduced: false } } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // A reintroduced event of S. 5, which the mover follows (moved, hold_boost) and the watcher now follows as hold_veto: only the watcher filtered it out.
    await createFollow({ userId: id('watcher'), targetType: 'bill', targetId: S5, followMode: 'hold_veto' });
    const before = { mover: pushesTo('mover').length, watcher: pushesTo('watcher').length };
    const next = { bill_id: '120-s-9', label: 'S. 9', title: LAKEN, congress: 120 };
    const event = {
      v: 1,
      type: 'bill_event',
      event_id: reintroducedEventId(S5, next.bill_id),
      kind: 'reintroduced',
      bill_id: S5,
      action_category: 'reintroduced',
      occurred_at: new Date().toISOString(),
      reintroduced_as: next,
    };
    expect((await dispatch([event])).batchItemFailures).toEqual([]);
    expect(pushesTo('mover')).toHaveLength(before.mover + 1);
    expect(pushesTo('watcher')).toHaveLength(before.watcher);
    expect((await listHistory(id('watcher'), 10)).items.map((e) => e.bill_id)).toEqual([HR7511]);
    const bad = await call(notifications, 'PUT', '/api/notifications/settings', { token: users.watcher?.token, body: { follow_reintroductions: 'yes' } });
    expect(bad.status).toBe(422);
  });

  it('migration 0008 writes the title fingerprint of bills stored before, so a later bill finds them by title', async () => {
    expect((await billsWithTitle(LAKEN)).map((b) => b.id).sort()).toEqual([HR7511, S5]);
    expect(await titleFingerprints.up()).toMatchObject({ bills: expect.any(Number) });
    expect((await billsWithTitle(LAKEN)).map((b) => b.id).sort()).toEqual([HR7511, HR29, S5].sort());
  });

  it("links a same-sponsor, near-identical title from the earlier bill's side when the later one was stored first", async () => {
    const later = await seedBill('118-hr-200', {
      title: 'Rural Broadband Access and Affordability Act of 2023',
      sponsor_id: 'A000360',
      introduced_date: '2023-03-01',
      topic_tags: [],
    });
    const earlier = await seedBill('117-hr-100', {
      title: 'Rural Broadband Access and Affordability Act of 2021',
      sponsor_id: 'A000360',
      introduced_date: '2021-02-01',
      topic_tags: [],
    });
    const unrelated = await seedBill('118-hr-300', {
      title: 'Veterans Housing Stability Act',
      sponsor_id: 'A000360',
      introduced_date: '2023-05-01',
      topic_tags: [],
    });
    expect(await detectReintroductions(earlier, new Date())).toBe(1);
    expect(await getReintroductionOf(later.id)).toMatchObject({ earlier: { bill_id: earlier.id }, reason: 'same_sponsor_title' });
    expect(await getReintroductionOf(unrelated.id)).toBeNull();
    expect((await getBill(later.id))?.title).toBe('Rural Broadband Access and Affordability Act of 2023');
    await drainDispatchQueue();
  });
});

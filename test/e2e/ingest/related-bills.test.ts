/**
 * Related and reintroduced bills end to end on the local stack, over HTTP,
 * every reply checked against the route table's schemas. The stack's queue
 * pumps run the backfill, the ingest tasks and the dispatcher against a
 * local stand-in for Congress.gov: the 111th Congress is loaded, a user
 * follows one of its bills (for it, with the follow moving over on
 * reintroduction), then the 112th is loaded, whose bills carry the same
 * sponsor and titles that differ only by the Congress. The bill detail then
 * shows related bills and both sides of the reintroduction, the follower got
 * a `reintroduced` push with a one-tap follow, and follows the new bill with
 * the same stance.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { congressStandIn, type StandIn } from '#test/support/congress-stand-in.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { signUp } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

const EARLIER = '111-hr-1';
const LATER = '112-hr-1';
const COMPANION = '112-s-2';

let standIn: StandIn;
// Registered before the stack's own hook, so the stack starts with Congress.gov pointing here.
beforeAll(async () => {
  standIn = await congressStandIn(
    { 111: 3, 112: 3 },
    {
      [LATER]: [
        {
          congress: 112,
          type: 'S',
          number: 2,
          title: 'Backfill Test Act of 112 number 2',
          relationshipDetails: [{ type: 'Related bill', identifiedBy: 'House' }],
        },
      ],
    },
  );
  Object.assign(process.env, { CONGRESS_API_BASE_URL: `${standIn.base}/v3`, CONGRESS_API_KEY: 'stand-in-key', BACKFILL_REQUESTS_PER_HOUR: '7200000' });
  delete process.env.REPLAY_HAR;
});
const e2e = useLocalStack({ pumps: true });
let push: PushServer;
afterAll(async () => {
  for (const name of ['CONGRESS_API_BASE_URL', 'CONGRESS_API_KEY', 'BACKFILL_REQUESTS_PER_HOUR']) delete process.env[name];
  await Promise.all([standIn.close(), push?.close()]);
});

const api = () => e2e.client();

/** How the tests poll for what the pumps do in the background (a read that throws ends the wait at once). */
const POLL = { timeout: 60_000, interval: 100 };

async function backfill(admin: string, congress: number) {
  const started = await api().request('POST', '/api/admin/backfill-bills', { token: admin, body: { congress } });
  expect(started.status).toBe(202);
  const done = await vi.waitUntil(async () => {
    const r = await api().request('GET', `/api/admin/backfill-bills/congress-${congress}`, { token: admin });
    return r.body.state !== 'running' && r;
  }, POLL);
  expect(done.body.state).toBe('completed');
}

let admin = '';
let follower = '';
beforeAll(async () => {
  push = await startPushServer();
  admin = await signUp(api(), 'related-admin');
  follower = await signUp(api(), 'related-follower');
}, 60_000);

describe('related and reintroduced bills on the local stack', () => {
  it('shows related bills and the reintroduction on the bill detail, and tells the follower with a one-tap follow', async () => {
    await backfill(admin, 111);
    // The earlier bill's sponsor is linked (its detail task ran) before the user follows it.
    await vi.waitUntil(async () => {
      const r = await api().request('GET', `/api/bills/${EARLIER}`);
      return r.body.sponsor_id !== null && r;
    }, POLL);
    const settings = await api().request('PUT', '/api/notifications/settings', {
      token: follower,
      body: { push_enabled: true, push_url: `${push.url}/reintro`, follow_reintroductions: true },
    });
    expect(settings.status).toBe(200);
    const followed = await api().request('POST', '/api/follows', {
      token: follower,
      body: { target_type: 'bill', target_id: EARLIER, follow_mode: 'hold_boost' },
    });
    expect(followed.status).toBeLessThan(300);

    await backfill(admin, 112);
    const later = await vi.waitUntil(async () => {
      const r = await api().request('GET', `/api/bills/${LATER}`);
      return r.body.reintroduction_of !== null && r.body.related_bills.length > 0 && r;
    }, POLL);
    expect(later.status).toBe(200);
    expect(later.body.reintroduction_of).toMatchObject({ id: EARLIER, label: 'H.R. 1', congress: 111, reason: 'same_sponsor_title' });
    expect(later.body.related_bills).toEqual([
      expect.objectContaining({ id: COMPANION, relationships: [{ type: 'Related bill', identified_by: 'House' }], identified_by: ['House'] }),
    ]);
    // Listed from H.R. 1 only, shown on S. 2 as well.
    const companion = await vi.waitUntil(async () => {
      const r = await api().request('GET', `/api/bills/${COMPANION}`);
      return r.body.related_bills.length > 0 && r;
    }, POLL);
    expect(companion.body.related_bills).toEqual([expect.objectContaining({ id: LATER })]);
    const earlier = await api().request('GET', `/api/bills/${EARLIER}`);
    expect(earlier.body.reintroduced_as).toEqual([expect.objectContaining({ id: LATER, label: 'H.R. 1', congress: 112 })]);

    const pushed = await vi.waitUntil(() => {
      const reintro = push.requests.filter((r) => r.path === '/reintro');
      return reintro.length > 0 && reintro;
    }, POLL);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.headers.title).toBe('Reintroduced: H.R. 1');
    // The body names the bill first, then what happened (issue 24 #14).
    expect(pushed[0]?.body.split('\n')[1]).toBe('Reintroduced in the 112th Congress as H.R. 1');
    expect(String(pushed[0]?.headers.actions)).toMatch(new RegExp(`^view, Follow H\\.R\\. 1, .*/bills/${LATER}\\?follow=1$`));
    const history = await api().request('GET', '/api/notifications/history', {
      token: follower,
    });
    expect(history.body.items).toEqual([
      expect.objectContaining({ kind: 'reintroduced', bill_id: EARLIER, reintroduced_as: expect.objectContaining({ bill_id: LATER }) }),
    ]);

    // The follow moved over with its stance; the earlier one is kept.
    const follows = await api().request('GET', '/api/follows', { token: follower });
    expect(follows.body.items.map((f) => [f.target_id, f.follow_mode]).sort()).toEqual([
      [EARLIER, 'hold_boost'],
      [LATER, 'hold_boost'],
    ]);
    const settingsView = await api().request('GET', '/api/notifications/settings', { token: follower });
    expect(settingsView.body.follow_reintroductions).toBe(true);
  });
});

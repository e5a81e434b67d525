/**
 * POST /api/admin/backfill-bills and its status reads over HTTP against the
 * local stack, every reply checked against the route table's schemas: the
 * local stack's queue pumps run the bill-backfill worker and the follow-ups
 * against a local stand-in for Congress.gov, so a fresh install fills from
 * one admin request (bills listed, their sponsors linked).
 */
import { beforeAll, afterAll, describe, expect, it, vi } from 'vitest';
import { congressStandIn, standInBillId, type StandIn } from '#test/support/congress-stand-in.ts';
import { signUp } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

let standIn: StandIn;
// Registered before the stack's own hook, so the stack starts with Congress.gov pointing here.
beforeAll(async () => {
  standIn = await congressStandIn({ 111: 3 });
  Object.assign(process.env, { CONGRESS_API_BASE_URL: `${standIn.base}/v3`, CONGRESS_API_KEY: 'stand-in-key', BACKFILL_REQUESTS_PER_HOUR: '7200000' });
  delete process.env.REPLAY_HAR;
});
const e2e = useLocalStack({ pumps: true });
afterAll(async () => {
  for (const name of ['CONGRESS_API_BASE_URL', 'CONGRESS_API_KEY', 'BACKFILL_REQUESTS_PER_HOUR']) delete process.env[name];
  await standIn.close();
});

const api = () => e2e.client();

/** How the tests poll for what the pumps do in the background (a read that throws ends the wait at once). */
const POLL = { timeout: 30_000, interval: 100 };

let admin = '';
beforeAll(async () => {
  admin = await signUp(api(), 'backfill-admin');
});

describe('bill backfill over HTTP', () => {
  it('answers 202 with the backfill, which the pumps complete; the bills then list with their sponsors', async () => {
    const started = await api().request('POST', '/api/admin/backfill-bills', { token: admin, body: { congress: 111 } });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ id: 'congress-111', action: 'started', state: 'running', cursor: { offset: 0 } });
    // Who started it, as the console shows it: the admin's email, not their user id.
    expect(started.body.started_by).toMatch(/^backfill-admin-[0-9a-f]{6}@example\.org$/);

    const done = await vi.waitUntil(async () => {
      const r = await api().request('GET', '/api/admin/backfill-bills/congress-111', { token: admin });
      return r.body.state !== 'running' && r;
    }, POLL);
    expect(done.body).toMatchObject({
      state: 'completed',
      pages_done: 1,
      bills_seen: 3,
      bills_queued: 3,
      bills_total: 3,
      cursor: { offset: 3, next_page_at: null },
    });

    const expected = [1, 2, 3].map((i) => standInBillId(111, i)).sort();
    const bills = await api().request('GET', '/api/bills', { query: { congress: '111' } });
    expect(bills.body.items.map((b) => b.id).sort()).toEqual(expected);
    const detail = await vi.waitUntil(async () => {
      const r = await api().request('GET', `/api/bills/${expected[0] ?? ''}`);
      return r.body.sponsor_id !== null && r;
    }, POLL);
    expect(detail.body.sponsor_id).toBe('S000001');

    const list = await api().request('GET', '/api/admin/backfill-bills', { token: admin });
    expect(list.body.items.map((b) => [b.id, b.state])).toEqual([['congress-111', 'completed']]);
  });

  it('runs a completed backfill again on request, creating nothing', async () => {
    const again = await api().request('POST', '/api/admin/backfill-bills', { token: admin, body: { congress: 111 } });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ action: 'restarted', run: 2 });
    const done = await vi.waitUntil(async () => {
      const r = await api().request('GET', '/api/admin/backfill-bills/congress-111', { token: admin });
      return r.body.state !== 'running' && r;
    }, POLL);
    expect(done.body).toMatchObject({ state: 'completed', run: 2, bills_seen: 3, bills_queued: 0 });
  });

  it('answers 422 for bad input, 404 for an unknown backfill and 401 without a token', async () => {
    for (const body of [{ congress: 92 }, { from: '2025-02-01', to: '2025-01-01' }, { from: '2023-01-01', to: '2024-12-31' }]) {
      const res = await api().request('POST', '/api/admin/backfill-bills', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors?.length).toBeGreaterThan(0);
    }
    expect((await api().request('GET', '/api/admin/backfill-bills/congress-100', { token: admin })).status).toBe(404);
    expect((await api().request('POST', '/api/admin/backfill-bills', { body: { congress: 111 } })).status).toBe(401);
  });
});

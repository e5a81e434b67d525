// A bill's odds jump, end to end over HTTP against the local stack, its queue pumps and SMTP sink: the ingest task
// score_bill_forecast publishes the bill's first forecast (GET /api/bills/{id}/forecast shows it); the bill passes the
// House, the task runs again, its odds of becoming law jump, and the follower who supports it is told once on each of
// push, email and RSS, while a neutral follower of the same bill hears nothing. The model card answers with its figures.
import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setBillStatus } from '#shared/adapters/db/bills.repository.ts';
import { sendMessage } from '#shared/adapters/messaging/send.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { seedBill } from '../../support/notify-harness.ts';
import { signUp } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

const e2e = useLocalStack({ pumps: true });
const api = () => e2e.client();
// The sitting Congress (the stack's clock is today's), so the forecast is a live one.
const BILL = '119-hr-9471';
const introduced = { status: 'REFERRED' as const, date: '2025-03-03', action_text: 'Referred to the Committee on Oversight and Government Reform.' };
const passed = { status: 'PASS_OVER:HOUSE' as const, date: '2025-06-10', action_text: 'On passage Passed by recorded vote' };
const WAIT = { timeout: 60_000, interval: 100 };
let push: PushServer;
let supporter = '';
let neutral = '';

const forecast = () => api().request('GET', `/api/bills/${BILL}/forecast`);
const jumps = async (token: string) =>
  ((await api().request('GET', '/api/notifications/history', { token })).body.items as { kind: string; channels: Record<string, string> }[]).filter(
    (n) => n.kind === 'forecast_jump',
  );

beforeAll(async () => {
  push = await startPushServer();
  [supporter, neutral] = await Promise.all([signUp(api(), 'forecast-supporter'), signUp(api(), 'forecast-neutral')]);
  await seedBill(BILL, { introduced_date: '2025-03-03', status: 'REFERRED', status_timeline: [introduced], latest_action_date: '2025-03-03' });
  const settings = [
    [
      supporter,
      { push_enabled: true, push_url: `${push.url}/supporter`, email_enabled: true, email_address: 'forecast-supporter@example.org', rss_enabled: true },
    ],
    [neutral, { push_enabled: true, push_url: `${push.url}/neutral`, rss_enabled: true }],
  ] as const;
  for (const [token, body] of settings) expect((await api().request('PUT', '/api/notifications/settings', { token, body })).status).toBe(200);
  for (const [token, mode] of [
    [supporter, 'hold_boost'],
    [neutral, 'neutral'],
  ] as const)
    expect((await api().request('POST', '/api/follows', { token, body: { target_type: 'bill', target_id: BILL, follow_mode: mode } })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await push.close();
});

describe('a forecast jump', () => {
  it('publishes the first forecast when the bill is scored, telling nobody', async () => {
    await sendMessage('ingest-tasks', { v: 1, type: 'score_bill_forecast', bill_id: BILL });
    const first = await vi.waitUntil(async () => (await forecast()).body.forecast ?? false, WAIT);
    expect(first).toMatchObject({ version: 1, stage: 'introduced', headline: 'enacted' });
    expect(first.odds.enacted.words).toMatch(/in \d+/);
    expect(await jumps(supporter)).toEqual([]);
  });

  it('tells the supporter once per channel when the odds of becoming law jump, and not the neutral follower', async () => {
    await setBillStatus(BILL, { status: 'PASS_OVER:HOUSE', status_timeline: [introduced, passed] });
    await sendMessage('ingest-tasks', { v: 1, type: 'score_bill_forecast', bill_id: BILL });
    const told = await vi.waitUntil(async () => {
      const j = await jumps(supporter);
      return j.length > 0 && j.every((n) => n.channels.email === 'sent') && j;
    }, WAIT);
    expect(told).toEqual([expect.objectContaining({ kind: 'forecast_jump', channels: { push: 'sent', email: 'sent', rss: 'sent', webhook: 'off' } })]);
    const pushed = push.requests.filter((r) => r.path.endsWith('/supporter'));
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.headers).toMatchObject({ title: 'Odds Changed: H.R. 9471' });
    const mails = e2e.stack().smtp.files.map((f) => readFileSync(f));
    const subjects = await Promise.all(mails.map(async (m) => (await simpleParser(m)).subject));
    expect(subjects.filter((s) => s === 'Odds Changed: H.R. 9471')).toHaveLength(1);
    const now = await forecast();
    expect(now.body.forecast).toMatchObject({ version: 2, stage: 'passed_chamber', p_passed_chamber: 1 });

    // The same scores again: nothing new is published or sent.
    await sendMessage('ingest-tasks', { v: 1, type: 'score_bill_forecast', bill_id: BILL });
    await new Promise((r) => setTimeout(r, 3000));
    expect(await jumps(supporter)).toHaveLength(1);
    expect(await jumps(neutral)).toEqual([]);
    expect(push.requests.filter((r) => r.path.endsWith('/neutral'))).toEqual([]);
  });

  it('serves the model card with its training Congresses and an empty track record said plainly', async () => {
    const card = await api().request('GET', '/api/forecast/model');
    expect(card.status).toBe(200);
    expect(card.body.training.congresses.length).toBeGreaterThan(0);
    expect(card.body.track_record.note).toMatch(/resolved/);
    expect(card.headers.get('etag')).toBeTruthy();
  });
});

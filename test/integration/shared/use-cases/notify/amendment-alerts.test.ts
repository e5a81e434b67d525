/**
 * Amendment alerts through the real dispatcher and push channel: a bill's
 * followers hear of an amendment decided (category vote) and of a new
 * amendment text (new_amendment) with their filters applied, each message
 * opening the amendment's page; a repeated event is sent once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import type { BillEvent } from '#shared/adapters/messaging/messages.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { newAccount } from '#test/support/accounts.ts';
import { dispatch, seedBill } from '../../../../support/notify-harness.ts';

useIntegrationStack();

const BILL = '117-hr-3684';
let push: PushServer;
const ids: Record<string, string> = {};
const pushesTo = (topic: string) => push.requests.filter((r) => r.path === `/${topic}`);
const amendment = { id: '117-samdt-2137', label: 'S.Amdt. 2137', status: 'agreed_to' as const };
const decided: BillEvent = {
  v: 1,
  type: 'bill_event',
  event_id: 'amendment:117-samdt-2137:agreed_to',
  kind: 'bill_updated',
  bill_id: BILL,
  action_category: 'vote',
  occurred_at: new Date().toISOString(),
  action_text: 'Amendment SA 2137 agreed to in Senate by Yea-Nay Vote. 69 - 28. Record Vote Number: 312.',
  action_date: '2021-08-08',
  amendment,
};
const newText: BillEvent = {
  ...decided,
  event_id: 'amendment:117-samdt-2137:text:Modified#2021-08-09',
  kind: 'new_amendment',
  action_category: 'new_amendment',
  action_text: 'Text of S.Amdt. 2137: Modified, 2021-08-09 published',
  action_date: '2021-08-09',
  text_version: 'S.Amdt. 2137: Modified, 2021-08-09',
};

beforeAll(async () => {
  push = await startPushServer();
  await seedBill(BILL, { label: 'H.R. 3684', title: 'Infrastructure Investment and Jobs Act' });
  for (const [name, filters] of [
    ['ann', {}],
    ['ben', { neutral: { new_amendment: false } }],
  ] as const) {
    const { id, token } = await newAccount(`${name}@example.org`);
    ids[name] = id;
    await createFollow({ userId: id, targetType: 'bill', targetId: BILL });
    const res = await call(notifications, 'PUT', '/api/notifications/settings', {
      token,
      body: { push_enabled: true, push_url: `${push.url}/${name}`, alert_filters: filters },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}, 240_000);
afterAll(async () => push?.close());

describe('amendment alerts', () => {
  it("tell the bill's followers of a decision and of a new text, as they filter them, opening the amendment", async () => {
    expect((await dispatch([decided])).batchItemFailures).toEqual([]);
    expect((await dispatch([newText])).batchItemFailures).toEqual([]);
    expect(pushesTo('ann').map((p) => p.headers.click)).toEqual([
      'http://localhost:3000/amendments/117-samdt-2137',
      'http://localhost:3000/amendments/117-samdt-2137',
    ]);
    expect(pushesTo('ann')[1]?.body).toContain('New amendment text: S.Amdt. 2137: Modified, 2021-08-09');
    // Ben turned new amendments off: the decision alone.
    expect(pushesTo('ben')).toHaveLength(1);
    expect(pushesTo('ben')[0]?.body).toContain('Amendment SA 2137 agreed to in Senate');
  });

  it('sends a repeated event once', async () => {
    await dispatch([decided], 2);
    expect(pushesTo('ann')).toHaveLength(2);
    expect(pushesTo('ben')).toHaveLength(1);
  });
});

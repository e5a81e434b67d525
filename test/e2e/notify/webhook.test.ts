// The webhook channel over real HTTP against the local stack and its queue pumps: the secret shown once
// (never in GET settings), the test and rotate-secret routes' contracts, and a queued bill event delivered
// to a receiver that verifies every delivery with the Standard Webhooks reference library.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendMessage } from '#shared/adapters/messaging/send.ts';
import { startPushServer, type PushServer, type RecordedPush } from '#test/support/push-server.ts';
import { newDocumentEvent, seedBill, seedBrief } from '../../support/notify-harness.ts';
import { signUp } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

const e2e = useLocalStack({ pumps: true });
const api = () => e2e.client();
const BILL = '118-hr-5151';
let receiver: PushServer;
let token = '';
let secret = '';
/** The secret a rotation replaced, still signing for 24 hours. */
let previous = '';

/** How the tests wait for what the queue pumps deliver in the background. */
const DELIVERY = { timeout: 15_000, interval: 50 };

const verify = (request: RecordedPush, key: string) => new Webhook(key).verify(request.body, request.headers as Record<string, string>);

beforeAll(async () => {
  receiver = await startPushServer();
  token = await signUp(api(), 'e2e-webhook');
  await seedBill(BILL);
  await seedBrief(BILL, 'Funds a bridge.', ['transportation']);
}, 60_000);

afterAll(async () => {
  await receiver.close();
});

describe('webhooks over HTTP', () => {
  it('creates the secret on the first saved webhook_url and shows it in that reply only', async () => {
    const put = await api().request('PUT', '/api/notifications/settings', {
      token,
      body: { webhook_enabled: true, webhook_url: `${receiver.url}/hooks/e2e` },
    });
    expect(put.status).toBe(200);
    secret = put.body.webhook_secret ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(put.body.webhook_secret_set).toBe(true);

    const again = await api().request('PUT', '/api/notifications/settings', { token, body: { webhook_enabled: true } });
    expect(again.body).not.toHaveProperty('webhook_secret');
    const view = await api().request('GET', '/api/notifications/settings', { token });
    expect(view.body).toMatchObject({ webhook_enabled: true, webhook_url: `${receiver.url}/hooks/e2e`, webhook_secret_set: true });
    expect(view.body).not.toHaveProperty('webhook_secret');
    expect(view.text).not.toContain(secret.slice(6));
  });

  it('refuses a webhook_url that is not http(s) with a 422 naming the field', async () => {
    const bad = await api().request('PUT', '/api/notifications/settings', { token, body: { webhook_url: 'gopher://x/y' } });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: [expect.objectContaining({ path: expect.stringContaining('webhook_url') })] });
  });

  it('issue 32.5: sends a test event to the saved URL signed with the saved secret, which the Standard Webhooks reference library verifies', async () => {
    const before = receiver.requests.length;
    const res = await api().request('POST', '/api/notifications/test/webhook', { token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', detail: expect.stringContaining('HTTP 200') });
    expect(res.body).not.toHaveProperty('signing_secret');
    const delivery = await vi.waitUntil(() => receiver.requests[before], DELIVERY);
    expect(delivery.headers['webhook-id']).toBe(res.body.webhook_id);
    // The secret the person stored when the URL was saved checks the test, as it checks real messages.
    expect(verify(delivery, secret)).toMatchObject({ type: 'notification.test', version: 1, id: res.body.webhook_id });
  });

  it('rotates the secret: the new one shown once, the old one kept signing for 24 h', async () => {
    expect((await api().request('POST', '/api/notifications/webhook/rotate-secret')).status).toBe(401);
    const rotated = await api().request('POST', '/api/notifications/webhook/rotate-secret', {
      token,
    });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.webhook_secret;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    expect(new Date(rotated.body.previous_secret_expires_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const view = await api().request('GET', '/api/notifications/settings', { token });
    expect(view.text).not.toContain(fresh.slice(6));
    expect(view.body).toMatchObject({ webhook_previous_secret_expires_at: rotated.body.previous_secret_expires_at });

    previous = secret;
    secret = fresh;
  });

  it('delivers a queued bill event as a verified bill.new_document webhook and marks the channel sent', async () => {
    expect((await api().request('POST', '/api/follows', { token, body: { target_type: 'bill', target_id: BILL } })).status).toBeLessThan(300);
    const before = receiver.requests.length;
    await sendMessage('notification-dispatch', newDocumentEvent(BILL));
    const delivery = await vi.waitUntil(() => receiver.requests[before], DELIVERY);
    // Signed with the current secret and, during the rotation's 24 hours, the replaced one.
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(delivery, previous)).toMatchObject({ type: 'bill.new_document' });
    expect(verify(delivery, secret)).toMatchObject({
      type: 'bill.new_document',
      version: 1,
      data: { event_id: `brief:${BILL}:1`, bill_id: BILL, summary: 'Funds a bridge.' },
    });
    // The channel is marked after the receiver answers, so poll the history briefly.
    const history = await vi.waitUntil(
      async () => {
        const reply = await api().request('GET', '/api/notifications/history', { token });
        return reply.body.items[0]?.channels.webhook === 'sent' && reply;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(history.body.items[0]?.channels).toEqual({ push: 'off', email: 'off', rss: 'off', webhook: 'sent' });
  });
});

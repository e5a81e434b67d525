/**
 * The webhook channel end to end inside the stack: the first saved
 * webhook_url creates the secret (shown once, stored sealed), a dispatched
 * bill event arrives signed so the Standard Webhooks reference library
 * verifies it, a 5xx from the receiver marks the channel failed and the
 * retry resends it alone under the same webhook-id, a redelivery or a
 * de-duplicated event sends nothing, quiet hours and digests hold it and
 * release one batch, a rotation signs with both secrets, and the SSRF guard
 * refuses private endpoints with a 422.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { userKey } from '#shared/adapters/db/users.repository.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import { releaseHeldNotifications } from '#shared/use-cases/notify/release-held.ts';
import { sendNotificationDigests } from '#shared/use-cases/notify/send-digests.ts';
import { WebhookPayload } from '#shared/domain/notify/webhook-payload.ts';
import type { BillEvent, DeliverBatch } from '#shared/adapters/messaging/messages.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer, type RecordedPush } from '#test/support/push-server.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { dispatch, drainDispatchQueue, newDocumentEvent, seedBill, seedBrief } from '../../../../support/notify-harness.ts';
import { newAccount } from '#test/support/accounts.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

const BILL = '118-hr-4040';
let receiver: PushServer;
const users: Record<string, { id: string; token: string; secret: string }> = {};

async function signUp(name: string, ip: number): Promise<void> {
  const email = `${name}@example.org`;
  const { id, token } = await newAccount(email, { sourceIp: `203.0.113.${ip}` });
  users[name] = { id, token, secret: '' };
}

const api = (name: string, method: string, path: string, body?: unknown) => call(notifications, method, path, { token: users[name]?.token, body });
const hooksTo = (name: string) => receiver.requests.filter((r) => r.path === `/hooks/${name}`);
const historyOf = async (name: string) => (await listHistory(users[name]?.id ?? '', 50)).items;

/** Verifies a recorded delivery with the reference library and returns its payload, checked against the schema. */
function verified(request: RecordedPush | undefined, secret: string): WebhookPayload {
  if (!request) throw new Error('no delivery');
  const body = new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
  return WebhookPayload().parse(body);
}

const event = (over: Partial<BillEvent> = {}): BillEvent => newDocumentEvent(BILL, over);

beforeAll(async () => {
  receiver = await startPushServer();
  process.env.NOTIFY_RETRY_BASE_SECONDS = '0';
  resetConfig();
  let ip = 0;
  for (const name of ['wendy', 'quinn', 'dora', 'rory']) await signUp(name, ++ip);
  await seedBill(BILL);
  await seedBrief(BILL, 'Builds rural broadband.', ['broadband']);
  await Promise.all(['wendy', 'quinn', 'dora'].map((n) => createFollow({ userId: users[n]?.id ?? '', targetType: 'bill', targetId: BILL })));
  const hour = new Date().getUTCHours();
  const extra: Record<string, Record<string, unknown>> = {
    wendy: {},
    quinn: { quiet_hours_start: (hour + 23) % 24, quiet_hours_end: (hour + 2) % 24, timezone: 'UTC' },
    dora: { digest_mode: 'daily', timezone: 'UTC' },
  };
  for (const [name, more] of Object.entries(extra)) {
    const saved = await api(name, 'PUT', '/api/notifications/settings', { webhook_enabled: true, webhook_url: `${receiver.url}/hooks/${name}`, ...more });
    expect(saved.status, saved.text).toBe(200);
    const secret = (saved.body as { webhook_secret?: string }).webhook_secret ?? '';
    expect(secret).toMatch(/^whsec_/);
    (users[name] as { secret: string }).secret = secret;
  }
}, 60_000);

afterAll(async () => {
  await receiver.close();
});

describe('the webhook secret', () => {
  it('is shown only in the reply that created it, stored sealed, and never in the settings view', async () => {
    const again = await api('wendy', 'PUT', '/api/notifications/settings', { webhook_url: `${receiver.url}/hooks/wendy` });
    expect(again.body).not.toHaveProperty('webhook_secret');
    expect(again.body).toMatchObject({ webhook_enabled: true, webhook_secret_set: true, webhook_previous_secret_expires_at: null });
    const view = await api('wendy', 'GET', '/api/notifications/settings');
    expect(view.text).not.toContain(users.wendy?.secret.slice(6));
    expect(view.body).not.toHaveProperty('webhook_secret_sealed');
    const stored = await table.getItem({ Key: userKey(users.wendy?.id ?? '') });
    const prefs = stored.Item?.notification_prefs as Record<string, unknown>;
    expect(JSON.stringify(prefs)).not.toContain(users.wendy?.secret.slice(6));
    expect(prefs.webhook_secret_sealed).toMatch(/^v1\./);
  });
});

describe('dispatch over the webhook channel', () => {
  it('delivers a real bill event that the reference library verifies, once, and holds it for quiet hours and digests', async () => {
    receiver.failTopic('wendy', 500);
    expect((await dispatch([event()])).batchItemFailures).toEqual([]);
    expect(hooksTo('wendy')).toHaveLength(1);
    const first = verified(hooksTo('wendy')[0], users.wendy?.secret ?? '');
    expect(first).toMatchObject({
      type: 'bill.new_document',
      version: 1,
      data: {
        event_id: `brief:${BILL}:1`,
        bill_id: BILL,
        follow_mode: 'neutral',
        url: `http://localhost:3000/bills/${BILL}`,
        summary: 'Builds rural broadband.',
      },
    });
    expect(first.id).toBe(hooksTo('wendy')[0]?.headers['webhook-id']);
    const [history] = await historyOf('wendy');
    expect(history?.channels).toEqual({ push: 'off', email: 'off', rss: 'off', webhook: 'failed' });
    expect(history?.errors.webhook).toContain('HTTP 500');
    expect(hooksTo('quinn')).toHaveLength(0);
    expect(hooksTo('dora')).toHaveLength(0);
    expect((await historyOf('quinn'))[0]?.channels.webhook).toBe('held');
    expect((await historyOf('dora'))[0]?.channels.webhook).toBe('digest');
  });

  it('sends nothing again when the same message is redelivered', async () => {
    const before = receiver.requests.length;
    await dispatch([event()], 2);
    expect(receiver.requests.length).toBe(before);
  });

  it('retries the failed webhook under the same webhook-id until the receiver answers 2xx', async () => {
    // The failed attempt scheduled a retry, and so did the redelivery of the previous test (it found the channel failed); the channel's claim lets only one of them send.
    const retries = (await drainDispatchQueue()) as DeliverBatch[];
    expect(retries).toHaveLength(2);
    for (const retry of retries) expect(retry).toMatchObject({ type: 'deliver_batch', attempt: 2, recipients: [{ user_id: users.wendy?.id }] });
    receiver.healTopic('wendy');
    await dispatch(retries);
    const [failed, retried] = hooksTo('wendy');
    expect(hooksTo('wendy')).toHaveLength(2);
    expect(retried?.headers['webhook-id']).toBe(failed?.headers['webhook-id']);
    expect(verified(retried, users.wendy?.secret ?? '').type).toBe('bill.new_document');
    expect((await historyOf('wendy'))[0]?.channels.webhook).toBe('sent');
    expect(await drainDispatchQueue()).toEqual([]);
  });

  it('de-duplicates another event of the same bill and kind within 30 minutes', async () => {
    const before = receiver.requests.length;
    await dispatch([event({ event_id: `brief:${BILL}:1-again` })]);
    expect(receiver.requests.length).toBe(before);
  });

  it('releases the quiet-hours events as one signed batch once quiet hours end', async () => {
    await dispatch([event({ event_id: `action:${BILL}:vote`, kind: 'bill_updated', action_category: 'vote', brief_version: undefined })]);
    expect(hooksTo('quinn')).toHaveLength(0);
    const later = new Date(Date.now() + 3 * 3600 * 1000);
    expect(await releaseHeldNotifications(later)).toMatchObject({ users: 1, messages: 1, delivered: 2 });
    expect(hooksTo('quinn')).toHaveLength(1);
    const request = hooksTo('quinn')[0];
    // Signed when it is sent (the receiver's clock judges the timestamp), not at the run's scheduled time.
    expect(Math.abs(Number(request?.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const batch = verified(request, users.quinn?.secret ?? '');
    expect(batch).toMatchObject({
      type: 'notifications.batch',
      data: { reason: 'quiet_hours', events: [{ type: 'bill.new_document' }, { type: 'bill.updated' }] },
    });
    expect((await historyOf('quinn')).map((e) => e.channels.webhook)).toEqual(['sent', 'sent']);
  });

  it('sends the daily digest as one signed batch', async () => {
    const tomorrow = new Date(Date.now() + 25 * 3600 * 1000);
    expect(await sendNotificationDigests(tomorrow)).toMatchObject({ users: 1, messages_sent: 1 });
    const [digest] = hooksTo('dora');
    expect(verified(digest, users.dora?.secret ?? '')).toMatchObject({ type: 'notifications.batch', data: { reason: 'daily_digest' } });
    expect((await historyOf('dora')).map((e) => e.channels.webhook)).toEqual(['sent', 'sent']);
  });
});

describe('the test and rotate-secret routes', () => {
  it('issue 32.5: signs a test to the saved URL with the saved secret, and one to any other URL with a throw-away secret shown in the result', async () => {
    const saved = await api('wendy', 'POST', '/api/notifications/test/webhook', {});
    expect(saved.body).toMatchObject({
      status: 'ok',
      detail: expect.stringContaining('signed with your saved webhook secret'),
      webhook_id: expect.stringMatching(/^msg_/),
    });
    expect(saved.body).not.toHaveProperty('signing_secret');
    const { webhook_id: id } = saved.body as { webhook_id: string };
    // The receiver checks the test with the secret it already holds, as it checks real messages.
    expect(verified(hooksTo('wendy').at(-1), users.wendy?.secret ?? '')).toMatchObject({ type: 'notification.test', id });
    // The same URL typed in the form (test before save) is the saved URL.
    const typed = await api('wendy', 'POST', '/api/notifications/test/webhook', { webhook_url: `${receiver.url}/hooks/wendy` });
    expect(typed.body).not.toHaveProperty('signing_secret');
    expect(verified(hooksTo('wendy').at(-1), users.wendy?.secret ?? '').type).toBe('notification.test');
    const given = await api('wendy', 'POST', '/api/notifications/test/webhook', { webhook_url: `${receiver.url}/hooks/elsewhere` });
    expect(given.body).toMatchObject({ status: 'ok' });
    const other = (given.body as { signing_secret: string }).signing_secret;
    expect(other).toMatch(/^whsec_/);
    expect(other).not.toBe(users.wendy?.secret);
    expect(verified(hooksTo('elsewhere').at(-1), other).type).toBe('notification.test');
    expect(() => verified(hooksTo('elsewhere').at(-1), users.wendy?.secret ?? '')).toThrow();
    receiver.failTopic('elsewhere', 502);
    const down = await api('wendy', 'POST', '/api/notifications/test/webhook', { webhook_url: `${receiver.url}/hooks/elsewhere` });
    expect(down.body).toMatchObject({ status: 'error', error: expect.stringContaining('HTTP 502') });
  });

  it('issue 24 #15: tests a webhook before its URL was ever saved (test before save, as every channel)', async () => {
    const before = await api('rory', 'GET', '/api/notifications/settings');
    expect(before.body).toMatchObject({ webhook_url: null, webhook_secret_set: false });
    const tested = await api('rory', 'POST', '/api/notifications/test/webhook', { webhook_url: `${receiver.url}/hooks/rory` });
    expect(tested.body).toMatchObject({ status: 'ok', signing_secret: expect.stringMatching(/^whsec_/) });
    expect(verified(hooksTo('rory').at(-1), (tested.body as { signing_secret: string }).signing_secret).type).toBe('notification.test');
    // Testing saves nothing: no URL, no secret.
    expect((await api('rory', 'GET', '/api/notifications/settings')).body).toMatchObject({ webhook_url: null, webhook_secret_set: false });
    const none = await api('rory', 'POST', '/api/notifications/test/webhook', {});
    expect(none.body).toMatchObject({ status: 'error', error: expect.stringContaining('No webhook URL') });
  });

  it('rotates the secret: shown once, and both secrets sign during the 24 h grace', async () => {
    const old = users.wendy?.secret ?? '';
    const rotated = await api('wendy', 'POST', '/api/notifications/webhook/rotate-secret');
    expect(rotated.status).toBe(200);
    const { webhook_secret: fresh, previous_secret_expires_at: until } = rotated.body as { webhook_secret: string; previous_secret_expires_at: string };
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    expect(Math.abs(new Date(until).getTime() - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
    const view = await api('wendy', 'GET', '/api/notifications/settings');
    expect(view.body).toMatchObject({ webhook_secret_set: true, webhook_previous_secret_expires_at: until });
    expect(view.text).not.toContain(fresh.slice(6));

    // A delivery (never a test, signed with a throw-away secret) carries both signatures during the grace.
    const before = hooksTo('wendy').length;
    await dispatch([event({ event_id: `amendment:${BILL}:rotation`, kind: 'new_amendment', action_category: 'new_amendment' })]);
    expect(hooksTo('wendy')).toHaveLength(before + 1);
    const delivery = hooksTo('wendy').at(-1);
    expect(String(delivery?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(new Webhook(fresh).verify(delivery?.body ?? '', delivery?.headers as Record<string, string>)).toBeTruthy();
    expect(new Webhook(old).verify(delivery?.body ?? '', delivery?.headers as Record<string, string>)).toBeTruthy();
  });

  it('refuses a private or loopback webhook URL with a 422 when saving or testing, and sends nothing', async () => {
    process.env.ALLOW_PRIVATE_PUSH_TARGETS = '0';
    resetConfig();
    try {
      const before = receiver.requests.length;
      for (const url of [`${receiver.url}/hooks/wendy`, 'http://169.254.169.254/latest', 'http://[::1]:8080/h', 'http://10.0.0.8/h']) {
        const saved = await api('rory', 'PUT', '/api/notifications/settings', { webhook_enabled: true, webhook_url: url });
        expect(saved.status, url).toBe(422);
        expect(saved.body).toMatchObject({ code: 'notifications.webhook_url_blocked', errors: [{ path: 'body.webhook_url' }] });
        const tested = await api('wendy', 'POST', '/api/notifications/test/webhook', { webhook_url: url });
        expect(tested.status, url).toBe(422);
      }
      // The saved loopback URL (saved while allowed) is refused at send time too.
      const saved = await api('wendy', 'POST', '/api/notifications/test/webhook', {});
      expect(saved.body).toMatchObject({ status: 'error', error: expect.stringContaining('private or reserved') });
      expect(receiver.requests.length).toBe(before);
    } finally {
      process.env.ALLOW_PRIVATE_PUSH_TARGETS = '1';
      resetConfig();
    }
  });
});

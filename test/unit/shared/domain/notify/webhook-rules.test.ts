/**
 * The webhook channel's rules: signatures match the Standard Webhooks
 * reference library (its published vector and ours), a rotation's grace
 * sends both signatures and each verifies alone, the payload is the
 * versioned schema for every kind, a message id is stable across retries,
 * and the SSRF guard refuses private and loopback endpoints.
 */
import type { LookupAddress } from 'node:dns';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '#shared/platform/secret-box.ts';
import { defaultPrefs, NotificationSettingsUpdate } from '#shared/domain/notify/prefs.schema.ts';
import type { NotificationContent } from '#shared/domain/notify/notification.schema.ts';
import { planDelivery } from '#shared/domain/notify/delivery-plan.ts';
import { WebhookPayload, webhookPayload, webhookTestPayload } from '#shared/domain/notify/webhook-payload.ts';
import type { Resolver } from '#shared/adapters/providers/channels/push-sender.ts';
import { generateWebhookSecret, postWebhook, signatureOf, webhookHeaders, webhookUrlProblem } from '#shared/adapters/providers/channels/webhook-sender.ts';
import { webhookSecretsOf } from '#shared/use-cases/notify/webhook-send.ts';
import { messageIdentity } from '#shared/use-cases/notify/message-identity.ts';
import { applySettingsUpdate } from '#shared/use-cases/notify/settings-update.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { handler as system } from '#functions/api/system.ts';
import { call } from '#test/support/api.ts';

describe('signing, as the Standard Webhooks reference library verifies', () => {
  it("matches the specification's published test vector", () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const sig = signatureOf(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(sig).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    expect(sig).toBe(new Webhook(secret).sign('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(1614265330_000), '{"test": 2432232314}'));
  });

  it('signs what the reference library computes, for fresh secrets and bodies with non-ASCII text', () => {
    for (const body of ['{}', JSON.stringify({ title: 'Ley de Reforma — Año 2026 ✓' }), 'x'.repeat(5000)]) {
      const secret = generateWebhookSecret();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(signatureOf(secret, 'msg_1', 1_700_000_000, body)).toBe(new Webhook(secret).sign('msg_1', new Date(1_700_000_000_000), body));
    }
  });

  it('produces headers the reference library accepts, and it refuses a changed body or another secret', () => {
    const secret = generateWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify(webhookTestPayload('msg_abc', new Date()));
    const headers = webhookHeaders([secret], 'msg_abc', now, body);
    expect(Object.keys(headers)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'notification.test', id: 'msg_abc' });
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
  });

  it('sends both signatures during a rotation grace, each verifying with its own secret alone', () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const now = new Date();
    const prefs = {
      webhook_secret_sealed: seal(current),
      webhook_previous_secret_sealed: seal(previous),
      webhook_previous_secret_expires_at: new Date(now.getTime() + 3600_000).toISOString(),
    };
    const secrets = webhookSecretsOf(prefs, now);
    expect(secrets).toEqual([current, previous]);
    const ts = Math.floor(now.getTime() / 1000);
    const headers = webhookHeaders(secrets, 'msg_rot', ts, '{"a":1}');
    expect(String(headers['webhook-signature']).split(' ')).toEqual([
      signatureOf(current, 'msg_rot', ts, '{"a":1}'),
      signatureOf(previous, 'msg_rot', ts, '{"a":1}'),
    ]);
    expect(new Webhook(current).verify('{"a":1}', headers)).toEqual({ a: 1 });
    expect(new Webhook(previous).verify('{"a":1}', headers)).toEqual({ a: 1 });
    // Once the grace has passed, only the new secret signs.
    const after = new Date(now.getTime() + 2 * 3600_000);
    expect(webhookSecretsOf(prefs, after)).toEqual([current]);
    expect(webhookSecretsOf({ ...prefs, webhook_previous_secret_sealed: null, webhook_previous_secret_expires_at: null }, now)).toEqual([current]);
  });
});

const content = (over: Partial<NotificationContent> = {}): NotificationContent => ({
  event_id: 'action:119-hr-3076:1',
  kind: 'bill_updated',
  occurred_at: '2026-03-02T15:00:00.000Z',
  bill_id: '119-hr-3076',
  bill_label: 'H.R. 3076',
  bill_title: 'Postal Service Reform Act',
  summary: 'Reforms the Postal Service.',
  action_category: 'vote',
  action_text: 'Passed House',
  action_date: '2026-03-02',
  status: null,
  previous_status: null,
  text_version: null,
  items: [],
  ...over,
});

describe('the versioned payload', () => {
  const at = new Date('2026-03-02T15:00:05.000Z');

  it('gives every event kind its own type and the event as data, valid against the schema', () => {
    const kinds = {
      bill_updated: 'bill.updated',
      status_changed: 'bill.status_changed',
      new_document: 'bill.new_document',
      new_amendment: 'bill.new_amendment',
      weekly_digest: 'digest.weekly',
    } as const;
    for (const [kind, type] of Object.entries(kinds) as [keyof typeof kinds, string][]) {
      const payload = webhookPayload({ reason: 'event', events: [{ ...content({ kind }), mode: 'neutral' }] }, 'msg_1', at, 'https://bw.example');
      expect(WebhookPayload().parse(payload)).toEqual(payload);
      expect(payload).toMatchObject({ type, version: 1, id: 'msg_1', timestamp: '2026-03-02T15:00:05.000Z', data: { type, event_id: 'action:119-hr-3076:1' } });
    }
    const one = webhookPayload({ reason: 'event', events: [{ ...content(), mode: 'hold_boost' }] }, 'msg_1', at, 'https://bw.example');
    expect(one.data).toMatchObject({
      follow_mode: 'hold_boost',
      url: 'https://bw.example/bills/119-hr-3076',
      action_category: 'vote',
      action_date: '2026-03-02',
    });
  });

  it('sends events that waited as one batch naming why, oldest first', () => {
    const events = [
      { ...content({ event_id: 'a' }), mode: 'neutral' as const },
      { ...content({ event_id: 'b', kind: 'new_document', text_version: 'Engrossed in House (eh)' }), mode: 'neutral' as const },
    ];
    const batch = webhookPayload({ reason: 'quiet_hours', events }, 'msg_2', at, 'https://bw.example');
    expect(WebhookPayload().parse(batch)).toEqual(batch);
    expect(batch).toMatchObject({
      type: 'notifications.batch',
      data: { reason: 'quiet_hours', events: [{ event_id: 'a' }, { event_id: 'b', type: 'bill.new_document' }] },
    });
    expect(() => webhookPayload({ reason: 'event', events }, 'msg_3', at, 'https://bw.example')).toThrow();
  });

  it('is published in the OpenAPI components, every type in it', async () => {
    const doc = (await call(system, 'GET', '/api/openapi.json')).body as { components: { schemas: Record<string, unknown> } };
    const schema = JSON.stringify(doc.components.schemas.WebhookPayload ?? null);
    for (const type of [
      'bill.updated',
      'bill.status_changed',
      'bill.new_document',
      'bill.new_amendment',
      'digest.weekly',
      'notifications.batch',
      'notification.test',
    ]) {
      expect(schema, type).toContain(`"${type}"`);
    }
  });

  it('derives one message identity per user, occasion and events, the same on every retry and on every channel', () => {
    const occasion = { reason: 'event' as const, events: [{ ...content(), mode: 'neutral' as const }] };
    const identity = messageIdentity('u1', occasion);
    expect(identity.webhookId).toMatch(/^msg_[\w-]{27}$/);
    // ntfy's sequence ids and SES tag values allow [-_A-Za-z0-9]; it is also a Message-ID's local part.
    expect(identity.id).toMatch(/^[-_A-Za-z0-9]{27}$/);
    expect(identity.webhookId).toBe(`msg_${identity.id}`);
    expect(messageIdentity('u1', occasion)).toEqual(identity);
    expect(messageIdentity('u2', occasion).id).not.toBe(identity.id);
    expect(messageIdentity('u1', { ...occasion, reason: 'quiet_hours' }).id).not.toBe(identity.id);
  });
});

describe('the webhook settings', () => {
  it('enables the webhook only with a URL and a secret, and in the delivery plan like push', () => {
    expect(applySettingsUpdate(defaultPrefs(), { webhook_enabled: true }, (s) => s).errors.map((e) => e.path)).toEqual(['body.webhook_url']);
    const on = { ...defaultPrefs(), webhook_enabled: true, webhook_url: 'https://hooks.example.org/bw', webhook_secret_sealed: 'sealed' };
    expect(planDelivery(on, 'bill_updated', new Date('2026-01-15T15:00:00Z')).channels.webhook).toBe('pending');
    expect(
      planDelivery({ ...on, quiet_hours_start: 22, quiet_hours_end: 7, timezone: 'UTC' }, 'bill_updated', new Date('2026-01-15T23:00:00Z')).channels.webhook,
    ).toBe('held');
    expect(planDelivery({ ...on, digest_mode: 'daily' }, 'bill_updated', new Date('2026-01-15T15:00:00Z')).channels.webhook).toBe('digest');
    expect(planDelivery({ ...on, webhook_secret_sealed: null }, 'bill_updated', new Date('2026-01-15T15:00:00Z')).channels.webhook).toBe('off');
    // Removing the URL switches the webhook off.
    expect(applySettingsUpdate(on, { webhook_url: null }, (s) => s).prefs.webhook_enabled).toBe(false);
  });

  it('accepts only http(s) webhook URLs and never a secret from the client', () => {
    for (const bad of [{ webhook_url: 'ftp://x/y' }, { webhook_url: 'not a url' }, { webhook_secret: 'whsec_x' }, { webhook_secret_sealed: 'x' }]) {
      expect(NotificationSettingsUpdate().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

/** A resolver that answers fixed addresses per name. */
const fakeDns =
  (table: Record<string, string[]>): Resolver =>
  (hostname, _options, callback) => {
    const answers = table[hostname];
    if (!answers) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      answers.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };

describe('the SSRF guard on webhook URLs', () => {
  const resolve = fakeDns({ 'private.example.test': ['10.0.0.7', '::1'], 'public.example.test': ['93.184.216.34'] });

  it('refuses private, loopback, link-local and names resolving only to them; allows public endpoints', async () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest',
      'http://[::1]:8080/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'https://private.example.test/hook',
      'https://nowhere.example.test/hook',
    ]) {
      expect(await webhookUrlProblem(url, { allowPrivate: false, resolve }), url).toMatch(/private or reserved|does not resolve/);
    }
    expect(await webhookUrlProblem('https://public.example.test/hook', { allowPrivate: false, resolve })).toBeNull();
    expect(await webhookUrlProblem('https://93.184.216.34/hook', { allowPrivate: false, resolve })).toBeNull();
    expect(await webhookUrlProblem('http://127.0.0.1/hook', { allowPrivate: true, resolve })).toBeNull();
  });

  it("lets a save through when DNS does not answer (not the user's to fix; the send re-checks)", async () => {
    const silent: Resolver = () => undefined;
    const failing: Resolver = (_h, _o, callback) => callback(Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' }), []);
    expect(await webhookUrlProblem('https://slow.example.test/hook', { allowPrivate: false, resolve: failing })).toBeNull();
    expect(await webhookUrlProblem('https://slow.example.test/hook', { allowPrivate: false, resolve: silent })).toBeNull();
  }, 10_000);

  describe('at send time', () => {
    let receiver: PushServer;
    beforeAll(async () => {
      receiver = await startPushServer();
    });
    afterAll(() => receiver.close());

    it('never connects to a loopback endpoint unless private targets are allowed', async () => {
      const secret = generateWebhookSecret();
      const message = { url: `${receiver.url}/hook`, id: 'msg_x', timestamp: Math.floor(Date.now() / 1000), body: '{"a":1}', secrets: [secret] };
      await expect(postWebhook(message, { allowPrivate: false })).rejects.toThrow(/private or reserved address, which a webhook may not reach/);
      await expect(
        postWebhook(
          { ...message, url: `http://loopback.example.test:${new URL(receiver.url).port}/hook` },
          {
            allowPrivate: false,
            resolve: fakeDns({ 'loopback.example.test': ['127.0.0.1'] }),
          },
        ),
      ).rejects.toThrow(/resolves only to private or reserved addresses/);
      expect(receiver.requests).toEqual([]);
      await postWebhook(message, { allowPrivate: true });
      const [got] = receiver.requests;
      expect(got?.headers['content-type']).toBe('application/json');
      expect(new Webhook(secret).verify(got?.body ?? '', got?.headers as Record<string, string>)).toEqual({ a: 1 });
    });

    it('treats an error status or a redirect from the endpoint as a failure', async () => {
      receiver.failTopic('down', 503);
      const message = { url: `${receiver.url}/down`, id: 'msg_y', timestamp: Math.floor(Date.now() / 1000), body: '{}', secrets: [generateWebhookSecret()] };
      await expect(postWebhook(message, { allowPrivate: true })).rejects.toThrow(/the webhook endpoint answered HTTP 503/);
    });
  });
});

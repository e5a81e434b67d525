/**
 * Channel settings against DynamoDB Local (issue 24): the push token is
 * sealed and bound to its host (#16), a private push_url is refused at save
 * (#23), a test email to another address carries none of the caller's
 * unsubscribe links (#15; its List-Unsubscribe is the mailto alone, 32.5), and read-modify-writes of the settings are
 * conditional on the version they read (#22): a write that read before
 * another landed reads again instead of undoing it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { open } from '#shared/platform/secret-box.ts';
import { getUser, userKey } from '#shared/adapters/db/users.repository.ts';
import { getNotifiableUsers } from '#shared/adapters/db/notification-prefs.repository.ts';
import { readPrefs } from '#shared/domain/notify/prefs.schema.ts';
import { sealPushTokens } from '#shared/use-cases/migrations/0013-seal-push-tokens.ts';
import { pushTargetOf } from '#shared/use-cases/notify/channels/push.channel.ts';
import { unsubscribeByPost } from '#shared/use-cases/notify/feed-and-unsubscribe.ts';
import { updateSettings } from '#shared/use-cases/notify/settings.ts';
import { webhookSecretsOf } from '#shared/use-cases/notify/webhook-send.ts';
import { rotateWebhookSecret } from '#shared/use-cases/notify/webhook-settings.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { newAccount } from '#test/support/accounts.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

let push: PushServer;
let smtp: SmtpSink;

/** A fresh user (own rate-limit budget): its id and a caller of the notifications API. */
async function signUp(name: string) {
  const email = `${name}@example.org`;
  const { id, token } = await newAccount(email);
  const api = (method: string, path: string, body?: unknown) => call(notifications, method, path, { token, body });
  return { id, api };
}
const storedPrefs = async (id: string) => readPrefs((await getUser(id))?.notification_prefs);

beforeAll(async () => {
  [push, smtp] = await Promise.all([startPushServer(), startSmtpSink()]);
  Object.assign(process.env, smtp.env);
  resetConfig();
}, 60_000);
afterAll(async () => {
  await Promise.all([push.close(), smtp.close()]);
});

describe('issue 24 #16: the push token is protected like the push password', () => {
  it('is stored sealed, answered as push_token_set, and sent as the bearer token', async () => {
    const { id, api } = await signUp('token-sealed');
    const saved = await api('PUT', '/api/notifications/settings', {
      push_enabled: true,
      push_url: `${push.url}/sealed`,
      push_auth: 'token',
      push_token: 'tk_secret_1',
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ push_token_set: true });
    expect(saved.body).not.toHaveProperty('push_token');
    expect(saved.text).not.toContain('tk_secret_1');
    expect((await api('GET', '/api/notifications/settings')).text).not.toContain('tk_secret_1');
    const raw = (await getUser(id))?.notification_prefs;
    expect(JSON.stringify(raw)).not.toContain('tk_secret_1');
    expect(raw?.push_token_sealed).toMatch(/^v1\./);
    const user = (await getNotifiableUsers([id])).get(id);
    expect(user && pushTargetOf(user.prefs).push_token).toBe('tk_secret_1');
  });

  it('is dropped when push_url moves to another host (token auth then asks for it), kept on the same host', async () => {
    const { id, api } = await signUp('token-host');
    await api('PUT', '/api/notifications/settings', { push_enabled: true, push_url: `${push.url}/one`, push_auth: 'token', push_token: 'tk_bound' });
    const sameHost = await api('PUT', '/api/notifications/settings', { push_url: `${push.url}/two` });
    expect(sameHost.body).toMatchObject({ push_token_set: true, push_url: `${push.url}/two` });
    const moved = await api('PUT', '/api/notifications/settings', { push_url: 'https://elsewhere.example.net/two' });
    expect(moved.status).toBe(422);
    expect(moved.body).toMatchObject({ errors: [{ path: 'body.push_token' }] });
    expect((await storedPrefs(id)).push_url).toBe(`${push.url}/two`);
    const noAuth = await api('PUT', '/api/notifications/settings', { push_url: 'https://elsewhere.example.net/two', push_auth: 'none' });
    expect(noAuth.status, noAuth.text).toBe(200);
    expect(noAuth.body).toMatchObject({ push_token_set: false });
    expect((await storedPrefs(id)).push_token_sealed).toBeNull();
  });

  it('migration 0013 seals a token stored in the clear, once', async () => {
    const { id, api } = await signUp('token-legacy');
    await api('PUT', '/api/notifications/settings', { push_enabled: true, push_url: `${push.url}/legacy`, push_auth: 'token', push_token: 'tk_x' });
    // As stored before tokens were sealed.
    await table.updateItem({
      Key: userKey(id),
      UpdateExpression: 'SET notification_prefs.push_token = :t REMOVE notification_prefs.push_token_sealed',
      ExpressionAttributeValues: { ':t': 'tk_legacy' },
    });
    expect((await sealPushTokens()).sealed).toBeGreaterThanOrEqual(1);
    const raw = (await getUser(id))?.notification_prefs;
    expect(raw?.push_token).toBeUndefined();
    expect(open(String(raw?.push_token_sealed))).toBe('tk_legacy');
    expect((await api('GET', '/api/notifications/settings')).body).toMatchObject({ push_token_set: true });
    const again = await sealPushTokens();
    expect(again.sealed).toBe(0);
  });
});

describe('issue 24 #23: a private push_url is refused at save as at send', () => {
  it('answers 422 for a push_url on a private, loopback or metadata address, and saves nothing', async () => {
    const { id, api } = await signUp('private-push');
    process.env.ALLOW_PRIVATE_PUSH_TARGETS = '0';
    resetConfig();
    try {
      for (const url of ['http://169.254.169.254/latest', 'http://127.0.0.1:8080/t', 'http://[::ffff:10.0.0.1]/t', 'http://localhost:9/t']) {
        const res = await api('PUT', '/api/notifications/settings', { push_enabled: true, push_url: url });
        expect(res.status, url).toBe(422);
        expect(res.body, url).toMatchObject({ code: 'notifications.push_url_blocked', errors: [{ path: 'body.push_url' }] });
      }
      expect((await storedPrefs(id)).push_url).toBeNull();
    } finally {
      process.env.ALLOW_PRIVATE_PUSH_TARGETS = '1';
      resetConfig();
    }
  });
});

describe('issue 24 #15: a test email to another address carries no unsubscribe link of the caller', () => {
  it('sends the saved address its unsubscribe links, and any other address none', async () => {
    const { id, api } = await signUp('mail-test');
    await api('PUT', '/api/notifications/settings', { email_enabled: true, email_address: 'mine@example.org' });
    const token = (await getUser(id))?.email_unsubscribe_token ?? '';
    expect(token).not.toBe('');
    const toOther = await api('POST', '/api/notifications/test/email', { email_address: 'stranger@example.org' });
    expect(toOther.body).toMatchObject({ status: 'ok' });
    const other = smtp.messages.find((m) => m.to && !Array.isArray(m.to) && m.to.text === 'stranger@example.org');
    expect(other?.text).not.toContain(token);
    expect(other?.text).not.toContain('/api/notifications/unsubscribe/');
    // Its List-Unsubscribe is the mailto alone (issue 32.5): a way out, and no URL of the caller's.
    expect(other?.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).not.toContain('http');
    expect(other?.headerLines.map((h) => h.key)).not.toContain('list-unsubscribe-post');
    const toMine = await api('POST', '/api/notifications/test/email', {});
    expect(toMine.body).toMatchObject({ status: 'ok' });
    const mine = smtp.messages.find((m) => m.to && !Array.isArray(m.to) && m.to.text === 'mine@example.org');
    expect(mine?.text).toContain(`Unsubscribe from these emails: http://localhost:3000/api/notifications/unsubscribe/${token}\n`);
    expect(mine?.headerLines.map((h) => h.key)).toContain('list-unsubscribe');
  });
});

describe('issue 24 #22: settings writes are conditional on the version they read', () => {
  it('a settings save that read before a one-click unsubscribe does not undo it', async () => {
    const { id, api } = await signUp('race-unsubscribe');
    await api('PUT', '/api/notifications/settings', { email_enabled: true, email_address: 'race@example.org' });
    const token = (await getUser(id))?.email_unsubscribe_token ?? '';
    // The save's request read the user before the unsubscribe landed.
    const readBefore = await getUser(id);
    if (!readBefore) throw new Error('no user');
    await unsubscribeByPost(token, () => undefined);
    expect((await storedPrefs(id)).email_enabled).toBe(false);
    const reply = await updateSettings(readBefore, { quiet_hours_start: 22, quiet_hours_end: 7, timezone: 'UTC' });
    expect(reply).toMatchObject({ email_enabled: false, quiet_hours_start: 22 });
    expect(await storedPrefs(id)).toMatchObject({ email_enabled: false, quiet_hours_start: 22, quiet_hours_end: 7 });
  });

  it('two saves of a first webhook_url show one secret, and it is the one stored', async () => {
    const { id } = await signUp('race-webhook');
    const readBefore = await getUser(id);
    if (!readBefore) throw new Error('no user');
    const replies = await Promise.all([
      updateSettings(readBefore, { webhook_enabled: true, webhook_url: `${push.url}/hooks/a` }),
      updateSettings(readBefore, { webhook_enabled: true, webhook_url: `${push.url}/hooks/a` }),
    ]);
    const shown = replies.flatMap((r) => (r.webhook_secret ? [r.webhook_secret] : []));
    expect(shown).toHaveLength(1);
    expect(webhookSecretsOf(await storedPrefs(id), new Date())).toEqual(shown);
  });

  it('two rotations of the webhook secret each keep what the other showed signing', async () => {
    const { id } = await signUp('race-rotate');
    const first = await getUser(id);
    if (!first) throw new Error('no user');
    await updateSettings(first, { webhook_enabled: true, webhook_url: `${push.url}/hooks/r` });
    const readBefore = await getUser(id);
    if (!readBefore) throw new Error('no user');
    const now = new Date();
    const a = await rotateWebhookSecret(readBefore, now);
    const b = await rotateWebhookSecret(readBefore, now);
    // The later rotation read the earlier one's secret: it keeps signing for the grace period.
    expect(webhookSecretsOf(await storedPrefs(id), now)).toEqual([b.webhook_secret, a.webhook_secret]);
  });

  it('a prefs write never read by a save (the version rose) makes the save read again', async () => {
    const { id } = await signUp('race-version');
    const readBefore = await getUser(id);
    if (!readBefore) throw new Error('no user');
    await updateSettings(readBefore, { rss_enabled: true });
    await updateSettings(readBefore, { push_enabled: true, push_url: `${push.url}/v`, push_auth: 'basic', push_username: 'u', push_password: 'p' });
    // The second save kept the first one's change, though the user it was given predates it.
    expect(await storedPrefs(id)).toMatchObject({ rss_enabled: true, push_enabled: true });
    expect(open(String((await storedPrefs(id)).push_password_sealed))).toBe('p');
  });
});

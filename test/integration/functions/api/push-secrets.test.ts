/**
 * The saved push secrets (the sealed password, never shown; the token) go
 * only to the push target they were saved for: a test push to another
 * server, topic or username must carry its own secret (422 otherwise, and
 * nothing is sent), and a malformed push_url is a 422, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

let push: PushServer;
let attacker: PushServer;
let ip = 0;

/** A fresh user (own rate-limit budget) with the given push settings saved. */
async function userWithPush(settings: Record<string, unknown>) {
  const email = `push-${++ip}@example.org`;
  const { token } = await newAccount(email);
  const api = (method: string, path: string, options: Parameters<typeof call>[3] = {}) => call(notifications, method, path, { token, ...options });
  const saved = await api('PUT', '/api/notifications/settings', { body: settings });
  if (saved.status !== 200) throw new Error(`saving settings failed: ${saved.text}`);
  return api;
}

beforeAll(async () => {
  [push, attacker] = await Promise.all([startPushServer(), startPushServer()]);
});
afterAll(async () => {
  await Promise.all([push.close(), attacker.close()]);
});

describe('a test push never carries a saved secret to another target', () => {
  it('refuses to send the saved password to a server, topic or username the caller chose, and sends nothing', async () => {
    const api = await userWithPush({ push_url: `${push.url}/mine`, push_auth: 'basic', push_username: 'me', push_password: 'hunter22' });
    for (const body of [
      { push_url: `${attacker.url}/mine`, push_auth: 'basic', push_username: 'me' },
      { push_url: `${push.url}/other-topic`, push_auth: 'basic', push_username: 'me' },
      { push_url: `${push.url}/mine`, push_auth: 'basic', push_username: 'someone-else' },
      { push_url: `${push.url}/mine`, push_auth: 'basic' },
    ]) {
      const res = await api('POST', '/api/notifications/test/push', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ code: 'notifications.push_secret_required', errors: [{ path: 'body.push_password' }] });
    }
    expect(attacker.requests).toEqual([]);
    expect(push.requests).toEqual([]);
    // The saved target gets the saved password.
    const same = await api('POST', '/api/notifications/test/push', { body: { push_url: `${push.url}/mine`, push_auth: 'basic', push_username: 'me' } });
    expect(same.body).toEqual({ status: 'ok', detail: 'HTTP 200 OK' });
    expect(push.requests.at(-1)?.headers.authorization).toBe(`Basic ${Buffer.from('me:hunter22').toString('base64')}`);
  });

  it('lets a test with its own password go anywhere, carrying only that password', async () => {
    const api = await userWithPush({ push_url: `${push.url}/mine`, push_auth: 'basic', push_username: 'me', push_password: 'hunter22' });
    const before = attacker.requests.length;
    const own = await api('POST', '/api/notifications/test/push', {
      body: { push_url: `${attacker.url}/mine`, push_auth: 'basic', push_username: 'me', push_password: 'their-own' },
    });
    expect(own.body).toMatchObject({ status: 'ok' });
    expect(attacker.requests.slice(before).map((r) => r.headers.authorization)).toEqual([`Basic ${Buffer.from('me:their-own').toString('base64')}`]);
  });

  it('sends a saved push token only to the saved target', async () => {
    const api = await userWithPush({ push_url: `${push.url}/theirs`, push_auth: 'token', push_token: 'tk_saved' });
    const before = attacker.requests.length;
    const moved = await api('POST', '/api/notifications/test/push', { body: { push_url: `${attacker.url}/theirs`, push_auth: 'token' } });
    expect(moved.status).toBe(422);
    expect(moved.body).toMatchObject({ code: 'notifications.push_secret_required', errors: [{ path: 'body.push_token' }] });
    expect(attacker.requests.length).toBe(before);
    const same = await api('POST', '/api/notifications/test/push', { body: { push_url: `${push.url}/theirs`, push_auth: 'token' } });
    expect(same.body).toMatchObject({ status: 'ok' });
    expect(push.requests.at(-1)?.headers.authorization).toBe('Bearer tk_saved');
  });
});

describe('a malformed push_url', () => {
  it('answers 422 naming body.push_url, never 500, on the test and on the settings', async () => {
    const api = await userWithPush({});
    const bad = ['http://[::1', 'http://a b/topic', 'http://x:99999/t', 'http://%/t', 'https://ntfy.example.org/%zz', 'https://ntfy.example.org/', 'ftp://x/t'];
    for (const push_url of bad.slice(0, 5)) {
      const res = await api('POST', '/api/notifications/test/push', { body: { push_url } });
      expect(res.status, push_url).toBe(422);
      expect(res.body).toMatchObject({ errors: [{ path: 'body.push_url' }] });
    }
    for (const push_url of bad) {
      const res = await api('PUT', '/api/notifications/settings', { body: { push_url } });
      expect(res.status, push_url).toBe(422);
      expect(res.body).toMatchObject({ errors: [{ path: 'body.push_url' }] });
    }
  });
});

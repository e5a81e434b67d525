import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { tokenKeys } from '#shared/adapters/db/keys/token.keys.ts';
import { getUser, userKey } from '#shared/adapters/db/users.repository.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { newAccount } from '#test/support/accounts.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

let push: PushServer;
let smtp: SmtpSink;
let token = '';
let userId = '';
let otherToken = '';

const api = (method: string, path: string, options: Parameters<typeof call>[3] = {}) => call(notifications, method, path, { token, ...options });

beforeAll(async () => {
  [push, smtp] = await Promise.all([startPushServer(), startSmtpSink({ user: 'mailer', password: 'mail-pass' })]);
  Object.assign(process.env, smtp.env);
  resetConfig();
  ({ id: userId, token } = await newAccount('owner@example.org'));
  ({ token: otherToken } = await newAccount('other@example.org'));
}, 60_000);

afterAll(async () => {
  await Promise.all([push.close(), smtp.close()]);
});

describe('notification settings', () => {
  it('reads defaults, creates the RSS token on first read and keeps it', async () => {
    const first = await api('GET', '/api/notifications/settings');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      push_enabled: false,
      push_auth: 'none',
      push_password_set: false,
      email_enabled: false,
      digest_mode: 'off',
      rss_enabled: false,
      quiet_hours_start: null,
      timezone: null,
      alert_filters: null,
      telegram: { status: 'coming_soon' },
      discord: { status: 'coming_soon' },
    });
    const url = (first.body as { rss_feed_url: string }).rss_feed_url;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/notifications\/feed\/[\w-]{32}$/);
    const again = await api('GET', '/api/notifications/settings');
    expect((again.body as { rss_feed_url: string }).rss_feed_url).toBe(url);
    // The token item is listed on the profile, so deleting the user removes it.
    const profile = await table.getItem({ Key: userKey(userId) });
    const token = url.split('/').pop();
    expect(profile.Item?.external_keys).toEqual([tokenKeys.token('rss', String(token))]);
  });

  it('stores the push password sealed and only ever answers push_password_set', async () => {
    const res = await api('PUT', '/api/notifications/settings', {
      body: { push_enabled: true, push_url: `${push.url}/mine`, push_auth: 'basic', push_username: 'me', push_password: 'hunter22' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ push_password_set: true, push_username: 'me' });
    expect(res.text).not.toContain('hunter22');
    const stored = await getUser(userId);
    expect(JSON.stringify(stored?.notification_prefs)).not.toContain('hunter22');
    expect(stored?.notification_prefs?.push_password_sealed).toMatch(/^v1\./);
  });

  it('creates the unsubscribe token on the first email-address save (Save and Enable)', async () => {
    expect((await getUser(userId))?.email_unsubscribe_token).toBeUndefined();
    const res = await api('PUT', '/api/notifications/settings', { body: { email_address: 'Owner+Alerts@Example.org', email_enabled: true } });
    expect(res.body).toMatchObject({ email_enabled: true, email_address: 'owner+alerts@example.org' });
    expect((await getUser(userId))?.email_unsubscribe_token).toMatch(/^[\w-]{32}$/);
  });

  it('keeps the saved push password bound to its push_url and username: moving either asks for it again', async () => {
    const moved = await api('PUT', '/api/notifications/settings', { body: { push_url: 'https://attacker.example.net/mine' } });
    expect(moved.status).toBe(422);
    expect(moved.body).toMatchObject({ code: 'notifications.invalid_settings', errors: [{ path: 'body.push_password' }] });
    expect((await getUser(userId))?.notification_prefs?.push_url).toBe(`${push.url}/mine`);
    expect((await api('GET', '/api/notifications/settings')).body).toMatchObject({ push_password_set: true });
  });

  it('clears the time zone with quiet hours and refuses bad values with 422 field errors', async () => {
    const set = await api('PUT', '/api/notifications/settings', { body: { quiet_hours_start: 22, quiet_hours_end: 7, timezone: 'America/Chicago' } });
    expect(set.body).toMatchObject({ quiet_hours_start: 22, quiet_hours_end: 7, timezone: 'America/Chicago' });
    const cleared = await api('PUT', '/api/notifications/settings', { body: { quiet_hours_start: null, quiet_hours_end: null } });
    expect(cleared.body).toMatchObject({ quiet_hours_start: null, quiet_hours_end: null, timezone: null });
    const digest = await api('PUT', '/api/notifications/settings', { body: { digest_mode: 'daily', timezone: 'America/New_York' } });
    expect(digest.body).toMatchObject({ digest_mode: 'daily', timezone: 'America/New_York' });
    expect((await api('GET', '/api/notifications/settings')).body).toMatchObject({ digest_mode: 'daily', timezone: 'America/New_York' });
    await api('PUT', '/api/notifications/settings', { body: { digest_mode: 'off' } });
    const badZone = await api('PUT', '/api/notifications/settings', { body: { timezone: 'Mars/Olympus_Mons' } });
    expect(badZone.status).toBe(422);
    expect(badZone.body).toMatchObject({ errors: [{ path: 'body.timezone' }] });
    const half = await api('PUT', '/api/notifications/settings', { body: { quiet_hours_start: 3 } });
    expect(half.status).toBe(422);
    expect(half.body).toMatchObject({ code: 'notifications.invalid_settings', errors: [{ path: 'body.quiet_hours_end' }] });
    expect((await api('PUT', '/api/notifications/settings', { body: { telegram: { token: 'x' } } })).status).toBe(422);
    expect((await api('PUT', '/api/notifications/settings', { rawBody: '{' })).status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await call(notifications, 'GET', '/api/notifications/settings')).status).toBe(401);
  });
});

describe('channel tests', () => {
  it('checks the feed token and counts the events of the feed; a feed that is off does not pass (issue 32.5)', async () => {
    // An account of its own: the channel tests are rate-limited per user, and the owner's are counted below.
    const { token: reader } = await newAccount('reader@example.org');
    const feed = (body?: unknown) => call(notifications, 'POST', '/api/notifications/test/rss', { token: reader, ...(body ? { body } : {}) });
    await call(notifications, 'GET', '/api/notifications/settings', { token: reader });
    const off = await feed();
    expect(off.body).toMatchObject({ status: 'error', event_count: 0, error: expect.stringContaining('RSS is off') });
    expect(off.body).not.toHaveProperty('detail');
    // Test before save: the on/off on screen, not the saved one.
    const onScreen = await feed({ rss_enabled: true });
    expect(onScreen.body).toMatchObject({ status: 'ok', event_count: 0, detail: 'Your feed holds 0 events and answers once you save with RSS on' });
    expect((await feed({ rss_enabled: 'yes' })).status).toBe(422);
    await call(notifications, 'PUT', '/api/notifications/settings', { token: reader, body: { rss_enabled: true } });
    expect((await feed()).body).toMatchObject({ status: 'ok', detail: 'Your feed holds 0 events' });
    const fresh = await call(notifications, 'POST', '/api/notifications/test/rss', { token: otherToken });
    expect(fresh.body).toMatchObject({ status: 'error', error: expect.stringContaining('open the notification settings') });
  });

  it('sends a real push with the request values, not the saved ones', async () => {
    const res = await api('POST', '/api/notifications/test/push', { body: { push_url: `${push.url}/trial`, push_auth: 'token', push_token: 'tk_trial' } });
    expect(res.body).toEqual({ status: 'ok', detail: 'HTTP 200 OK' });
    const req = push.requests.at(-1);
    expect(req?.path).toBe('/trial');
    expect(req?.headers).toMatchObject({
      title: 'BillWatch test notification',
      click: 'http://localhost:3000/notifications',
      authorization: 'Bearer tk_trial',
      priority: 'default',
    });
  });

  it('uses the saved password for a basic-auth test that omits it only for the saved push_url and username', async () => {
    const res = await api('POST', '/api/notifications/test/push', { body: { push_url: `${push.url}/mine`, push_auth: 'basic', push_username: 'me' } });
    expect(res.body).toEqual({ status: 'ok', detail: 'HTTP 200 OK' });
    expect(push.requests.at(-1)?.headers.authorization).toBe(`Basic ${Buffer.from('me:hunter22').toString('base64')}`);
  });

  it('returns the failure reason of a push server error or an unreachable server', async () => {
    push.failTopic('denied', 403);
    const denied = await api('POST', '/api/notifications/test/push', { body: { push_url: `${push.url}/denied` } });
    expect(denied.body).toMatchObject({ status: 'error', error: expect.stringContaining('HTTP 403') });
    const closed = await api('POST', '/api/notifications/test/push', { body: { push_url: 'http://127.0.0.1:1/t' } });
    expect(closed.body).toMatchObject({ status: 'error', error: expect.stringContaining('could not reach the push server') });
  });

  it('refuses private and metadata targets unless the deployment allows them', async () => {
    process.env.ALLOW_PRIVATE_PUSH_TARGETS = '0';
    resetConfig();
    try {
      const before = push.requests.length;
      for (const url of [`${push.url}/t`, 'http://169.254.169.254/latest', 'http://[::ffff:127.0.0.1]:8080/t', 'http://localhost:9/t']) {
        const res = await api('POST', '/api/notifications/test/push', { body: { push_url: url } });
        expect(res.body, url).toMatchObject({ status: 'error', error: expect.stringMatching(/private or reserved/) });
      }
      expect(push.requests.length).toBe(before);
    } finally {
      process.env.ALLOW_PRIVATE_PUSH_TARGETS = '1';
      resetConfig();
    }
  });

  it('sends a test email over authenticated SMTP with the unsubscribe headers', async () => {
    const res = await api('POST', '/api/notifications/test/email', { body: {} });
    expect(res.body).toEqual({ status: 'ok', detail: 'Test email sent to owner+alerts@example.org via SMTP' });
    const mail = smtp.messages.at(-1);
    expect(mail?.subject).toBe('BillWatch test notification');
    expect(mail?.headerLines.map((h) => h.key)).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));
  });

  it("issue 32.5: a test email to an address not saved yet carries List-Unsubscribe too (the mailto, none of the caller's URLs)", async () => {
    const { token: newcomer } = await newAccount('newcomer@example.org');
    const res = await call(notifications, 'POST', '/api/notifications/test/email', { token: newcomer, body: { email_address: 'typed@example.org' } });
    expect(res.body).toMatchObject({ status: 'ok' });
    const mail = smtp.messages.at(-1);
    expect(mail?.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toMatch(/^List-Unsubscribe: <mailto:[^>]+\?subject=unsubscribe>$/);
    expect(mail?.headerLines.map((h) => h.key)).not.toContain('list-unsubscribe-post');
  });

  it('describes an SMTP failure', async () => {
    process.env.SMTP_PASSWORD = 'wrong';
    resetConfig();
    try {
      const res = await call(notifications, 'POST', '/api/notifications/test/email', { token: otherToken, body: { email_address: 'x@example.org' } });
      expect(res.body).toEqual({ status: 'error', error: 'The mail server refused the SMTP username or password' });
    } finally {
      process.env.SMTP_PASSWORD = 'mail-pass';
      resetConfig();
    }
  });

  it('rate-limits channel tests to 10 per hour per user', async () => {
    // The other user has made 2 test calls above (RSS, email): 8 more pass, the 11th of the hour is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await call(notifications, 'POST', '/api/notifications/test/rss', { token: otherToken })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('feed and unsubscribe', () => {
  const unsubscribeToken = async () => (await getUser(userId))?.email_unsubscribe_token ?? '';
  const emailEnabled = async () => (await getUser(userId))?.notification_prefs?.email_enabled;

  it('serves the feed only while RSS is enabled, and 404 for an unknown token', async () => {
    const view = await api('GET', '/api/notifications/settings');
    const path = new URL((view.body as { rss_feed_url: string }).rss_feed_url).pathname;
    expect((await call(notifications, 'GET', path)).status).toBe(404);
    await api('PUT', '/api/notifications/settings', { body: { rss_enabled: true } });
    const feed = await call(notifications, 'GET', path);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('<rss version="2.0"');
    expect((await call(notifications, 'GET', '/api/notifications/feed/nope')).status).toBe(404);
  });

  it("changes nothing on any GET of the unsubscribe URL (header URL, body link, a link scanner), showing the page in the app's look under a strict policy", async () => {
    const t = await unsubscribeToken();
    for (const query of [undefined, { source: 'link' }]) {
      const res = await call(notifications, 'GET', `/api/notifications/unsubscribe/${t}`, query ? { query } : {});
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.text).toContain('owner+alerts@example.org');
      expect(res.text).toContain(`<form method="post" action="http://localhost:3000/api/notifications/unsubscribe/${t}">`);
      expect(res.text).toContain('name="List-Unsubscribe" value="One-Click"');
      expect(res.text).toMatch(/<button type="submit" class="usa-button">Unsubscribe<\/button>/);
      expect(res.text).toContain('<header class="usa-header');
      expect(res.text).not.toMatch(/<script/i);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(await emailEnabled()).toBe(true);
    }
  });

  it("unsubscribes on the page's button (a POST) and offers a re-subscribe POST that undoes it", async () => {
    const t = await unsubscribeToken();
    const res = await call(notifications, 'POST', `/api/notifications/unsubscribe/${t}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain('owner+alerts@example.org');
    expect(res.text).toContain(`action="http://localhost:3000/api/notifications/unsubscribe/${t}"`);
    expect(res.text).toContain('value="resubscribe"');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(await emailEnabled()).toBe(false);
    const back = await call(notifications, 'POST', `/api/notifications/unsubscribe/${t}`, {
      rawBody: 'action=resubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(back.status).toBe(200);
    expect(await emailEnabled()).toBe(true);
  });

  it('takes the RFC 8058 one-click POST, form-encoded or multipart: 200, no redirect, no cookie', async () => {
    const t = await unsubscribeToken();
    const form = await call(notifications, 'POST', `/api/notifications/unsubscribe/${t}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(200);
    expect(form.headers['set-cookie']).toBeUndefined();
    expect(form.headers.location).toBeUndefined();
    expect(await emailEnabled()).toBe(false);
    await api('PUT', '/api/notifications/settings', { body: { email_enabled: true } });
    const multipart = '--b0undary\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b0undary--\r\n';
    const mp = await call(notifications, 'POST', `/api/notifications/unsubscribe/${t}`, {
      rawBody: multipart,
      headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
    });
    expect(mp.status).toBe(200);
    expect(await emailEnabled()).toBe(false);
  });

  it('answers 404 for an unknown unsubscribe token, as a page a browser shows rather than raw JSON', async () => {
    const opened = await call(notifications, 'GET', '/api/notifications/unsubscribe/unknown-token', { query: { source: 'link' } });
    expect(opened.status).toBe(404);
    expect(opened.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
    expect(opened.text).toMatch(/^<!doctype html>.*This link no longer works/s);
    expect((await call(notifications, 'POST', '/api/notifications/unsubscribe/unknown-token', { rawBody: 'List-Unsubscribe=One-Click' })).status).toBe(404);
  });

  it('lists the history (empty here) in the list envelope', async () => {
    const res = await api('GET', '/api/notifications/history', { query: { limit: '5' } });
    expect(res.body).toEqual({ items: [], next_cursor: null });
    expect((await api('GET', '/api/notifications/history', { query: { limit: '500' } })).status).toBe(422);
  });
});

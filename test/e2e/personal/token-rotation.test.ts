// Rotating the tokens that stand in for a login (RSS feed, calendar, collection share link, unsubscribe link) over HTTP:
// the new token works, the old one answers 404 at once, only the owner can rotate, and the owner's external_keys
// list exactly the current token items, so deleting the user still removes them.
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenKeys } from '#shared/adapters/db/keys/token.keys.ts';
import { collectionKeys } from '#shared/adapters/db/keys/collection.keys.ts';
import { userKeys } from '#shared/adapters/db/keys/user.keys.ts';
import { seedBill } from '#test/support/personal-seed.ts';
import { useLocalStack } from '../support/e2e-stack.ts';
import { signUp } from '../support/accounts.ts';
import * as table from '#shared/adapters/db/table-client.ts';

const e2e = useLocalStack();
const api = () => e2e.client();
let alice = '';
let bob = '';

const item = async (key: { pk: string; sk: string }) => (await table.getItem({ Key: key, ConsistentRead: true })).Item;
const me = async (token: string) => (await api().request('GET', '/api/auth/me', { token })).body.id;
const pathOf = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  await seedBill(119, 'hr', 1);
  [alice, bob] = await Promise.all([signUp(api(), 'rotate-a'), signUp(api(), 'rotate-b')]);
});

describe('RSS feed token', () => {
  it('answers a new token and feed URL; the old feed URL answers 404 at once and the new one serves the feed', async () => {
    await api().request('PUT', '/api/notifications/settings', { token: alice, body: { rss_enabled: true } });
    const before = (await api().request('GET', '/api/notifications/settings', { token: alice })).body.rss_feed_url;
    expect((await api().raw('GET', pathOf(before))).status).toBe(200);

    const rotated = await api().request('POST', '/api/notifications/rss/rotate-token', { token: alice });
    expect(rotated.status).toBe(200);
    expect(rotated.body.rss_feed_url.endsWith(`/api/notifications/feed/${rotated.body.rss_token}`)).toBe(true);
    expect(rotated.body.rss_feed_url).not.toBe(before);
    expect((await api().raw('GET', pathOf(before))).status).toBe(404);
    expect((await api().raw('GET', pathOf(rotated.body.rss_feed_url))).status).toBe(200);
    const settings = await api().request('GET', '/api/notifications/settings', { token: alice });
    expect(settings.body.rss_feed_url).toBe(rotated.body.rss_feed_url);

    // The profile lists the new token item in place of the old one (beside the calendar's, made by the same first settings read), and the old item is gone.
    const profile = await item(userKeys.profile(await me(alice)));
    expect(profile?.rss_token).toBe(rotated.body.rss_token);
    expect(profile?.external_keys).toEqual([tokenKeys.token('rss', rotated.body.rss_token), tokenKeys.token('calendar', String(profile?.calendar_token))]);
    expect(await item(tokenKeys.token('rss', pathOf(before).split('/').pop() as string))).toBeUndefined();
  });

  it('gives a user who never opened the settings their first token, and needs a session', async () => {
    const first = await api().request('POST', '/api/notifications/rss/rotate-token', { token: bob });
    expect(first.status).toBe(200);
    const second = await api().request('POST', '/api/notifications/rss/rotate-token', { token: bob });
    expect(second.body.rss_token).not.toBe(first.body.rss_token);
    expect((await item(userKeys.profile(await me(bob))))?.external_keys).toEqual([tokenKeys.token('rss', second.body.rss_token)]);
    expect((await api().request('POST', '/api/notifications/rss/rotate-token')).status).toBe(401);
  });
});

describe('calendar token', () => {
  it('answers a new token and calendar URL; the old calendar URL answers 404 at once and the new one serves the calendar', async () => {
    const before = (await api().request('GET', '/api/notifications/settings', { token: bob })).body.calendar_url;
    const served = await api().raw('GET', pathOf(before));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(served.text).toMatch(/^BEGIN:VCALENDAR\r\n/);

    const rotated = await api().request('POST', '/api/notifications/calendar-token', { token: bob });
    expect(rotated.status).toBe(200);
    expect(rotated.body.calendar_url.endsWith(`/api/calendar/${rotated.body.calendar_token}.ics`)).toBe(true);
    expect((await api().raw('GET', pathOf(before))).status).toBe(404);
    expect((await api().raw('GET', pathOf(rotated.body.calendar_url))).status).toBe(200);
    const profile = await item(userKeys.profile(await me(bob)));
    expect(profile?.calendar_token).toBe(rotated.body.calendar_token);
    expect(profile?.external_keys).toContainEqual(tokenKeys.token('calendar', rotated.body.calendar_token));
    expect(
      await item(
        tokenKeys.token(
          'calendar',
          pathOf(before)
            .split('/')
            .pop()!
            .replace(/\.ics$/, ''),
        ),
      ),
    ).toBeUndefined();
    expect((await api().request('POST', '/api/notifications/calendar-token')).status).toBe(401);
  });
});

describe('collection share token', () => {
  it('lets the owner rotate: the old link answers 404 at once, the new one serves the collection', async () => {
    const c = (await api().request('POST', '/api/collections', { token: alice, body: { name: 'Rotating', is_public: true } })).body;
    await api().request('PUT', `/api/collections/${c.id}/bills/119-hr-1`, { token: alice });
    expect((await api().request('GET', `/api/share/collection/${c.share_token}`)).status).toBe(200);

    const rotated = await api().request('POST', `/api/collections/${c.id}/rotate-share-token`, { token: alice });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ id: c.id, name: 'Rotating', is_public: true, bill_count: 1 });
    expect(rotated.body.share_token).toMatch(/^[0-9a-f-]{36}$/);
    expect(rotated.body.share_token).not.toBe(c.share_token);
    for (const path of [`/api/share/collection/${c.share_token}`, `/api/collections/share/${c.share_token}`]) {
      expect((await api().raw('GET', path)).status, path).toBe(404);
    }
    const shared = await api().request('GET', `/api/share/collection/${rotated.body.share_token}`);
    expect(shared.status).toBe(200);
    expect(shared.body.bills?.items.map((b) => b.id)).toEqual(['119-hr-1']);

    const stored = await item(collectionKeys.collection(await me(alice), c.id));
    expect(stored?.external_keys).toEqual([tokenKeys.token('collection', rotated.body.share_token)]);
    expect(await item(tokenKeys.token('collection', c.share_token))).toBeUndefined();
  });

  it("answers 404 to anyone but the owner and leaves the owner's link working", async () => {
    const c = (await api().request('POST', '/api/collections', { token: alice, body: { name: 'Not yours', is_public: true } })).body;
    const res = await api().request('POST', `/api/collections/${c.id}/rotate-share-token`, { token: bob });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'collection.not_found' });
    expect((await api().request('GET', `/api/share/collection/${c.share_token}`)).status).toBe(200);
    expect((await api().request('POST', `/api/collections/${c.id}/rotate-share-token`)).status).toBe(401);
    expect((await api().request('POST', '/api/collections/not-a-uuid/rotate-share-token', { token: alice })).status).toBe(422);
  });
});

describe('unsubscribe token', () => {
  it('is replaced when the email address changes: the old unsubscribe link answers 404, the new one works', async () => {
    const userId = await me(bob);
    await api().request('PUT', '/api/notifications/settings', { token: bob, body: { email_address: 'first@example.org', email_enabled: true } });
    const first = String((await item(userKeys.profile(userId)))?.email_unsubscribe_token);
    expect((await api().request('GET', `/api/notifications/unsubscribe/${first}`)).status).toBe(200);

    // Saving other settings, or the same address again, keeps the link.
    await api().request('PUT', '/api/notifications/settings', { token: bob, body: { email_address: 'first@example.org', digest_mode: 'off' } });
    expect((await item(userKeys.profile(userId)))?.email_unsubscribe_token).toBe(first);

    await api().request('PUT', '/api/notifications/settings', { token: bob, body: { email_address: 'second@example.org' } });
    const profile = await item(userKeys.profile(userId));
    const second = String(profile?.email_unsubscribe_token);
    expect(second).not.toBe(first);
    expect((await api().request('GET', `/api/notifications/unsubscribe/${first}`)).status).toBe(404);
    expect(
      (
        await api().request('POST', `/api/notifications/unsubscribe/${first}`, {
          rawBody: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(404);
    expect((await api().request('GET', `/api/notifications/unsubscribe/${second}`)).status).toBe(200);
    expect(profile?.external_keys).toEqual(expect.arrayContaining([tokenKeys.token('unsubscribe', second)]));
    expect(profile?.external_keys).not.toEqual(expect.arrayContaining([tokenKeys.token('unsubscribe', first)]));
    expect(await item(tokenKeys.token('unsubscribe', first))).toBeUndefined();
  });
});

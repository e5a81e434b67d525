// Notifications over real HTTP against the local stack, its queue pumps and its SMTP sink:
// settings, a bill event queued for the dispatcher, push + email + RSS, history, unsubscribe and the test sends.
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendMessage } from '#shared/adapters/messaging/send.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { newDocumentEvent, seedBill, seedBrief } from '../../support/notify-harness.ts';
import { signUp } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

const e2e = useLocalStack({ pumps: true });
const api = () => e2e.client();
const BILL = '118-hr-4242';
let push: PushServer;
let token = '';

/** How the tests wait for what the queue pumps deliver in the background. */
const DELIVERY = { timeout: 15_000, interval: 50 };

beforeAll(async () => {
  push = await startPushServer();
  token = await signUp(api(), 'e2e-notify');
  await seedBill(BILL);
  await seedBrief(BILL, 'Names a post office.', ['postal-service']);
}, 60_000);

afterAll(async () => {
  await push.close();
});

describe('notifications over HTTP', () => {
  it('delivers a queued bill event over push, email and RSS and shows it in the history', async () => {
    expect(
      (await api().request('POST', '/api/follows', { token, body: { target_type: 'bill', target_id: BILL, follow_mode: 'hold_boost' } })).status,
    ).toBeLessThan(300);
    const put = await api().request('PUT', '/api/notifications/settings', {
      token,
      body: { push_enabled: true, push_url: `${push.url}/e2e`, email_enabled: true, email_address: 'e2e-notify@example.org', rss_enabled: true },
    });
    expect(put.status).toBe(200);

    await sendMessage('notification-dispatch', newDocumentEvent(BILL));
    const published = await vi.waitUntil(() => push.requests[0], DELIVERY);
    expect(published.headers).toMatchObject({ title: 'New Bill Text: H.R. 4242', priority: 'default', tags: 'page' });
    const file = await vi.waitUntil(() => e2e.stack().smtp.files[0], DELIVERY);
    const mail = await simpleParser(readFileSync(file));
    expect(mail.subject).toBe('New Bill Text: H.R. 4242');

    const history = await api().request('GET', '/api/notifications/history', { token });
    expect(history.body.items).toEqual([
      expect.objectContaining({ kind: 'new_document', channels: { push: 'sent', email: 'sent', rss: 'sent', webhook: 'off' } }),
    ]);

    const settings = await api().request('GET', '/api/notifications/settings', { token });
    const feed = await api().raw('GET', new URL(settings.body.rss_feed_url).pathname);
    expect(feed.headers.get('content-type')).toContain('application/rss+xml');
    expect(new XMLParser().parse(feed.text).rss.channel.item).toMatchObject({ category: 'new_document', title: 'New Bill Text: H.R. 4242' });

    // Every GET changes nothing (the header URL, the body link): the page's button (a POST) unsubscribes.
    const link = /Unsubscribe from these emails: (http\S+)/.exec(mail.text ?? '')?.[1] ?? '';
    // mailparser reads List-* headers into an object: the raw header line carries the URL as sent.
    const headerUrl = /<(http[^>]+)>/.exec(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '')?.[1] ?? '';
    expect(link).toBe(headerUrl);
    const rel = (u: string) => new URL(u).pathname + new URL(u).search;
    for (const url of [headerUrl, `${link}?source=link`]) {
      const page = await api().raw('GET', rel(url));
      expect(page.status).toBe(200);
      expect(page.text).toContain('Unsubscribe from BillWatch emails?');
      expect(page.headers.get('x-frame-options')).toBe('DENY');
    }
    expect((await api().request('GET', '/api/notifications/settings', { token })).body.email_enabled).toBe(true);
    const oneClick = await api().raw('POST', rel(headerUrl), {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.headers.get('set-cookie')).toBeNull();
    expect(oneClick.text).toContain('Re-subscribe');
    expect((await api().request('GET', '/api/notifications/settings', { token })).body.email_enabled).toBe(false);
  });

  it('sends a test push and a test email and checks the feed', async () => {
    const pushed = await api().request('POST', '/api/notifications/test/push', { token, body: { push_url: `${push.url}/trial` } });
    expect(pushed.body).toMatchObject({ status: 'ok' });
    const mailed = await api().request('POST', '/api/notifications/test/email', { token, body: { email_address: 'e2e-notify@example.org' } });
    expect(mailed.body).toMatchObject({ status: 'ok' });
    const feed = await api().request('POST', '/api/notifications/test/rss', { token });
    expect(feed.body).toMatchObject({ status: 'ok', event_count: 1 });
  });
});

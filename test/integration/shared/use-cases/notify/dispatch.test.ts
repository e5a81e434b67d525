import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { handler as notifyJobs } from '#functions/jobs/notify.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import { releaseHeldNotifications } from '#shared/use-cases/notify/release-held.ts';
import { sendNotificationDigests } from '#shared/use-cases/notify/send-digests.ts';
import { sendWeeklyDigest } from '#shared/use-cases/notify/weekly-digest.ts';
import type { BillEvent, DeliverBatch } from '#shared/adapters/messaging/messages.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { dispatch, drainDispatchQueue, newDocumentEvent, seedBill, seedBrief } from '../../../../support/notify-harness.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

const BILL = '118-hr-3076';
let push: PushServer;
let smtp: SmtpSink;
const users: Record<string, { id: string; token: string; email: string }> = {};

async function signUp(name: string): Promise<void> {
  const email = `${name}@example.org`;
  const { id, token } = await newAccount(email);
  users[name] = { id, token, email };
}

const settings = async (name: string, body: Record<string, unknown>) => {
  const res = await call(notifications, 'PUT', '/api/notifications/settings', { token: users[name]?.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const historyOf = async (name: string) => (await listHistory(users[name]?.id ?? '', 50)).items;
const pushesTo = (topic: string) => push.requests.filter((r) => r.path === `/${topic}`);
const mailsTo = (name: string) => smtp.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === users[name]?.email);

const event = (over: Partial<BillEvent> = {}): BillEvent => newDocumentEvent(BILL, over);

beforeAll(async () => {
  [push, smtp] = await Promise.all([startPushServer(), startSmtpSink()]);
  Object.assign(process.env, smtp.env, { NOTIFY_RETRY_BASE_SECONDS: '0' });
  resetConfig();
  for (const name of ['alice', 'bob', 'carol', 'dave', 'erin']) await signUp(name);
  await seedBill(BILL);
  await seedBrief(BILL, 'Reforms the finances and operations of the United States Postal Service.', ['postal-service']);
  const hour = new Date().getUTCHours();
  const id = (n: string) => users[n]?.id ?? '';
  await Promise.all([
    createFollow({ userId: id('alice'), targetType: 'bill', targetId: BILL, followMode: 'hold_boost' }),
    createFollow({ userId: id('alice'), targetType: 'topic', targetId: 'postal-service' }),
    createFollow({ userId: id('bob'), targetType: 'topic', targetId: 'postal-service' }),
    createFollow({ userId: id('carol'), targetType: 'member', targetId: 'P000197' }),
    createFollow({ userId: id('dave'), targetType: 'bill', targetId: BILL }),
    createFollow({ userId: id('erin'), targetType: 'bill', targetId: BILL }),
  ]);
  await settings('alice', {
    push_enabled: true,
    push_url: `${push.url}/alice`,
    push_auth: 'token',
    push_token: 'tk_alice',
    email_enabled: true,
    email_address: 'alice@example.org',
    rss_enabled: true,
  });
  await settings('bob', { push_enabled: true, push_url: `${push.url}/bob`, email_enabled: true, email_address: 'bob@example.org' });
  await settings('carol', { push_enabled: true, push_url: `${push.url}/carol`, alert_filters: { neutral: { new_document: false } } });
  await settings('dave', {
    email_enabled: true,
    email_address: 'dave@example.org',
    quiet_hours_start: (hour + 23) % 24,
    quiet_hours_end: (hour + 2) % 24,
    timezone: 'UTC',
  });
  await settings('erin', {
    push_enabled: true,
    push_url: `${push.url}/erin`,
    push_auth: 'basic',
    push_username: 'erin',
    push_password: 's3cret',
    digest_mode: 'daily',
    rss_enabled: true,
  });
}, 60_000);

afterAll(async () => {
  await Promise.all([push.close(), smtp.close()]);
});

describe('dispatch of a bill event to every channel', () => {
  it('reaches each recipient once on the channels and at the times they chose', async () => {
    push.failTopic('bob', 500);
    const res = await dispatch([event()]);
    expect(res.batchItemFailures).toEqual([]);

    const [alicePush] = pushesTo('alice');
    expect(pushesTo('alice')).toHaveLength(1);
    expect(alicePush?.headers).toMatchObject({
      title: 'New Bill Text: H.R. 3076',
      priority: 'default',
      tags: 'page',
      click: 'http://localhost:3000/bills/118-hr-3076',
      actions: 'view, Write to your representative, http://localhost:3000/bills/118-hr-3076?letter=1',
      authorization: 'Bearer tk_alice',
      'content-type': 'text/plain; charset=utf-8',
    });
    expect(alicePush?.body).toBe(
      'Postal Service Reform Act 3076\nNew text: Introduced in House (ih)\nReforms the finances and operations of the United States Postal Service.',
    );

    const [aliceMail] = mailsTo('alice');
    expect(mailsTo('alice')).toHaveLength(1);
    expect(aliceMail?.subject).toBe('New Bill Text: H.R. 3076');
    // Long header lines are folded on the wire (RFC 5322); unfold before comparing.
    const lines = Object.fromEntries((aliceMail?.headerLines ?? []).map((h) => [h.key, h.line.replace(/\r?\n\s+/g, ' ')]));
    expect(lines['list-unsubscribe-post']).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const unsubscribeUrl = /<(http[^>]+)>/.exec(lines['list-unsubscribe'] ?? '')?.[1] ?? '';
    expect(unsubscribeUrl).toMatch(/^http:\/\/localhost:3000\/api\/notifications\/unsubscribe\/[\w-]+$/);
    expect(lines['list-unsubscribe']).toBe(`List-Unsubscribe: <${unsubscribeUrl}>, <mailto:alerts@billwatch.test?subject=unsubscribe>`);
    // The body link is the same page: a GET shows the confirmation and changes nothing.
    expect(aliceMail?.text).toContain(`Unsubscribe from these emails: ${unsubscribeUrl}\n`);

    // bob: push failed (500) but email went out; carol filtered; dave held by quiet hours; erin held for her digest.
    expect(pushesTo('bob')).toHaveLength(1);
    expect(mailsTo('bob')).toHaveLength(1);
    expect(pushesTo('carol')).toHaveLength(0);
    expect(mailsTo('dave')).toHaveLength(0);
    expect(pushesTo('erin')).toHaveLength(0);

    expect((await historyOf('alice'))[0]?.channels).toEqual({ push: 'sent', email: 'sent', rss: 'sent', webhook: 'off' });
    expect((await historyOf('bob'))[0]?.channels).toEqual({ push: 'failed', email: 'sent', rss: 'off', webhook: 'off' });
    expect((await historyOf('bob'))[0]?.errors.push).toContain('HTTP 500');
    expect(await historyOf('carol')).toEqual([]);
    expect((await historyOf('dave'))[0]?.channels).toEqual({ push: 'off', email: 'held', rss: 'off', webhook: 'off' });
    expect((await historyOf('erin'))[0]?.channels).toEqual({ push: 'digest', email: 'off', rss: 'sent', webhook: 'off' });
  });

  // event() stamps a new occurred_at: the redelivery is recognised by its event id alone.
  it('sends nothing twice when the same message is delivered again', async () => {
    const before = { pushes: push.requests.length, mails: smtp.messages.length };
    await dispatch([event()], 2);
    expect({ pushes: push.requests.length, mails: smtp.messages.length }).toEqual(before);
  });

  it('retries only the failed channel of the failed recipient', async () => {
    const retries = (await drainDispatchQueue()) as DeliverBatch[];
    // The first delivery scheduled bob's retry; the redelivery above scheduled it again, as it cannot know the first
    // got that far. Both are for bob alone, and the channel's claim lets only one of them send.
    expect(retries).toHaveLength(2);
    for (const retry of retries) expect(retry).toMatchObject({ type: 'deliver_batch', attempt: 2, recipients: [{ user_id: users.bob?.id, mode: 'neutral' }] });
    push.healTopic('bob');
    const mailsBefore = smtp.messages.length;
    await dispatch(retries);
    expect(pushesTo('bob')).toHaveLength(2);
    expect(pushesTo('alice')).toHaveLength(1);
    expect(smtp.messages.length).toBe(mailsBefore);
    expect((await historyOf('bob'))[0]?.channels).toEqual({ push: 'sent', email: 'sent', rss: 'off', webhook: 'off' });
    expect(await drainDispatchQueue()).toEqual([]);
  });

  it('de-duplicates another event of the same bill and kind within 30 minutes', async () => {
    const before = push.requests.length;
    await dispatch([event({ event_id: `brief:${BILL}:1-again` })]);
    expect(push.requests.length).toBe(before);
    expect(await historyOf('alice')).toHaveLength(1);
  });

  it('sends a bill_updated event with high priority and the siren tag', async () => {
    await dispatch([event({ event_id: `action:${BILL}:vote`, kind: 'bill_updated', action_category: 'vote', brief_version: undefined })]);
    const last = pushesTo('alice').at(-1);
    expect(last?.headers).toMatchObject({ title: 'Bill Updated: H.R. 3076', priority: 'high', tags: 'siren' });
  });

  it('releases events held by quiet hours once they end, once, the two events of one bill in one message', async () => {
    const later = new Date(Date.now() + 3 * 3600 * 1000);
    expect(await releaseHeldNotifications(later)).toMatchObject({ due: 2, users: 1, messages: 1, delivered: 2 });
    expect(mailsTo('dave').map((m) => m.subject)).toEqual(['2 updates on H.R. 3076']);
    expect((await historyOf('dave')).map((e) => [e.channels.email, e.due_at])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
    expect(await releaseHeldNotifications(later)).toMatchObject({ due: 0, messages: 0 });
  });

  it('delivers a daily digest as one message per channel at 08:00 in the user zone', async () => {
    expect(await sendNotificationDigests(new Date())).toMatchObject({ due_events: 0 });
    const tomorrow = new Date(Date.now() + 25 * 3600 * 1000);
    expect(await sendNotificationDigests(tomorrow)).toMatchObject({ due_events: 2, users: 1, messages_sent: 1 });
    const digests = pushesTo('erin');
    expect(digests).toHaveLength(1);
    expect(digests[0]?.headers).toMatchObject({
      title: 'Your BillWatch digest (daily): 2 updates',
      authorization: `Basic ${Buffer.from('erin:s3cret').toString('base64')}`,
    });
    expect(await sendNotificationDigests(tomorrow)).toMatchObject({ due_events: 0 });
  });

  it('runs the weekly digest when an admin asks (sent now, to everyone), and shows the digest in the RSS feed', async () => {
    const run = await notifyJobs({ job: 'send_weekly_digest', trigger: 'admin', run_id: 'admin-run-1' });
    expect(run.status).toBe('succeeded');
    expect(run.result).toMatchObject({ users: 5, digests: 3, no_updates: 2 });
    const weekly = pushesTo('alice').at(-1);
    expect(weekly?.headers).toMatchObject({ title: 'Weekly Digest: 1 followed bill updated', priority: 'low', tags: 'newspaper,calendar' });
    // The same run again (a retried invocation) sends nothing twice.
    const again = await sendWeeklyDigest(new Date(String(run.started_at)), { kind: 'now', runId: 'admin-run-1' });
    expect(again).toMatchObject({ digests: 3, nothing_to_do: 3 });
    expect(pushesTo('alice').filter((r) => r.headers.title?.toString().startsWith('Weekly Digest'))).toHaveLength(1);

    const view = await call(notifications, 'GET', '/api/notifications/settings', { token: users.alice?.token });
    const feedPath = new URL((view.body as { rss_feed_url: string }).rss_feed_url).pathname;
    const feed = await call(notifications, 'GET', feedPath);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    const doc = new XMLParser({ ignoreAttributes: false }).parse(feed.text);
    expect(doc.rss['@_version']).toBe('2.0');
    const categories = [doc.rss.channel.item].flat().map((i: { category: string }) => i.category);
    // The weekly digest an admin sent is dated when it was sent.
    expect(categories.sort()).toEqual(['bill_updated', 'new_document', 'weekly_digest']);
  });

  it('splits a large audience into deliver_batch messages of at most 250 recipients', async () => {
    const big = '118-hr-9999';
    await seedBill(big, { sponsor_id: null, topic_tags: [] });
    await Promise.all(Array.from({ length: 260 }, (_, i) => createFollow({ userId: `ghost-${i}`, targetType: 'bill', targetId: big })));
    await dispatch([event({ event_id: `action:${big}:1`, bill_id: big, kind: 'bill_updated', action_category: 'vote', brief_version: undefined })]);
    const batches = (await drainDispatchQueue()) as DeliverBatch[];
    expect(batches.map((b) => b.recipients.length).sort((a, b) => a - b)).toEqual([10, 250]);
    expect(new Set(batches.flatMap((b) => b.recipients.map((r) => r.user_id))).size).toBe(260);
    const res = await dispatch(batches);
    expect(res.batchItemFailures).toEqual([]);
  });
});

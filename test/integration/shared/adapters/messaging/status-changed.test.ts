/**
 * A change of bill status, from the stored actions to the channels: a new
 * action moves a followed bill's status, a bill_updated carrying the status
 * goes to the dispatcher, and followers hear it in plain words ("Passed the
 * House 416-0", "Became law", in the title, with the action that made it in
 * the body) over push, email and RSS, at bill_updated's high priority with
 * the siren tag; a follower who switched off the status_changed category
 * for their follow mode hears nothing, and neither does one who switched off
 * votes when a vote caused it (the filter follows what happened).
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import { updateBillStatus } from '#shared/use-cases/bills/status-tracking.ts';
import type { BillEvent } from '#shared/adapters/messaging/messages.ts';
import { sendMessage } from '#shared/adapters/messaging/send.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { dispatch, drainDispatchQueue, seedBill } from '../../../../support/notify-harness.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

const PASSED = '111-hr-3590';
const SIGNED = '111-hr-3591';
const SUSPENSION = 'On motion to suspend the rules and pass the bill Agreed to by the Yeas and Nays: (2/3 required): 416 - 0 (Roll no. 768).';
const a = (action_date: string, action_text: string) => ({ action_date, action_text });
const HISTORY = [a('2009-09-17', 'Introduced in House'), a('2009-09-17', 'Referred to the House Committee on Ways and Means.')];

/** The sender the actions task hands over: the dispatch queue. */
const toDispatcher = (event: BillEvent) => sendMessage('notification-dispatch', event);

let push: PushServer;
let smtp: SmtpSink;
const users: Record<string, { id: string; token: string }> = {};

async function signUp(name: string, settings: Record<string, unknown>) {
  const email = `${name}@example.org`;
  const { id, token } = await newAccount(email);
  users[name] = { id, token };
  const put = await call(notifications, 'PUT', '/api/notifications/settings', {
    token: users[name]?.token,
    body: { push_enabled: true, push_url: `${push.url}/${name}`, ...settings },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

/** Stores the bill's status from its earlier actions, then adds one and returns the event the change sends. */
async function moveStatus(billId: string, newActions: { action_date: string; action_text: string }[]): Promise<BillEvent[]> {
  const before = await getBill(billId);
  if (!before) throw new Error(`${billId} not seeded`);
  await updateBillStatus(before, HISTORY);
  const stored = await getBill(billId);
  if (!stored) throw new Error(`${billId} vanished`);
  await updateBillStatus(stored, [...HISTORY, ...newActions], { now: new Date(), send: toDispatcher });
  return (await drainDispatchQueue()) as BillEvent[];
}

interface Published {
  topic: string;
  title: string;
  message: string;
  tags: string[];
  priority: number;
}
const PRIORITIES: Record<string, number> = { high: 4, default: 3, low: 2 };
/** The pushes a topic got, in ntfy's header form (ASCII) or its JSON form (a body with an en dash is not ASCII). */
const pushesTo = (topic: string): Published[] =>
  push.requests.flatMap((r) => {
    if (r.path === `/${topic}`) {
      const tags = String(r.headers.tags ?? '').split(',');
      return [{ topic, title: String(r.headers.title), message: r.body, tags, priority: PRIORITIES[String(r.headers.priority)] ?? 0 }];
    }
    const published = r.path === '/' ? (JSON.parse(r.body) as Published) : null;
    return published?.topic === topic ? [published] : [];
  });

describe('a change of status from a new action to the channels, told as bill_updated', () => {
  beforeAll(async () => {
    [push, smtp] = await Promise.all([startPushServer(), startSmtpSink()]);
    Object.assign(process.env, smtp.env);
    resetConfig();
    await seedBill(PASSED, { topic_tags: [], sponsor_id: null });
    await seedBill(SIGNED, { topic_tags: [], sponsor_id: null });
    await signUp('fan', { email_enabled: true, email_address: 'fan@example.org', rss_enabled: true });
    await signUp('sceptic', { alert_filters: { hold_veto: { status_changed: false } } });
    await signUp('novotes', { alert_filters: { neutral: { vote: false, presidential: false } } });
    for (const bill of [PASSED, SIGNED]) {
      await createFollow({ userId: users.fan?.id ?? '', targetType: 'bill', targetId: bill });
      await createFollow({ userId: users.sceptic?.id ?? '', targetType: 'bill', targetId: bill, followMode: 'hold_veto' });
      await createFollow({ userId: users.novotes?.id ?? '', targetType: 'bill', targetId: bill });
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all([push?.close(), smtp?.close()]);
  });

  it('sends "Passed the House 416-0" to followers as bill_updated, at high priority with the siren tag (SPEC)', async () => {
    const events = await moveStatus(PASSED, [a('2009-10-08', SUSPENSION)]);
    expect(events).toEqual([
      expect.objectContaining({ kind: 'bill_updated', bill_id: PASSED, status: 'PASS_OVER:HOUSE', previous_status: 'REFERRED', action_date: '2009-10-08' }),
    ]);
    expect((await dispatch(events)).batchItemFailures).toEqual([]);

    const [fan] = pushesTo('fan');
    expect(pushesTo('fan')).toHaveLength(1);
    // Priorities as ntfy numbers them: 3 is default, 4 high.
    expect(fan).toMatchObject({ title: 'Passed the House 416-0: H.R. 3590', priority: 4, tags: ['siren'] });
    expect(fan?.message.split('\n')[1]).toBe(`2009-10-08: ${SUSPENSION}`);
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Passed the House 416-0: H.R. 3590']);
    expect(smtp.messages[0]?.text).toContain(SUSPENSION);
    const view = await call(notifications, 'GET', '/api/notifications/settings', { token: users.fan?.token });
    const feed = await call(notifications, 'GET', new URL((view.body as { rss_feed_url: string }).rss_feed_url).pathname);
    const item = new XMLParser().parse(feed.text).rss.channel.item;
    expect(item).toMatchObject({ category: 'bill_updated', link: `http://localhost:3000/bills/${PASSED}` });
    expect(item.title).toContain('Passed the House 416-0');
    expect(String(item.description)).toContain(SUSPENSION);
    expect((await listHistory(users.fan?.id ?? '', 10)).items[0]).toMatchObject({
      kind: 'bill_updated',
      status: 'PASS_OVER:HOUSE',
      previous_status: 'REFERRED',
    });

    // Filters: the status_changed category switched off for hold_veto silences it; so does switching off votes (issue 24 #12).
    expect(pushesTo('sceptic')).toHaveLength(0);
    expect(await listHistory(users.sceptic?.id ?? '', 10)).toMatchObject({ items: [] });
    expect(events[0]?.action_category).toBe('vote');
    expect(pushesTo('novotes')).toHaveLength(0);
  });

  it('sends "Became law" loud, as bill_updated', async () => {
    const events = await moveStatus(SIGNED, [
      a('2009-12-24', 'Passed Senate without amendment by Yea-Nay Vote. 60 - 39. Record Vote Number: 396.'),
      a('2010-03-23', 'Signed by President.'),
      a('2010-03-23', 'Became Public Law No: 111-148.'),
    ]);
    // Several changes found at once are one event, for where the bill stands now.
    expect(events).toEqual([expect.objectContaining({ status: 'ENACTED:SIGNED', previous_status: 'REFERRED', action_text: 'Signed by President.' })]);
    await dispatch(events);
    const law = pushesTo('fan').at(-1);
    expect(law).toMatchObject({ title: 'Became law: H.R. 3591', priority: 4, tags: ['siren'] });
    expect(law?.message.split('\n')[1]).toBe('2010-03-23: Signed by President.');
    expect((await getBill(SIGNED))?.status_timeline.map((e) => e.status)).toEqual(['INTRODUCED', 'REFERRED', 'PASSED:BILL', 'ENACTED:SIGNED']);
  });

  it('sends nothing when the same status is recomputed', async () => {
    const bill = await getBill(SIGNED);
    if (!bill) throw new Error('missing');
    const again = await updateBillStatus(
      bill,
      [
        ...HISTORY,
        a('2010-03-23', 'Signed by President.'),
        a('2009-12-24', 'Passed Senate without amendment by Yea-Nay Vote. 60 - 39. Record Vote Number: 396.'),
      ],
      { now: new Date(), send: toDispatcher },
    );
    expect(again).toEqual({ status: 'ENACTED:SIGNED', written: false, event_id: null });
    expect(await drainDispatchQueue()).toEqual([]);
  });
});

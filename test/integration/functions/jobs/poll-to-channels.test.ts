/**
 * The whole chain on the local stack: the ingestion poller (replaying the
 * project's recorded Congress.gov listing) hands a followed bill's new
 * milestone latest action to its actions task, which emits bill_updated, the dispatcher takes that very message
 * from the queue and delivers it over push, email and RSS; redelivering the
 * message sends nothing twice.
 */
import { existsSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as auth } from '#functions/api/auth.ts';
import { handler as notifications } from '#functions/api/notifications.ts';
import { ingestJobs } from '#functions/jobs/ingest.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { getBill, listBillsByLatestAction, refreshBill } from '#shared/adapters/db/bills.repository.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { MILESTONE_CATEGORIES, type ActionCategory } from '#shared/domain/bills/action-categories.ts';
import { runJob } from '#shared/edges/jobs/job-function.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import type { BillEvent } from '#shared/adapters/messaging/messages.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { SEED_HAR_PATH, SEED_POLL_WINDOW } from '../../../../local/fixtures/build-seed-har.ts';
import { drain, takeAll } from '../../../support/drain.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { dispatch } from '../../../support/notify-harness.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

const hasHar = existsSync(SEED_HAR_PATH);
if (!hasHar) console.warn(`poll-to-channels: ${SEED_HAR_PATH} is missing; the poll → dispatch test is skipped`);

let push: PushServer;
let smtp: SmtpSink;

describe.skipIf(!hasHar)('poll → bill_updated → dispatch → push, email and RSS', () => {
  let token = '';
  let billId = '';
  let events: BillEvent[] = [];

  beforeAll(async () => {
    [push, smtp] = await Promise.all([startPushServer(), startSmtpSink()]);
    Object.assign(process.env, smtp.env, { REPLAY_HAR: SEED_HAR_PATH });
    resetConfig();
    resetReplay();
    ({ token } = await newAccount('follower@example.org'));

    // First poll: the bills arrive as new bills (no event for a bill seen for the first time).
    await runJob(ingestJobs, { job: 'poll_bills', trigger: 'local', input: { ...SEED_POLL_WINDOW, force: true } });
    const listed = (await listBillsByLatestAction({ limit: 100 })).items;
    const milestone = listed.find((b) => b.latest_action_category && MILESTONE_CATEGORIES.has(b.latest_action_category as ActionCategory));
    if (!milestone) throw new Error('the recorded listing has no bill whose latest action is a milestone');
    billId = milestone.id;
    // Make the stored bill look older, as if its latest action had not happened yet at the previous poll.
    await refreshBill(billId, {
      ...milestone,
      latest_action_text: 'Introduced in House',
      latest_action_date: '2024-12-01',
      latest_action_category: 'referral',
      update_date: '2024-12-01T00:00:00Z',
    });

    const me = (await call(auth, 'GET', '/api/auth/me', { token })).body as { id: string };
    await createFollow({ userId: me.id, targetType: 'bill', targetId: billId, followMode: 'hold_boost' });
    const put = await call(notifications, 'PUT', '/api/notifications/settings', {
      token,
      body: { push_enabled: true, push_url: `${push.url}/follower`, email_enabled: true, email_address: 'follower@example.org', rss_enabled: true },
    });
    expect(put.status).toBe(200);
    // The first poll's follow-ups never run here: the bill's actions are first fetched when its listing moves.
    await Promise.all([takeAll('notification-dispatch'), takeAll('ingest-tasks')]);

    // Second poll over the same listing: the bill's latest action is new and a milestone.
    await runJob(ingestJobs, { job: 'poll_bills', trigger: 'local', input: { ...SEED_POLL_WINDOW, force: true } });
    // The listing hands the milestone to the bill's actions task, which announces it once (issue 24 #12).
    expect(await takeAll('notification-dispatch')).toEqual([]);
    expect((await drain({ 'ingest-tasks': ingestTasks })).failures).toEqual([]);
    events = (await takeAll('notification-dispatch')) as BillEvent[];
  }, 90_000);

  afterAll(async () => {
    await Promise.all([push?.close(), smtp?.close()]);
  });

  it('emits a bill_updated event for the followed bill', () => {
    expect(events.filter((e) => e.bill_id === billId)).toEqual([expect.objectContaining({ type: 'bill_event', kind: 'bill_updated', bill_id: billId })]);
  });

  it('delivers it over push, email and RSS, and a redelivery sends nothing twice', async () => {
    const bill = await getBill(billId);
    const mine = events.filter((e) => e.bill_id === billId);
    expect((await dispatch(mine)).batchItemFailures).toEqual([]);

    expect(push.requests).toHaveLength(1);
    expect(push.requests[0]?.headers).toMatchObject({ priority: 'high', tags: 'siren', click: `http://localhost:3000/bills/${billId}` });
    expect(push.requests[0]?.headers.title).toMatch(/^Bill Updated: [A-Z][A-Za-z.]+ \d+$/);
    expect(push.requests[0]?.headers.actions).toBe(`view, Write to your representative, http://localhost:3000/bills/${billId}?letter=1`);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.text).toContain(bill?.title ?? '');
    // Every channel says what happened: the push body's first line is the bill's full name, the next the action's date and text.
    const happened = `${bill?.latest_action_date}: ${bill?.latest_action_text}`;
    expect(push.requests[0]?.body.split('\n').slice(0, 2)).toEqual([bill?.title, happened]);
    expect(smtp.messages[0]?.text).toContain(happened);

    const view = await call(notifications, 'GET', '/api/notifications/settings', { token });
    const feed = await call(notifications, 'GET', new URL((view.body as { rss_feed_url: string }).rss_feed_url).pathname);
    const item = new XMLParser().parse(feed.text).rss.channel.item;
    expect(item).toMatchObject({ category: 'bill_updated', link: `http://localhost:3000/bills/${billId}` });
    expect(String(item.description)).toContain(happened);

    expect((await dispatch(mine, 2)).batchItemFailures).toEqual([]);
    expect(push.requests).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);
  });
});

/**
 * Bill backfills on DynamoDB Local and fauxqs, with a local stand-in for
 * Congress.gov (test/support/congress-stand-in.ts): the admin route starts a
 * backfill, the real bill-backfill worker runs each page message taken off
 * the queue, and the tests check the stored bills, the follow-ups queued, the
 * progress record and the listing requests the stand-in saw. Crashes are real
 * failures (a queue that does not exist, a provider answering 500) followed
 * by a redelivery of the same SQS message, as Lambda's event source would do.
 */
import { DeleteMessageCommand, type Message } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as admin } from '#functions/api/admin.ts';
import { handler as backfillWorker } from '#functions/workers/bill-backfill.ts';
import { resumeStalledBackfills } from '#shared/use-cases/bills/bill-backfill-admin.ts';
import { pollBills } from '#shared/use-cases/bills/poll-bills.ts';
import { queueBackfillPage } from '#shared/use-cases/bills/bill-backfill-queue.ts';
import { getBackfill } from '#shared/adapters/db/bill-backfills.repository.ts';
import { billsWithFollowUpsPending, getBills } from '#shared/adapters/db/bills.repository.ts';
import { getStats } from '#shared/adapters/db/stats.repository.ts';
import { BACKFILL_STALL_MS, type BillBackfill } from '#shared/domain/bills/bill-backfill.ts';
import { congressForDate } from '#shared/domain/bills/bill-id.ts';
import { queueUrl, sendMessage } from '#shared/adapters/messaging/send.ts';
import { sqs } from '#shared/platform/sqs-client.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';
import { call, lambdaContext } from '#test/support/api.ts';
import { congressStandIn, standInBillId, type StandIn } from '#test/support/congress-stand-in.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { toSqsEvent } from '#local/sqs-event.ts';
import { receive, takeAll } from '../../../../support/drain.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

/** High enough that every page here waits 1 s: a page of 250 new bills costs 1,001 requests. */
const TEST_BUDGET_PER_HOUR = 7_200_000;
/** 118 pages at the API's 250; the others answer pages of 4, enough to test paging without saving hundreds of bills. */
const SIZES = {
  118: 260,
  117: { bills: 10, pageSize: 4 },
  116: { bills: 9, pageSize: 4 },
  115: 5,
  114: { bills: 7, pageSize: 4 },
  113: { bills: 6, pageSize: 4 },
  112: 3,
};

let standIn: StandIn;
let token = '';
const saved = { ...transportSettings };

beforeAll(async () => {
  standIn = await congressStandIn(SIZES);
  Object.assign(process.env, {
    CONGRESS_API_BASE_URL: `${standIn.base}/v3`,
    CONGRESS_API_KEY: 'stand-in-key',
    BACKFILL_REQUESTS_PER_HOUR: String(TEST_BUDGET_PER_HOUR),
  });
  delete process.env.REPLAY_HAR;
  resetConfig();
  transportSettings.baseDelayMs = 1;
  transportSettings.maxDelayMs = 5;
  ({ token } = await newAccount('ops@example.org'));
});

afterAll(async () => {
  Object.assign(transportSettings, saved);
  for (const name of ['CONGRESS_API_BASE_URL', 'CONGRESS_API_KEY', 'BACKFILL_REQUESTS_PER_HOUR']) delete process.env[name];
  resetConfig();
  await standIn.close();
});

const ARN = 'arn:aws:sqs:us-east-1:000000000000:bill-backfill';

/** Hands one message to the worker as Lambda would, as its `receiveCount`-th delivery. */
async function deliver(message: Message, receiveCount = 1): Promise<SQSBatchResponse> {
  const event = toSqsEvent([message], ARN, 'us-east-1');
  for (const r of event.Records) r.attributes.ApproximateReceiveCount = String(receiveCount);
  return backfillWorker(event, lambdaContext());
}

const remove = async (message: Message) =>
  (await sqs()).send(new DeleteMessageCommand({ QueueUrl: queueUrl('bill-backfill'), ReceiptHandle: message.ReceiptHandle }));

/** The page messages visible within `waitMs` (pages are delayed by their pacing). */
async function pageMessages(waitMs = 4000): Promise<Message[]> {
  const until = Date.now() + waitMs;
  for (;;) {
    const batch = await receive('bill-backfill');
    if (batch.length || Date.now() > until) return batch;
    await new Promise((r) => setTimeout(r, 150));
  }
}

const bodyOf = (m: Message) => JSON.parse(m.Body ?? '{}') as { offset: number; run: number; not_before?: string };

/** Runs page messages through the worker until the backfill is no longer running. */
async function runToEnd(id: string): Promise<BillBackfill> {
  for (let i = 0; i < 20; i++) {
    const b = await getBackfill(id);
    if (!b || b.state !== 'running') return b as BillBackfill;
    const batch = await pageMessages();
    if (batch.length === 0) throw new Error(`no page message for running backfill ${id} at offset ${b.offset}`);
    for (const m of batch) {
      expect((await deliver(m)).batchItemFailures).toEqual([]);
      await remove(m);
    }
  }
  throw new Error(`backfill ${id} did not finish`);
}

const start = (body: unknown) => call(admin, 'POST', '/api/admin/backfill-bills', { token, body });
const ids = (congress: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => standInBillId(congress, from + k));
/** The listing requests the stand-in saw for a path, as their offsets. */
const listed = (path: string) => standIn.seen.filter((u) => u.pathname === path).map((u) => Number(u.searchParams.get('offset')));

interface Task {
  type: string;
  bill_id: string;
}
async function followUps() {
  const tasks = (await takeAll('ingest-tasks')) as Task[];
  const texts = (await takeAll('document-fetch')) as Task[];
  return { tasks, texts, distinctTasks: new Set(tasks.map((t) => `${t.type} ${t.bill_id}`)), textBills: texts.map((t) => t.bill_id) };
}

describe('a Congress backfill', () => {
  it('answers 202, pages through the listing within the budget and saves every bill once with its follow-ups', async () => {
    const before = (await getStats()).total_bills;
    const res = await start({ congress: 118 });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      id: 'congress-118',
      action: 'started',
      scope: { kind: 'congress', congress: 118 },
      state: 'running',
      run: 1,
      cursor: { offset: 0 },
      pages_done: 0,
      bills_total: null,
    });

    // The first page, by hand: its pacing is the page's Congress.gov cost over the hourly budget.
    const [first] = await pageMessages();
    expect(bodyOf(first as Message)).toMatchObject({ offset: 0, run: 1 });
    expect((await deliver(first as Message)).batchItemFailures).toEqual([]);
    await remove(first as Message);
    const afterOne = (await getBackfill('congress-118')) as BillBackfill;
    expect(afterOne).toMatchObject({ state: 'running', offset: 250, pages_done: 1, bills_seen: 250, bills_queued: 250, bills_total: 260 });
    const cost = 1 + 4 * 250;
    expect(Date.parse(afterOne.next_page_at ?? '') - Date.parse(afterOne.updated_at)).toBe(Math.ceil((cost * 3600) / TEST_BUDGET_PER_HOUR) * 1000);

    const done = await runToEnd('congress-118');
    expect(done).toMatchObject({
      state: 'completed',
      offset: 260,
      pages_done: 2,
      bills_seen: 260,
      bills_queued: 260,
      bills_refreshed: 0,
      bills_total: 260,
      next_page_at: null,
      error: null,
    });
    expect(listed('/v3/bill/118')).toEqual([0, 250]);
    const requests = standIn.seen.filter((u) => u.pathname === '/v3/bill/118');
    expect(requests.every((u) => u.searchParams.get('limit') === '250' && u.searchParams.get('sort') === 'updateDate desc')).toBe(true);

    const all = ids(118, 1, 260);
    expect((await getBills(all)).map((b) => b.id).sort()).toEqual([...all].sort());
    expect((await getStats()).total_bills - before).toBe(260);
    expect((await billsWithFollowUpsPending(all)).size).toBe(0);
    const f = await followUps();
    expect(f.tasks).toHaveLength(3 * 260);
    expect(f.distinctTasks.size).toBe(3 * 260);
    expect(f.textBills.sort()).toEqual([...all].sort());

    const status = await call(admin, 'GET', '/api/admin/backfill-bills/congress-118', { token });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ state: 'completed', cursor: { offset: 260, next_page_at: null }, pages_done: 2, pages_total: 2, stalled: false });
  });

  it('runs again from the start when asked after it completed, and creates and queues nothing', async () => {
    const before = (await getStats()).total_bills;
    const res = await start({ congress: 118 });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ action: 'restarted', run: 2, cursor: { offset: 0 }, pages_done: 0 });
    const done = await runToEnd('congress-118');
    expect(done).toMatchObject({ state: 'completed', run: 2, pages_done: 2, bills_seen: 260, bills_queued: 0, bills_refreshed: 0 });
    expect((await getStats()).total_bills).toBe(before);
    const f = await followUps();
    expect([f.tasks, f.texts, await takeAll('notification-dispatch')]).toEqual([[], [], []]);
  });

  it('lists backfills and answers 409 for a scope whose backfill is running', async () => {
    expect((await start({ congress: 117 })).status).toBe(202);
    const again = await start({ congress: 117 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'backfill.running' });
    const list = await call(admin, 'GET', '/api/admin/backfill-bills', { token });
    expect((list.body as { items: { id: string; state: string }[] }).items.map((b) => [b.id, b.state])).toEqual([
      ['congress-117', 'running'],
      ['congress-118', 'completed'],
    ]);
  });
});

describe('crashes and redeliveries', () => {
  it('a worker that dies after recording a page, before queuing the next: the redelivery queues it; no page is read or saved twice', async () => {
    const before = (await getStats()).total_bills;
    const [message] = await pageMessages();
    const realUrl = process.env.QUEUE_URL_BILL_BACKFILL as string;
    // The next page's send fails: that queue does not exist.
    process.env.QUEUE_URL_BILL_BACKFILL = realUrl.replace(/[^/]+$/, 'no-such-queue');
    const crashed = await deliver(message as Message);
    process.env.QUEUE_URL_BILL_BACKFILL = realUrl;
    expect(crashed.batchItemFailures).toHaveLength(1);
    expect(await getBackfill('congress-117')).toMatchObject({ state: 'running', offset: 4, pages_done: 1, last_page_by: message?.MessageId });
    expect(await pageMessages(1500)).toEqual([]);

    // SQS redelivers the same message: it sees the page it recorded and queues the next.
    expect((await deliver(message as Message, 2)).batchItemFailures).toEqual([]);
    await remove(message as Message);
    const done = await runToEnd('congress-117');
    expect(done).toMatchObject({ state: 'completed', pages_done: 3, bills_seen: 10, bills_queued: 10 });
    expect(listed('/v3/bill/117')).toEqual([0, 4, 8]);
    expect((await getStats()).total_bills - before).toBe(10);
    const f = await followUps();
    expect(f.tasks).toHaveLength(3 * 10);
    expect(f.textBills.sort()).toEqual(ids(117, 1, 10).sort());
  });

  it('a worker that dies after saving new bills, before queuing their follow-ups: the redelivery queues them; no bill is saved twice', async () => {
    const before = (await getStats()).total_bills;
    expect((await start({ congress: 116 })).status).toBe(202);
    const [message] = await pageMessages();
    const realUrl = process.env.QUEUE_URL_DOCUMENT_FETCH as string;
    process.env.QUEUE_URL_DOCUMENT_FETCH = realUrl.replace(/[^/]+$/, 'no-such-queue');
    const crashed = await deliver(message as Message);
    process.env.QUEUE_URL_DOCUMENT_FETCH = realUrl;
    expect(crashed.batchItemFailures).toHaveLength(1);
    const firstPage = ids(116, 1, 4);
    expect(await getBackfill('congress-116')).toMatchObject({ state: 'running', offset: 0, pages_done: 0, claim_id: message?.MessageId });
    expect((await getBills(firstPage)).length).toBe(4);
    expect((await billsWithFollowUpsPending(firstPage)).size).toBe(4);

    // The redelivery takes its own claim back, finds the bills saved with their follow-ups owed, and queues them.
    expect((await deliver(message as Message, 2)).batchItemFailures).toEqual([]);
    await remove(message as Message);
    expect(await getBackfill('congress-116')).toMatchObject({ offset: 4, pages_done: 1, bills_queued: 4 });
    expect((await billsWithFollowUpsPending(firstPage)).size).toBe(0);
    const done = await runToEnd('congress-116');
    expect(done).toMatchObject({ state: 'completed', pages_done: 3, bills_seen: 9, bills_queued: 9 });
    expect((await getStats()).total_bills - before).toBe(9);
    const f = await followUps();
    // Each bill's text fetch once (the crashed attempt never sent them); the first page's ingest tasks twice, which they absorb.
    expect(f.textBills.sort()).toEqual(ids(116, 1, 9).sort());
    expect(f.distinctTasks.size).toBe(3 * 9);
    expect(f.tasks).toHaveLength(3 * 9 + 3 * 4);
  });

  it('a lost page message: resume_bill_backfills re-queues the stalled page, and a duplicate page message is dropped', async () => {
    expect((await start({ congress: 114 })).status).toBe(202);
    const [lost] = await pageMessages();
    await remove(lost as Message);
    const now = new Date();
    expect((await resumeStalledBackfills(now)).resumed).toEqual([]);

    const later = new Date(now.getTime() + BACKFILL_STALL_MS + 60_000);
    const swept = await resumeStalledBackfills(later);
    expect(swept.resumed).toEqual(['congress-114']);
    const resumed = (await getBackfill('congress-114')) as BillBackfill;
    expect(resumed).toMatchObject({ state: 'running', offset: 0, resumes: 1 });
    // A second copy of the same page, as a duplicate delivery or a second resume would make.
    await queueBackfillPage(resumed, now);
    const copies = await pageMessages();
    const more = copies.length < 2 ? await pageMessages() : [];
    const both = [...copies, ...more];
    expect(both.map((m) => bodyOf(m).offset)).toEqual([0, 0]);
    for (const m of both) {
      expect((await deliver(m)).batchItemFailures).toEqual([]);
      await remove(m);
    }
    const done = await runToEnd('congress-114');
    expect(done).toMatchObject({ state: 'completed', pages_done: 2, bills_seen: 7, bills_queued: 7 });
    expect(listed('/v3/bill/114')).toEqual([0, 4]);
    const f = await followUps();
    expect(f.textBills.sort()).toEqual(ids(114, 1, 7).sort());
  });

  it('a page that fails its last delivery marks the backfill failed; asking again resumes it at its cursor', async () => {
    expect((await start({ congress: 113 })).status).toBe(202);
    const [first] = await pageMessages();
    expect((await deliver(first as Message)).batchItemFailures).toEqual([]);
    await remove(first as Message);
    const [second] = await pageMessages();

    // Congress.gov answers 500 to the first attempt and every retry of it: the page fails but is retried later.
    standIn.fail(/^\/v3\/bill\/113$/, 500, transportSettings.defaultRetries + 1);
    expect((await deliver(second as Message, 1)).batchItemFailures).toHaveLength(1);
    expect(await getBackfill('congress-113')).toMatchObject({ state: 'running', offset: 4 });
    // Its last delivery fails too: the backfill is failed, its cursor kept.
    standIn.fail(/^\/v3\/bill\/113$/, 500, transportSettings.defaultRetries + 1);
    expect((await deliver(second as Message, 5)).batchItemFailures).toHaveLength(1);
    await remove(second as Message);
    const failed = await call(admin, 'GET', '/api/admin/backfill-bills/congress-113', { token });
    expect(failed.body).toMatchObject({ state: 'failed', cursor: { offset: 4, next_page_at: null }, pages_done: 1 });
    expect((failed.body as { error: string }).error).toMatch(/HTTP 500/);

    const res = await start({ congress: 113 });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ action: 'resumed', run: 1, state: 'running', cursor: { offset: 4 }, resumes: 1, error: null });
    const done = await runToEnd('congress-113');
    expect(done).toMatchObject({ state: 'completed', pages_done: 2, bills_seen: 6, bills_queued: 6 });
    expect(listed('/v3/bill/113').filter((o) => o === 0)).toHaveLength(1);
    await followUps();
  });
});

describe('a window of update dates', () => {
  it('backfills the bills updated within the window, whole UTC days, after waiting out a page message that came early', async () => {
    const res = await start({ from: '2018-12-01', to: '2018-12-31' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: 'updated-2018-12-01-2018-12-31', scope: { kind: 'window', from: '2018-12-01', to: '2018-12-31' } });
    const [message] = await pageMessages();
    await remove(message as Message);
    // The same page, due a little later but visible at once (as after a hop of SQS's longest delay): it is sent
    // on for the rest of the wait, then runs.
    const due = new Date(Date.now() + 2500);
    await sendMessage('bill-backfill', {
      v: 1,
      type: 'backfill_bills_page',
      backfill_id: 'updated-2018-12-01-2018-12-31',
      run: 1,
      offset: 0,
      not_before: due.toISOString(),
    });
    const [early] = await pageMessages();
    expect((await deliver(early as Message)).batchItemFailures).toEqual([]);
    await remove(early as Message);
    expect(await getBackfill('updated-2018-12-01-2018-12-31')).toMatchObject({ pages_done: 0, claim_id: null });
    const [onTime] = await pageMessages(5000);
    expect(bodyOf(onTime as Message).not_before).toBe(due.toISOString());
    expect((await deliver(onTime as Message)).batchItemFailures).toEqual([]);
    await remove(onTime as Message);

    expect(await getBackfill('updated-2018-12-01-2018-12-31')).toMatchObject({ state: 'completed', pages_done: 1, bills_seen: 5, bills_queued: 5 });
    const window = standIn.seen.find((u) => u.pathname === '/v3/bill');
    expect(window?.searchParams.get('fromDateTime')).toBe('2018-12-01T00:00:00Z');
    expect(window?.searchParams.get('toDateTime')).toBe('2018-12-31T23:59:59Z');
    expect((await getBills(ids(115, 1, 5))).length).toBe(5);
    await followUps();
  });
});

describe('the poller, on the same per-bill path', () => {
  it('a poll that died after saving new bills, before queuing their follow-ups: the next poll of the window queues them', async () => {
    const window = { since: '2012-12-01T00:00:00Z', until: '2012-12-31T23:59:59Z', force: true };
    const realUrl = process.env.QUEUE_URL_DOCUMENT_FETCH as string;
    process.env.QUEUE_URL_DOCUMENT_FETCH = realUrl.replace(/[^/]+$/, 'no-such-queue');
    await expect(pollBills({ now: new Date(), ...window })).rejects.toThrow();
    process.env.QUEUE_URL_DOCUMENT_FETCH = realUrl;
    const bills = ids(112, 1, 3);
    expect((await billsWithFollowUpsPending(bills)).size).toBe(3);

    expect(await pollBills({ now: new Date(), ...window })).toMatchObject({ listed: 3, created: 0, recovered: 3, changed: 0 });
    expect((await billsWithFollowUpsPending(bills)).size).toBe(0);
    const f = await followUps();
    expect(f.textBills.sort()).toEqual([...bills].sort());
    expect(f.distinctTasks.size).toBe(3 * 3);
    expect(await pollBills({ now: new Date(), ...window })).toMatchObject({ listed: 3, created: 0, recovered: 0, changed: 0 });
    expect((await followUps()).tasks).toEqual([]);
  });
});

describe('bad input', () => {
  const current = congressForDate(new Date());
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  it.each([
    ['a Congress before the 93rd', { congress: 92 }, 'body.congress'],
    ['a Congress that has not sat yet', { congress: current + 1 }, 'body.congress'],
    ['a Congress that is not a number', { congress: 'the last one' }, 'body.congress'],
    ['from after to', { from: '2025-02-01', to: '2025-01-01' }, 'body.from'],
    ['a window longer than 366 days', { from: '2023-01-01', to: '2024-12-31' }, 'body.to'],
    ['a window ending in the future', { from: today, to: tomorrow }, 'body.to'],
    ['from without to', { from: '2025-01-01' }, 'body.to'],
    ['a date that is not a date', { from: '2025-13-01', to: '2025-12-31' }, 'body.from'],
    ['both a Congress and a window', { congress: 118, from: '2025-01-01', to: '2025-01-31' }, 'body'],
    ['nothing', {}, 'body'],
  ])('refuses %s with a 422 naming the field, and starts nothing', async (_name, body, path) => {
    const res = await start(body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ detail: expect.any(String) as string, errors: [expect.objectContaining({ path })] });
    expect(await receive('bill-backfill')).toEqual([]);
  });

  it('answers 404 for a backfill never started, 422 for a malformed id, and 403 to a non-admin', async () => {
    expect((await call(admin, 'GET', '/api/admin/backfill-bills/congress-99', { token })).status).toBe(404);
    expect((await call(admin, 'GET', '/api/admin/backfill-bills/everything', { token })).status).toBe(422);
    const { token: reader } = await newAccount('reader@example.org');
    expect((await call(admin, 'POST', '/api/admin/backfill-bills', { token: reader, body: { congress: 118 } })).status).toBe(403);
  });
});

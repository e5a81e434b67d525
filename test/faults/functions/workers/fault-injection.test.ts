/**
 * Nothing lost, nothing sent twice: the chain poll → ingest tasks → document
 * fetch → brief → dispatch → push, email and RSS is run once without faults,
 * recording every side-effect point it passes (fault-harness.ts); then once
 * per point and mode with that point failing once (thrown before the call, or
 * a crash right after it), letting SQS redeliver (the visibility timeout
 * expires), the outbox relay and the next scheduled poll run. A point is a
 * side effect of one phase of the scenario; a fault in the second phase
 * starts from the state the fault-free run had there. Every run must
 * end in the fault-free state: the same bill, actions, text, brief and
 * notifications, and each push, email and RSS item delivered exactly once.
 * A crash between a channel's send and the write recording it makes the
 * next attempt send it again under the same identity (ntfy sequence id,
 * Message-ID): delivered once is what the receiver shows, so the push server
 * here keeps one notification per sequence id as ntfy does, and the inbox
 * one email per Message-ID; a repeat without the first's identity would
 * show twice and fails the run.
 *
 * The chain: one bill, followed by one user with push, email and RSS on.
 * The first listing brings it new (its sponsor, actions, cosponsors and one
 * text version; a brief; new_document); the second shows a newer, milestone
 * latest action, a vote that moves the status: one alert, a bill_updated
 * carrying the status and the action (issue 24 #12), never a second one.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ChangeMessageVisibilityBatchCommand, DeleteMessageBatchCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { ingestJobs } from '#functions/jobs/ingest.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { handler as documentFetch } from '#functions/workers/document-fetch.ts';
import { handler as briefWorker } from '#functions/workers/brief.ts';
import { handler as dispatchWorker } from '#functions/workers/notification-dispatch.ts';
import { batchWrite } from '#shared/adapters/db/dynamo.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { runJob } from '#shared/edges/jobs/job-function.ts';
import { logger } from '#shared/platform/logger.ts';
import { leaseSeconds } from '#shared/edges/jobs/stale-runs.ts';
import type { QueueName } from '#shared/adapters/messaging/messages.ts';
import { queueUrl } from '#shared/adapters/messaging/send.ts';
import { resetConfig, config } from '#shared/platform/config.ts';
import { installFaultPlan } from '#shared/platform/fault-seam.ts';
import { s3 } from '#shared/platform/s3-client.ts';
import { sqs } from '#shared/platform/sqs-client.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { call, lambdaContext } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { provisionTestStack } from '#test/support/stack.ts';
import { failedMessageIds, toSqsEvent } from '#local/sqs-event.ts';
import { SEED_HAR_PATH } from '../../../../local/fixtures/build-seed-har.ts';
import { FaultInjector, pointId, type FaultMode, type FaultPoint } from '../../fault-harness.ts';
import { newAccount } from '#test/support/accounts.ts';
import * as table from '#shared/adapters/db/table-client.ts';

type Worker = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;
const WORKERS: [QueueName, Worker][] = [
  ['ingest-tasks', ingestTasks as Worker],
  ['document-fetch', documentFetch as Worker],
  ['brief', briefWorker as Worker],
  ['notification-dispatch', dispatchWorker as Worker],
];
const BILL = '116-hjres-37';
const WINDOW = { since: '2025-01-01T00:00:00Z', until: '2025-02-01T00:00:00Z' };
/** Longer than the queues' visibility timeout and the deliverer's stale-pending age. */
const REDELIVERY_MS = 6 * 60_000;
/** Longer than the outbox relay's minimum age. */
const RELAY_AFTER_MS = 2 * 60_000;

interface HarEntry {
  request: { method: string; url: string };
  response: { content: { text?: string } };
}

/** The recorded dataset cut to one bill, at two moments: new (4 actions, its reported text), then passed by the House (a 5th action, and the text as referred in the Senate). */
function buildHars(dir: string): { first: string; second: string } {
  const seed = JSON.parse(readFileSync(SEED_HAR_PATH, 'utf8')) as { log: { entries: HarEntry[] } };
  const mine = seed.log.entries.filter((e) => e.request.url.includes('/116/hjres/37') || e.request.url.includes('BILLS-116hjres37'));
  const listing = seed.log.entries.find((e) => e.request.url.includes('/v3/bill?fromDateTime'));
  if (!listing) throw new Error('the seed recording has no listing');
  const body = (e: HarEntry) => JSON.parse(e.response.content.text ?? '{}') as Record<string, unknown>;
  const allActions = [
    ...((body(mine.find((e) => e.request.url.includes('/actions?limit'))!).actions as unknown[]) ?? []),
    ...((body(mine.find((e) => e.request.url.includes('/actions?offset'))!).actions as unknown[]) ?? []),
  ] as { actionDate: string; text: string }[];
  const passage = allActions.find((a) => a.text.startsWith('On passage'))!;
  const reported = allActions.find((a) => a.text.startsWith('Reported'))!;
  const upTo = (a: { actionDate: string; text: string }) => allActions.slice(allActions.indexOf(a));
  const listedBill = (body(listing).bills as { number: string; updateDate: string; latestAction: unknown }[]).find((b) => b.number === '37')!;
  const moment = (latest: { actionDate: string; text: string }, updated: string, texts: string[]) =>
    mine
      .filter((e) => !e.request.url.includes('/actions?offset'))
      .map((e) => {
        const url = e.request.url;
        if (!url.includes('/actions?limit') && !url.includes('/text?')) return e;
        const b = body(e);
        if (url.includes('/actions?limit')) Object.assign(b, { actions: upTo(latest), pagination: { count: upTo(latest).length } });
        else {
          const versions = (b.textVersions as { type: string }[]).filter((v) => texts.includes(v.type));
          Object.assign(b, { textVersions: versions, pagination: { count: versions.length } });
        }
        return { ...e, response: { ...e.response, content: { ...e.response.content, text: JSON.stringify(b) } } };
      })
      .concat({
        ...listing,
        response: {
          ...listing.response,
          content: {
            ...listing.response.content,
            text: JSON.stringify({
              ...body(listing),
              bills: [{ ...listedBill, updateDate: updated, latestAction: { actionDate: latest.actionDate, text: latest.text } }],
              pagination: { count: 1 },
            }),
          },
        },
      });
  const write = (name: string, entries: HarEntry[]) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify({ log: { ...seed.log, entries } }));
    return file;
  };
  return {
    first: write('first.har', moment(reported, '2025-01-10T12:00:00Z', ['Reported in House'])),
    second: write('second.har', moment(passage, '2025-01-14T12:00:00Z', ['Reported in House', 'Referred in Senate'])),
  };
}

const injector = new FaultInjector();
let push: PushServer;
let smtp: SmtpSink;
let hars: { first: string; second: string };
let token = '';
let clock = Date.parse('2026-03-02T15:00:00Z');
const tick = (ms: number) => {
  clock += ms;
  vi.setSystemTime(clock);
};

async function receive(queue: QueueName): Promise<Message[]> {
  const out = await (await sqs()).send(new ReceiveMessageCommand({ QueueUrl: queueUrl(queue), MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
  return out.Messages ?? [];
}

/** Runs the workers until the queues are empty; a failed or crashed invocation's messages come back after the visibility timeout. */
async function pump(): Promise<void> {
  const client = await sqs();
  for (let round = 0; round < 80; round++) {
    let any = false;
    for (const [queue, worker] of WORKERS) {
      const batch = await receive(queue);
      if (batch.length === 0) continue;
      any = true;
      tick(1000);
      const event = toSqsEvent(batch, `arn:aws:sqs:us-east-1:000000000000:${queue}`, 'us-east-1');
      let failed: Set<string>;
      try {
        failed = failedMessageIds(event, { result: await worker(event, lambdaContext()) });
      } catch (error) {
        failed = failedMessageIds(event, { error });
      }
      if (injector.endInvocation()) failed = new Set(batch.map((m) => m.MessageId ?? ''));
      const done = batch.filter((m) => !failed.has(m.MessageId ?? ''));
      const again = batch.filter((m) => failed.has(m.MessageId ?? ''));
      const entries = (ms: Message[]) => ms.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle ?? '' }));
      if (done.length) await client.send(new DeleteMessageBatchCommand({ QueueUrl: queueUrl(queue), Entries: entries(done) }));
      if (again.length) {
        await client.send(
          new ChangeMessageVisibilityBatchCommand({ QueueUrl: queueUrl(queue), Entries: entries(again).map((e) => ({ ...e, VisibilityTimeout: 0 })) }),
        );
        tick(REDELIVERY_MS);
      }
    }
    if (!any) return;
  }
  throw new Error('the queues did not drain');
}

/**
 * One run of a job as the scheduler fires it; a failure waits for the next
 * run. A run that finds the job's lease held by a run that died (a crash
 * right after taking it) is skipped: the scheduler keeps firing, and the
 * first run after the lease expires acts.
 */
async function job(name: string, input: Record<string, unknown> = {}): Promise<void> {
  const fire = async () => {
    tick(1000);
    const run = await runJob(ingestJobs, { job: name, trigger: 'schedule', input }).catch(() => null);
    injector.endInvocation();
    return run;
  };
  if ((await fire())?.status !== 'skipped') return;
  tick(leaseSeconds(name) * 1000);
  await fire();
}

/** The scenario's two phases: the listing that brings the bill new, then the one where it changed. */
const PHASES = ['new', 'changed'] as const;
type Phase = (typeof PHASES)[number];

/**
 * One phase of the chain: poll, drain the queues, relay the outbox; then, in
 * the fault-free run and in the phase of the fault, all of it again (the
 * scheduled runs that follow a fault; in a phase without one they change nothing).
 */
async function runPhase(phase: Phase, rounds: number): Promise<void> {
  process.env.REPLAY_HAR = phase === 'new' ? hars.first : hars.second;
  resetConfig();
  resetReplay();
  injector.phase = phase;
  injector.armed = true;
  try {
    for (let run = 0; run < rounds; run++) {
      await job('poll_bills', { ...WINDOW, force: true });
      await pump();
      tick(RELAY_AFTER_MS);
      await job('relay_outbox');
      await pump();
    }
  } finally {
    injector.armed = false;
  }
}

async function scanAll(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.scan({ ExclusiveStartKey: start, ConsistentRead: true });
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** What the stack holds at one moment: the table, the bucket, and what the push server and SMTP sink received. */
interface Saved {
  items: Record<string, unknown>[];
  objects: { key: string; body: Uint8Array }[];
  pushes: PushServer['requests'];
  emails: SmtpSink['messages'];
}

async function capture(): Promise<Saved> {
  const client = await s3();
  const listed = (await client.send(new ListObjectsV2Command({ Bucket: config().BUCKET_NAME }))).Contents ?? [];
  const objects = await Promise.all(
    listed.map(async (o) => {
      const out = await client.send(new GetObjectCommand({ Bucket: config().BUCKET_NAME, Key: o.Key }));
      return { key: o.Key ?? '', body: (await out.Body?.transformToByteArray()) ?? new Uint8Array() };
    }),
  );
  return { items: await scanAll(), objects, pushes: [...push.requests], emails: [...smtp.messages] };
}

const keyOf = (item: Record<string, unknown>) => JSON.stringify([item.pk, item.sk]);

/**
 * Back to a captured moment: the same table items, objects and deliveries, and empty queues. Only the items that
 * differ are written (a faulted run changes a few dozen of the table's items; each write is a DynamoDB Local round trip).
 */
async function restore(saved: Saved): Promise<void> {
  const current = new Map((await scanAll()).map((item) => [keyOf(item), item]));
  const wanted = new Set(saved.items.map(keyOf));
  await batchWrite([
    ...[...current].filter(([key]) => !wanted.has(key)).map(([, item]) => ({ delete: { pk: item.pk, sk: item.sk } })),
    ...saved.items.filter((item) => !isDeepStrictEqual(current.get(keyOf(item)), item)).map((item) => ({ put: item })),
  ]);
  const client = await s3();
  const bucket = config().BUCKET_NAME;
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  if (listed.Contents?.length)
    await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: listed.Contents.map((o) => ({ Key: o.Key })) } }));
  for (const o of saved.objects) await client.send(new PutObjectCommand({ Bucket: bucket, Key: o.key, Body: o.body }));
  for (const [queue] of WORKERS) {
    for (let batch = await receive(queue); batch.length; batch = await receive(queue))
      await (
        await sqs()
      ).send(
        new DeleteMessageBatchCommand({ QueueUrl: queueUrl(queue), Entries: batch.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle ?? '' })) }),
      );
  }
  push.requests.splice(0, push.requests.length, ...saved.pushes);
  smtp.messages.splice(0, smtp.messages.length, ...saved.emails);
}

/**
 * A push as its title and first line (what happened). The rest of the body
 * quotes the bill's latest brief when the event is dispatched, which a fault
 * that delays a brief may change without anything being lost or repeated.
 * A message that headers cannot carry is published as JSON.
 */
function pushLine(r: PushServer['requests'][number]): string {
  try {
    const json = JSON.parse(r.body) as { title?: string; message?: string };
    return `${json.title} | ${String(json.message).split('\n')[0]}`;
  } catch {
    return `${r.headers.title} | ${r.body.split('\n')[0]}`;
  }
}

/** A push's sequence id, in either form; none: a message of its own. */
function sequenceOf(r: PushServer['requests'][number], i: number): string {
  const header = r.headers['x-sequence-id'];
  if (typeof header === 'string') return `${r.path} ${header}`;
  try {
    const json = JSON.parse(r.body) as { topic?: string; sequence_id?: string };
    if (json.sequence_id) return `/${json.topic} ${json.sequence_id}`;
  } catch {
    // Not JSON: the header form without a sequence id.
  }
  return `#${i}`;
}

/** What a receiver shows: one item per identity, the latest in place of earlier ones; and how many were repeats on the wire. */
function shown<T>(received: T[], identity: (item: T, i: number) => string): { items: T[]; repeats: number } {
  const byIdentity = new Map<string, T>();
  received.forEach((item, i) => byIdentity.set(identity(item, i), item));
  return { items: [...byIdentity.values()], repeats: received.length - byIdentity.size };
}

/** The push server also receives the follower's webhooks, at this path. */
const HOOKS = '/hooks';
const displayedPushes = () =>
  shown(
    push.requests.filter((r) => r.path !== HOOKS),
    sequenceOf,
  );
/** What a Standard Webhooks receiver keeps: one message per webhook-id. */
const acceptedWebhooks = () =>
  shown(
    push.requests.filter((r) => r.path === HOOKS),
    (r, i) => String(r.headers['webhook-id'] ?? `#${i}`),
  );
const webhookLine = (r: PushServer['requests'][number]) => {
  const payload = JSON.parse(r.body) as { type: string; data: { event_id?: string } };
  return `${payload.type} ${payload.data.event_id}`;
};
const deliveredEmails = () => shown(smtp.messages, (m, i) => m.messageId ?? `#${i}`);

const pick = (item: Record<string, unknown>, fields: string[]): Record<string, unknown> => Object.fromEntries(fields.map((f) => [f, item[f] ?? null]));

/** What a user or an operator can observe, without timestamps and generated tokens. */
async function snapshot() {
  const items = await scanAll();
  const of = (entity: string) => items.filter((i) => i.entity === entity);
  const view = await call(notifications, 'GET', '/api/notifications/settings', { token });
  const feed = await call(notifications, 'GET', new URL((view.body as { rss_feed_url: string }).rss_feed_url).pathname);
  const rssItems = [new XMLParser().parse(feed.text).rss.channel.item ?? []].flat() as { guid?: unknown; category?: string }[];
  const left: Record<string, number> = {};
  for (const [queue] of WORKERS) left[queue] = (await receive(queue)).length;
  return {
    bills: of('bill').map((b) =>
      pick(b, [
        'id',
        'status',
        'status_timeline',
        'has_document',
        'document_status',
        'sponsor_id',
        'latest_action_text',
        'bill_category',
        'topic_tags',
        'update_date',
      ]),
    ),
    actions: of('action')
      .map((a) => `${String(a.sk)} ${String(a.category)}`)
      .sort(),
    cosponsors: of('cosponsor').length,
    texts: of('text_version').map((t) => pick(t, ['version_code', 'format', 'size'])),
    objects: ((await (await s3()).send(new ListObjectsV2Command({ Bucket: config().BUCKET_NAME }))).Contents ?? []).map((o) => o.Key).sort(),
    briefs: of('brief').map((b) => ({
      version: b.version,
      type: String(b.type),
      text_version_code: b.text_version_code,
      summary: b.summary,
      announced: Boolean(b.event_sent_at),
    })),
    notifications: of('notification')
      .map((n) => ({ event_id: String(n.event_id), kind: String(n.kind), channels: n.channels as Record<string, string> }))
      .sort((a, b) => String(a.event_id).localeCompare(String(b.event_id))),
    pushes: displayedPushes().items.map(pushLine).sort(),
    webhooks: acceptedWebhooks().items.map(webhookLine).sort(),
    emails: deliveredEmails()
      .items.map((m) => m.subject ?? '')
      .sort(),
    rss: rssItems.map((i) => `${i.category} ${String(i.guid)}`).sort(),
    left_in_queues: left,
    outbox: items.filter((i) => i.entity === 'outbox').length,
  };
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The same state as the fault-free run, or where it differs. */
function compare(after: Snapshot, baseline: Snapshot): string | null {
  return JSON.stringify(after) === JSON.stringify(baseline) ? null : JSON.stringify(after, null, 1).slice(0, 4000);
}

const hasSeed = readFileSync(SEED_HAR_PATH, { flag: 'r' }).length > 0;

describe.skipIf(!hasSeed)('fault injection over poll → tasks → text → brief → dispatch → channels', () => {
  let baseline: Awaited<ReturnType<typeof snapshot>>;
  let points: FaultPoint[] = [];
  const start = {} as Record<Phase, Saved>;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    await provisionTestStack();
    [push, smtp] = await Promise.all([startPushServer(), startSmtpSink()]);
    Object.assign(process.env, smtp.env, { NOTIFY_RETRY_BASE_SECONDS: '0' });
    resetConfig();
    hars = buildHars(mkdtempSync(join(tmpdir(), 'faults-')));
    const me = await newAccount('follower@example.org');
    token = me.token;
    await createFollow({ userId: me.id, targetType: 'bill', targetId: BILL, followMode: 'hold_boost' });
    const put = await call(notifications, 'PUT', '/api/notifications/settings', {
      token,
      body: {
        push_enabled: true,
        push_url: `${push.url}/follower`,
        email_enabled: true,
        email_address: 'follower@example.org',
        rss_enabled: true,
        webhook_enabled: true,
        webhook_url: `${push.url}${HOOKS}`,
      },
    });
    expect(put.status).toBe(200);
    await injector.install();

    // The fault-free run, keeping the moment each phase starts from.
    start.new = await capture();
    injector.aim(null);
    await runPhase('new', 2);
    start.changed = await capture();
    await runPhase('changed', 2);
    baseline = await snapshot();
    points = [...injector.seen.values()];
  }, 120_000);

  afterAll(async () => {
    installFaultPlan(null);
    vi.useRealTimers();
    await Promise.all([push?.close(), smtp?.close()]);
  });

  it('runs the whole chain without faults: one bill, its actions, two texts and their briefs, three events (one alert for the vote) each delivered once on push, email, RSS and webhook', () => {
    expect(baseline.bills).toHaveLength(1);
    expect(baseline.actions).toHaveLength(5);
    expect(baseline.texts).toHaveLength(2);
    expect(baseline.briefs.map((b) => b.type)).toEqual(['full', 'amendment']);
    expect(baseline.notifications.map((n) => n.kind).sort()).toEqual(['bill_updated', 'new_amendment', 'new_document']);
    expect(
      baseline.notifications.every(
        (n) => n.channels.push === 'sent' && n.channels.email === 'sent' && n.channels.rss === 'sent' && n.channels.webhook === 'sent',
      ),
    ).toBe(true);
    expect(baseline.pushes).toHaveLength(3);
    expect(baseline.webhooks).toHaveLength(3);
    expect(baseline.emails).toHaveLength(3);
    // Without faults nothing is sent twice, even under its identity.
    expect([displayedPushes().repeats, deliveredEmails().repeats, acceptedWebhooks().repeats]).toEqual([0, 0, 0]);
    expect(baseline.rss).toHaveLength(3);
    expect(baseline.outbox).toBe(0);
  });

  it('converges to the fault-free state from a fault at every side-effect point, with no duplicate delivery', async () => {
    const kinds = new Set(points.map((p) => p.kind));
    for (const kind of ['dynamodb', 'sqs', 's3', 'provider', 'channel']) expect(kinds, `no ${kind} point was recorded`).toContain(kind);
    const diverged: string[] = [];
    const unexercised: string[] = [];
    const resent: string[] = [];
    let runs = 0;
    // Every faulted run makes a worker log the failure it was made to have: expected here, so kept out of the test output.
    const quiet = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    for (const point of points) {
      for (const mode of ['throw', 'crash_after'] as FaultMode[]) {
        // A fault of a phase replays the fault-free run up to that phase's start, then the rest of the chain.
        const phase = point.phase as Phase;
        await restore(start[phase]);
        injector.aim(point, mode);
        for (const next of PHASES.slice(PHASES.indexOf(phase))) await runPhase(next, next === phase ? 2 : 1);
        runs++;
        const label = `${pointId(point)} (${mode})`;
        if (!injector.fired) {
          unexercised.push(label);
          continue;
        }
        const difference = compare(await snapshot(), baseline);
        if (difference) diverged.push(`${label}:\n${difference}`);
        const repeats = { push: displayedPushes().repeats, email: deliveredEmails().repeats, webhook: acceptedWebhooks().repeats };
        if (repeats.push || repeats.email || repeats.webhook)
          resent.push(`${label}: ${repeats.push} push, ${repeats.email} email, ${repeats.webhook} webhook resent under the first's identity`);
      }
    }
    quiet.mockRestore();
    console.log(`fault injection: ${points.length} points covered (${kinds.size} kinds), ${runs} faulted runs, ${runs - diverged.length} converged`);
    if (resent.length) console.log(`fault injection: sent again after a crash between the send and its record (shown once):\n  ${resent.join('\n  ')}`);
    expect(unexercised, 'points the faulted run never reached').toEqual([]);
    expect(diverged, diverged.join('\n\n')).toEqual([]);
    // Only a channel send can be repeated on the wire, and only by a fault inside its claim-to-outcome window.
    for (const line of resent) expect(line).toMatch(/^\w+: (channel (push|email|webhook)|dynamodb Update USER\/NOTIF) \((throw|crash_after)\)/);
  }, 600_000);
});

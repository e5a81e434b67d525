// Overlapping runs of every notification job send each notification once: through the job runner (its lease) and without it (the send marks alone); and retries stop at the cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { handler as notifyJobs } from '#functions/jobs/notify.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { listHistory, updateNotification } from '#shared/adapters/db/notifications.repository.ts';
import type { NotificationContent } from '#shared/domain/notify/notification.schema.ts';
import { MAX_SEND_ATTEMPTS } from '#shared/domain/notify/send-retries.ts';
import { deliverBatch } from '#shared/use-cases/notify/deliver.ts';
import { releaseHeldNotifications } from '#shared/use-cases/notify/release-held.ts';
import { sendNotificationDigests } from '#shared/use-cases/notify/send-digests.ts';
import { sendWeeklyDigest } from '#shared/use-cases/notify/weekly-digest.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { seedBill } from '../../../../support/notify-harness.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

let push: PushServer;
let smtp: SmtpSink;
const users: Record<string, { id: string; token: string }> = {};
const HOUR = 3600 * 1000;

async function signUp(name: string, ip: string, prefs: Record<string, unknown>): Promise<void> {
  const email = `${name}@example.org`;
  const { id, token } = await newAccount(email, { sourceIp: ip });
  users[name] = { id, token };
  const res = await call(notifications, 'PUT', '/api/notifications/settings', {
    token: users[name]?.token,
    body: { push_enabled: true, push_url: `${push.url}/${name}`, timezone: 'UTC', ...prefs },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const withEmail = (name: string) => ({ email_enabled: true, email_address: `${name}@example.org` });
const QUIET = { quiet_hours_start: 1, quiet_hours_end: 6 };

const content = (id: string, bill: string, over: Partial<NotificationContent> = {}): NotificationContent => ({
  event_id: id,
  kind: 'bill_updated',
  occurred_at: new Date().toISOString(),
  bill_id: bill,
  bill_label: `H.R. ${bill.split('-')[2]}`,
  bill_title: `Test Act ${id}`,
  summary: null,
  action_category: 'vote',
  action_text: `Line ${id}.`,
  action_date: '2026-03-10',
  status: null,
  previous_status: null,
  text_version: null,
  items: [],
  ...over,
});

/** Records an event for one user at `now`, where their settings hold it (quiet hours or digest). */
async function record(name: string, c: NotificationContent, now: Date): Promise<void> {
  const summary = await deliverBatch({ ...c, occurred_at: now.toISOString() }, [{ user_id: users[name]?.id ?? '', mode: 'neutral' }], 1, now);
  expect(summary.outcomes).toEqual({ recorded: 1 });
}

const pushesTo = (name: string) => push.requests.filter((r) => r.path === `/${name}`);
const mailsTo = (name: string) => smtp.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === `${name}@example.org`);
const historyOf = async (name: string) => (await listHistory(users[name]?.id ?? '', 50)).items;
/** The event lines across message bodies (held bundles list `Line {id}.`, digests `Test Act {id}`), sorted: each must appear once. */
const lines = (bodies: string[]) =>
  bodies
    .flatMap((b) => b.split('\n'))
    .map((l) => /Line [\w-]+\.|^Bill Updated: H\.R\. \d+ - Test Act [\w-]+/.exec(l)?.[0]?.replace(/^.* - /, ''))
    .filter((l): l is string => Boolean(l))
    .sort();
/** Two invocations of a job's function started together, as two schedules or a schedule and an admin would. */
const overlappingRuns = (job: string) => Promise.all([notifyJobs({ job, trigger: 'schedule' }), notifyJobs({ job, trigger: 'admin' })]);
/** One clock reading for hal's quiet hours and his events, so an hour turning mid-file cannot move one without the other. */
const REF = Date.now();
const hourNow = new Date(REF).getUTCHours();
/** Minute `m` of the hour that began three hours before REF: inside hal's quiet hours, which ended an hour before REF's hour began. */
const threeHoursAgoAt = (m: number) => {
  const t = new Date(REF - 3 * HOUR);
  t.setUTCMinutes(m, 0, 0);
  return t;
};

beforeAll(async () => {
  [push, smtp] = await Promise.all([startPushServer(), startSmtpSink()]);
  Object.assign(process.env, smtp.env);
  resetConfig();
  await signUp('hal', '198.51.100.41', { ...withEmail('hal'), quiet_hours_start: (hourNow + 20) % 24, quiet_hours_end: (hourNow + 22) % 24 });
  await signUp('dora', '198.51.100.42', { ...withEmail('dora'), digest_mode: 'daily' });
  await signUp('dina', '198.51.100.43', { ...withEmail('dina'), digest_mode: 'daily' });
  await signUp('wes', '198.51.100.44', withEmail('wes'));
  await signUp('wren', '198.51.100.45', withEmail('wren'));
  await signUp('capd', '198.51.100.46', { digest_mode: 'daily' });
  await signUp('caph', '198.51.100.47', QUIET);
  // Only the weekly users follow a bill, so the weekly digest concerns them alone.
  await seedBill('119-hr-70');
  await createFollow({ userId: users.wes?.id ?? '', targetType: 'bill', targetId: '119-hr-70' });
  await createFollow({ userId: users.wren?.id ?? '', targetType: 'bill', targetId: '119-hr-70' });
}, 60_000);

afterAll(async () => {
  await Promise.all([push.close(), smtp.close()]);
});

describe('overlapping runs of the notification jobs', () => {
  it('release_held_notifications: two runs started together release each held event once', async () => {
    // Held in quiet hours that ended two hours ago, so due now.
    await record('hal', content('hal-1', '119-hr-71'), threeHoursAgoAt(5));
    await record('hal', content('hal-2', '119-hr-71'), threeHoursAgoAt(45));
    await record('hal', content('hal-3', '119-hr-72'), threeHoursAgoAt(50));
    const runs = await overlappingRuns('release_held_notifications');
    expect(runs.map((r) => r.status).sort()).toEqual(['skipped', 'succeeded']);
    expect(lines(pushesTo('hal').map((p) => p.body))).toEqual(['Line hal-1.', 'Line hal-2.', 'Line hal-3.']);
    expect(lines(mailsTo('hal').map((m) => String(m.text)))).toEqual(['Line hal-1.', 'Line hal-2.', 'Line hal-3.']);
    expect((await historyOf('hal')).map((e) => [e.channels.push, e.channels.email])).toEqual(Array(3).fill(['sent', 'sent']));
  });

  it('send_notification_digest: two runs started together send each digest once, with or without the lease', async () => {
    await record('dora', content('dora-1', '119-hr-73'), new Date(Date.now() - 2 * 24 * HOUR));
    await record('dora', content('dora-2', '119-hr-74'), new Date(Date.now() - 2 * 24 * HOUR + 60_000));
    const runs = await overlappingRuns('send_notification_digest');
    expect(runs.map((r) => r.status).sort()).toEqual(['skipped', 'succeeded']);
    expect(pushesTo('dora')).toHaveLength(1);
    expect(mailsTo('dora')).toHaveLength(1);
    expect(lines(pushesTo('dora').map((p) => p.body))).toEqual(['Test Act dora-1', 'Test Act dora-2']);

    // Without the lease (two runs of the use case itself), the send marks alone keep each event to one send per channel.
    await record('dina', content('dina-1', '119-hr-75'), new Date('2026-03-10T10:00:00.000Z'));
    await record('dina', content('dina-2', '119-hr-76'), new Date('2026-03-10T10:05:00.000Z'));
    await record('dina', content('dina-3', '119-hr-77'), new Date('2026-03-10T10:10:00.000Z'));
    const due = new Date('2026-03-11T08:05:00.000Z');
    const direct = await Promise.all([sendNotificationDigests(due), sendNotificationDigests(due)]);
    expect(direct.reduce((n, r) => n + r.delivered, 0)).toBe(6);
    expect(lines(pushesTo('dina').map((p) => p.body))).toEqual(['Test Act dina-1', 'Test Act dina-2', 'Test Act dina-3']);
    expect(lines(mailsTo('dina').map((m) => String(m.text)))).toEqual(['Test Act dina-1', 'Test Act dina-2', 'Test Act dina-3']);
    expect(await sendNotificationDigests(new Date('2026-03-11T09:05:00.000Z'))).toMatchObject({ due_events: 0 });
  });

  it('send_weekly_digest: two admins asking together send each digest once (the lease)', async () => {
    const runs = await Promise.all([notifyJobs({ job: 'send_weekly_digest', trigger: 'admin' }), notifyJobs({ job: 'send_weekly_digest', trigger: 'admin' })]);
    expect(runs.map((r) => r.status).sort()).toEqual(['skipped', 'succeeded']);
    expect(pushesTo('wes')).toHaveLength(1);
    expect(mailsTo('wes')).toHaveLength(1);
    expect(pushesTo('wren')).toHaveLength(1);
    expect(mailsTo('wren')).toHaveLength(1);
  });

  it('send_weekly_digest: two scheduled runs at once send each Monday digest once, and two re-runs retry a failed channel once', async () => {
    // Both users are in UTC: Monday 2026-03-16 08:00 UTC is their digest's morning.
    push.failTopic('wren', 503);
    const monday = new Date('2026-03-16T08:00:00.000Z');
    await Promise.all([sendWeeklyDigest(monday), sendWeeklyDigest(monday)]);
    expect(pushesTo('wes')).toHaveLength(2);
    expect(mailsTo('wes')).toHaveLength(2);
    expect(mailsTo('wren')).toHaveLength(2);
    expect(pushesTo('wren')).toHaveLength(2);
    const mondays = async () => (await historyOf('wren')).find((e) => e.event_id === `weekly_digest:2026-03-16:${users.wren?.id}`);
    const failed = await mondays();
    expect([failed?.occurred_at, failed?.channels.push, failed?.attempts]).toEqual(['2026-03-16T08:00:00.000Z', 'failed', { push: 1 }]);

    // The next hourly runs of that morning, two at once without the lease: the failed push is claimed by one of them and sent once; nothing else is resent.
    push.healTopic('wren');
    const nine = new Date('2026-03-16T09:00:00.000Z');
    await Promise.all([sendWeeklyDigest(nine), sendWeeklyDigest(nine)]);
    expect(pushesTo('wren')).toHaveLength(3);
    expect(pushesTo('wren')[2]?.headers.title).toMatch(/^Weekly Digest/);
    expect(mailsTo('wren')).toHaveLength(2);
    expect(pushesTo('wes')).toHaveLength(2);
    expect(mailsTo('wes')).toHaveLength(2);
    expect((await mondays())?.channels).toMatchObject({ push: 'sent', email: 'sent' });
  });
});

describe('the digest index', () => {
  it('lets an event whose channels no longer wait for the digest leave the index without sending it', async () => {
    const at = new Date('2026-05-01T10:00:00.000Z');
    await record('dina', content('dina-moved', '119-hr-80'), at);
    // Its state moved on (sent some other way) while it was still listed as due.
    await updateNotification(
      { user_id: users.dina?.id ?? '', occurred_at: at.toISOString(), event_id: 'dina-moved' },
      { channels: { push: 'sent', email: 'sent' } },
    );
    const before = pushesTo('dina').length;
    expect(await sendNotificationDigests(new Date('2026-05-02T08:05:00.000Z'))).toMatchObject({ due_events: 1, messages_sent: 0 });
    expect(await sendNotificationDigests(new Date('2026-05-02T09:05:00.000Z'))).toMatchObject({ due_events: 0 });
    expect(pushesTo('dina')).toHaveLength(before);
  });
});

describe('the retry cap', () => {
  /** Runs `job` at each due time until the event stops waiting; returns the run times. */
  async function runUntilSettled(name: string, waiting: 'digest' | 'held', first: Date, job: (now: Date) => Promise<unknown>): Promise<Date[]> {
    const times: Date[] = [];
    let at: Date | null = first;
    while (at && times.length < MAX_SEND_ATTEMPTS + 2) {
      times.push(at);
      await job(at);
      const [e] = await historyOf(name);
      at = e?.channels.push === waiting && e.due_at ? new Date(e.due_at) : null;
    }
    return times;
  }

  it(`stops retrying a digest after ${MAX_SEND_ATTEMPTS} failed attempts, backing off, and shows the failure in the history`, async () => {
    push.failTopic('capd', 500);
    await record('capd', content('capd-1', '119-hr-78'), new Date('2026-04-01T10:00:00.000Z'));
    const times = await runUntilSettled('capd', 'digest', new Date('2026-04-02T08:00:00.000Z'), sendNotificationDigests);
    expect(times).toHaveLength(MAX_SEND_ATTEMPTS);
    // The job's interval, doubled per attempt.
    expect(times.slice(1).map((t, i) => (t.getTime() - (times[i]?.getTime() ?? 0)) / HOUR)).toEqual([1, 2, 4, 8]);
    expect(pushesTo('capd')).toHaveLength(MAX_SEND_ATTEMPTS);
    const [e] = await historyOf('capd');
    expect([e?.channels.push, e?.attempts, e?.due_at]).toEqual(['failed', { push: MAX_SEND_ATTEMPTS }, null]);
    expect(e?.errors.push).toMatch(/^gave up after 5 attempts: .*HTTP 500/);
    // Out of the digest index: later runs send nothing.
    expect(await sendNotificationDigests(new Date('2026-04-03T08:00:00.000Z'))).toMatchObject({ due_events: 0 });
    expect(pushesTo('capd')).toHaveLength(MAX_SEND_ATTEMPTS);

    const history = await call(notifications, 'GET', '/api/notifications/history', { token: users.capd?.token });
    expect(history.status).toBe(200);
    const [shown] = (history.body as { items: { channels: { push: string }; attempts?: Record<string, number>; failures: Record<string, string> }[] }).items;
    expect(shown?.channels.push).toBe('failed');
    expect(shown?.attempts).toEqual({ push: MAX_SEND_ATTEMPTS });
    expect(shown?.failures.push).toMatch(/^gave up after 5 attempts/);
  });

  it(`stops retrying a held event after ${MAX_SEND_ATTEMPTS} failed attempts`, async () => {
    push.failTopic('caph', 500);
    await record('caph', content('caph-1', '119-hr-79'), new Date('2026-04-05T02:00:00.000Z'));
    const times = await runUntilSettled('caph', 'held', new Date('2026-04-05T06:00:00.000Z'), releaseHeldNotifications);
    expect(times).toHaveLength(MAX_SEND_ATTEMPTS);
    expect(times.slice(1).map((t, i) => (t.getTime() - (times[i]?.getTime() ?? 0)) / 60_000)).toEqual([15, 30, 60, 120]);
    expect(pushesTo('caph')).toHaveLength(MAX_SEND_ATTEMPTS);
    const [e] = await historyOf('caph');
    expect([e?.channels.push, e?.attempts, e?.due_at]).toEqual(['failed', { push: MAX_SEND_ATTEMPTS }, null]);
    expect(await releaseHeldNotifications(new Date('2026-04-06T06:00:00.000Z'))).toMatchObject({ due: 0, messages: 0 });
  });
});

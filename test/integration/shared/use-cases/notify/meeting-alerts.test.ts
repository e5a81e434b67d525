/**
 * Alerts before the meeting, on DynamoDB Local and fauxqs: a meeting that
 * takes up a followed bill saved as poll_meetings saves it (applyObservations,
 * which owes the alert in the save's transaction and sends it), the
 * dispatcher run over what it sent. A follower of the bill with a stance gets
 * one `scheduled` notification per channel, then one update for the
 * reschedule and one for the cancellation; the same data polled again and
 * the same message delivered twice tell nobody twice; a `calendar` filter of
 * the stance silences it; quiet hours hold it; digest mode folds it into the
 * digest; a committee's follower hears of its meeting. The bill's and the
 * committee's calendars, read back by a second iCalendar library (node-ical),
 * keep the meeting's UID while its SEQUENCE grows, mark the cancellation, and
 * revalidate with 304.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import { handler as committees } from '#functions/api/committees.ts';
import { handler as notifications } from '#functions/api/notifications.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import { listOutboxEntries } from '#shared/adapters/db/outbox.repository.ts';
import { MeetingEvent } from '#shared/adapters/messaging/messages.ts';
import type { MeetingFields } from '#shared/domain/schedule/meeting.schema.ts';
import { applyObservations } from '#shared/use-cases/schedule/apply-observations.ts';
import { sendNotificationDigests } from '#shared/use-cases/notify/send-digests.ts';
import { loadOfflineCommittees } from '#local/demo/offline-schedule.ts';
import { call } from '#test/support/api.ts';
import { newAccount } from '#test/support/accounts.ts';
import { dispatch, drainDispatchQueue, seedBill } from '#test/support/notify-harness.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const BILL = '119-s-4321';
const MEETING = 'senate-alert-test-1';
const DAY = 24 * 3600 * 1000;
let push: PushServer;
let smtp: SmtpSink;
const users: Record<string, { id: string; token: string; email: string }> = {};

/** Three days ahead at 14:00 UTC (10:00 in Washington in summer, 09:00 in winter). */
const ahead = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(14, 0, 0, 0);
  return d.toISOString().replace('.000Z', 'Z');
};
const FIRST = ahead(3);
const MOVED = ahead(4);

const fields = (over: Partial<MeetingFields> = {}): MeetingFields => ({
  chamber: 'senate',
  congress: 119,
  committees: ['SSFR'],
  type: 'hearing',
  status: 'scheduled',
  starts_at: FIRST,
  ends_at: null,
  all_day: false,
  location: 'Dirksen Senate Office Building 419',
  title: 'Hearings to examine the Orchard Act.',
  bill_ids: [BILL],
  witnesses: [],
  documents: [],
  ...over,
});

/** Saves what senate.gov says of the meeting at `at`, then runs what the save sent to the dispatcher. */
async function poll(over: Partial<MeetingFields>, at: Date): Promise<MeetingEvent[]> {
  await applyObservations(MEETING, { 'senate-gov': { ref: 'test', observed_at: at.toISOString(), fields: fields(over) } }, at);
  const sent = (await drainDispatchQueue()).map((m) => MeetingEvent().parse(m));
  if (sent.length > 0) await dispatch(sent);
  return sent;
}

async function signUp(name: string, prefs: Record<string, unknown>): Promise<void> {
  const email = `${name}-meet@example.org`;
  const { id, token } = await newAccount(email);
  users[name] = { id, token, email };
  const res = await call(notifications, 'PUT', '/api/notifications/settings', {
    token,
    body: { push_enabled: true, push_url: `${push.url}/${name}-meet`, email_enabled: true, email_address: email, rss_enabled: true, ...prefs },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const scheduled = async (name: string) =>
  (await listHistory(users[name]?.id ?? '', 50)).items.filter((n) => n.kind === 'scheduled').sort((a, b) => a.meeting!.version - b.meeting!.version);
const pushesTo = (name: string) => push.requests.filter((r) => r.path === `/${name}-meet`);
const mailsTo = (name: string) => smtp.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === users[name]?.email);

let first: MeetingEvent[] = [];
let repoll: MeetingEvent[] = [];
let moved: MeetingEvent[] = [];

beforeAll(async () => {
  [push, smtp] = await Promise.all([startPushServer(), startSmtpSink()]);
  Object.assign(process.env, smtp.env, { NOTIFY_RETRY_BASE_SECONDS: '0' });
  resetConfig();
  const hour = new Date().getUTCHours();
  await signUp('sam', { timezone: 'America/Los_Angeles' });
  await signUp('muted', { alert_filters: { hold_boost: { calendar: false } } });
  await signUp('night', { quiet_hours_start: (hour + 23) % 24, quiet_hours_end: (hour + 2) % 24, timezone: 'UTC' });
  await signUp('digest', { digest_mode: 'daily', timezone: 'UTC' });
  await signUp('watcher', {});
  await seedBill(BILL, { title: 'Orchard Act', label: 'S. 4321', topic_tags: [] });
  const id = (n: string) => users[n]?.id ?? '';
  await Promise.all([
    ...['sam', 'muted', 'night', 'digest'].map((n) => createFollow({ userId: id(n), targetType: 'bill', targetId: BILL, followMode: 'hold_boost' })),
    createFollow({ userId: id('watcher'), targetType: 'committee', targetId: 'SSFR' }),
  ]);
  await drainDispatchQueue();
  const now = new Date();
  first = await poll({}, now);
  // The same data polled again, and the same alert delivered twice (a retry after a crash).
  repoll = await poll({}, new Date(now.getTime() + 60_000));
  await dispatch(first, 2);
  moved = await poll({ starts_at: MOVED, status: 'rescheduled' }, new Date(now.getTime() + 120_000));
}, 120_000);

afterAll(async () => {
  await Promise.all([push.close(), smtp.close()]);
});

describe('a followed bill scheduled for a hearing', () => {
  it('owes one alert per meeting version, sends it, and leaves no outbox entry', async () => {
    expect(first.map((m) => [m.event_id, m.change])).toEqual([[`scheduled:${MEETING}:1`, 'scheduled']]);
    expect(repoll).toEqual([]);
    expect(moved.map((m) => [m.event_id, m.change, m.previous_starts_at])).toEqual([[`scheduled:${MEETING}:2`, 'rescheduled', FIRST]]);
    expect((await listOutboxEntries(new Date(Date.now() + DAY).toISOString(), 100)).filter((e) => e.id.includes(MEETING))).toEqual([]);
  });

  it('tells a follower with a stance once per channel when scheduled and once when rescheduled, in their time zone', async () => {
    const told = await scheduled('sam');
    expect(told.map((n) => [n.meeting?.version, n.meeting?.change, n.action_category, n.mode])).toEqual([
      [1, 'scheduled', 'calendar', 'hold_boost'],
      [2, 'rescheduled', 'calendar', 'hold_boost'],
    ]);
    expect(told.every((n) => n.channels.push === 'sent' && n.channels.email === 'sent' && n.channels.rss === 'sent')).toBe(true);
    const pushes = pushesTo('sam');
    expect(pushes).toHaveLength(2);
    expect(mailsTo('sam')).toHaveLength(2);
    expect(pushes[0]?.headers).toMatchObject({ title: 'Hearing scheduled: S. 4321', click: `http://localhost:3000/meetings/${MEETING}`, tags: 'date' });
    const pacific = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles', timeZoneName: 'short' }).format(
      new Date(FIRST),
    );
    expect(pushes[0]?.body).toContain(pacific);
    expect(pushes[0]?.body).toContain('Dirksen Senate Office Building 419');
    expect(pushes[1]?.headers).toMatchObject({ title: 'Hearing rescheduled: S. 4321' });
    expect(pushes[1]?.body).toMatch(/\(was .+\)/u);
  });

  it('tells nobody whose stance filters out calendar', async () => {
    expect(await scheduled('muted')).toEqual([]);
    expect(pushesTo('muted')).toHaveLength(0);
  });

  it('holds it in quiet hours', async () => {
    const told = await scheduled('night');
    expect(told.map((n) => n.channels.push)).toEqual(['held', 'held']);
    expect(pushesTo('night')).toHaveLength(0);
  });

  it('folds it into the digest in digest mode', async () => {
    const told = await scheduled('digest');
    expect(told.map((n) => n.channels.email)).toEqual(['digest', 'digest']);
    expect(mailsTo('digest')).toHaveLength(0);
    await sendNotificationDigests(new Date(Date.now() + 25 * 3600 * 1000));
    const digests = mailsTo('digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]?.text).toContain('Hearing scheduled');
    expect(digests[0]?.text).toContain('Hearing rescheduled');
  });

  it("tells a committee's follower of its meeting", async () => {
    const told = await scheduled('watcher');
    expect(told.map((n) => [n.meeting?.version, n.mode])).toEqual([
      [1, 'neutral'],
      [2, 'neutral'],
    ]);
  });

  it('sends one update for a cancellation, and nothing for a meeting already over', async () => {
    const cancelled = await poll({ starts_at: MOVED, status: 'cancelled' }, new Date(Date.now() + 180_000));
    expect(cancelled.map((m) => m.change)).toEqual(['cancelled']);
    expect((await scheduled('sam')).map((n) => n.meeting?.change)).toEqual(['scheduled', 'rescheduled', 'cancelled']);
    // Seen after it would have started: a change, but no alert.
    const late = await poll({ starts_at: MOVED, status: 'cancelled', location: 'Capitol S-116' }, new Date(Date.parse(MOVED) + 3600_000));
    expect(late).toEqual([]);
  });
});

describe("the bill's and the committee's calendars", () => {
  const calendarOf = async (path: string, headers: Record<string, string> = {}) => call(committees, 'GET', path, { headers });
  const eventsOf = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

  it('reads back the meeting with a stable UID, a SEQUENCE that grew, its cancellation and a link to its page', async () => {
    await loadOfflineCommittees();
    const res = await calendarOf(`/api/bills/${BILL}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const [event, ...rest] = eventsOf(res.text);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({ uid: `${MEETING}@billwatch`, status: 'CANCELLED' });
    // node-ical keeps the URL's VALUE=URI parameter beside it.
    expect(JSON.stringify(event?.url)).toContain(`"http://localhost:3000/meetings/${MEETING}"`);
    // Scheduled (1), rescheduled (2), cancelled (3), and moved to S-116 after its time (4): the version, as SEQUENCE.
    expect(Number(event?.sequence)).toBe(4);
    expect(event?.start.toISOString()).toBe(new Date(MOVED).toISOString());
    const committee = eventsOf((await calendarOf('/api/committees/SSFR/calendar.ics')).text);
    expect(committee.map((e) => [e.uid, Number(e.sequence)])).toContainEqual([`${MEETING}@billwatch`, 4]);
  });

  it('grows SEQUENCE under the same UID when the meeting changes, and answers 304 while nothing did', async () => {
    const before = await calendarOf(`/api/bills/${BILL}/calendar.ics`);
    expect((await calendarOf(`/api/bills/${BILL}/calendar.ics`, { 'if-none-match': before.headers.etag ?? '' })).status).toBe(304);
    // Seen after the last sighting (an hour past its old time): back on the schedule two days later.
    const back = await poll({ starts_at: ahead(6), status: 'rescheduled', location: 'Capitol S-116' }, new Date(Date.parse(MOVED) + 2 * 3600_000));
    expect(back.map((m) => m.change)).toEqual(['rescheduled']);
    const after = await calendarOf(`/api/bills/${BILL}/calendar.ics`, { 'if-none-match': before.headers.etag ?? '' });
    expect(after.status).toBe(200);
    const [event] = eventsOf(after.text);
    expect(event).toMatchObject({ uid: `${MEETING}@billwatch`, status: 'CONFIRMED' });
    expect(Number(event?.sequence)).toBe(5);
  });

  it('answers 404 for an unknown bill or committee', async () => {
    expect((await calendarOf('/api/bills/119-s-9999/calendar.ics')).status).toBe(404);
    expect((await calendarOf('/api/committees/SSZZ/calendar.ics')).status).toBe(404);
  });
});

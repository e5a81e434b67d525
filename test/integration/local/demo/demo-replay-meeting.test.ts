/**
 * The demo replay's scheduled meeting on DynamoDB Local and fauxqs (issue
 * 34.7): the offline schedule loads every recording but the held-back House
 * Rules meeting on S.Con.Res. 11 (114th); the replay releases it into the
 * coming week, at its recorded weekday and Washington time, and then
 * reschedules it a day later. A follower of the bill with a stance is told
 * once before the meeting and once of the reschedule, both marked demo; the
 * bill's calendar keeps the meeting's UID while its SEQUENCE grows; a replay
 * with nothing left says so.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as committees } from '#functions/api/committees.ts';
import { handler as notifications } from '#functions/api/notifications.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { getStoredMeeting } from '#shared/adapters/db/meetings.repository.ts';
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import type { DemoReplayState } from '#shared/domain/demo/demo-replay.schema.ts';
import { inEastern } from '#shared/domain/schedule/eastern-time.ts';
import { ConflictError } from '#shared/errors/app-error.ts';
import { importBillStatus } from '#shared/use-cases/bills/import-bill-status.ts';
import { DEMO_BILLSTATUS_DIR } from '#local/demo/demo-bills.ts';
import { meetingReplaySchedule, REPLAY_MEETING_BILL, REPLAY_MEETING_ID } from '#local/demo/demo-replay-meeting.ts';
import { replayDemo } from '#local/demo/demo-replay.ts';
import { loadOfflineSchedule, SCHEDULE_RECORDINGS_DIR } from '#local/demo/offline-schedule.ts';
import { call } from '#test/support/api.ts';
import { newAccount } from '#test/support/accounts.ts';
import { dispatch, drainDispatchQueue } from '#test/support/notify-harness.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const DAY = 86_400_000;
const cache: { state: DemoReplayState } = { state: { version: 0, released: {} } };
const clock = { now: () => new Date(), sleep: async () => undefined };
const plan = [meetingReplaySchedule(SCHEDULE_RECORDINGS_DIR)];
let user = '';

const told = async () =>
  (await listHistory(user, 50)).items.filter((n) => n.kind === 'scheduled').sort((a, b) => (a.meeting?.version ?? 0) - (b.meeting?.version ?? 0));
const calendar = async () => {
  const res = await call(committees, 'GET', `/api/bills/${REPLAY_MEETING_BILL}/calendar.ics`);
  expect(res.status).toBe(200);
  return Object.values(ical.sync.parseICS(res.text)).filter((c): c is VEvent => c?.type === 'VEVENT');
};
/** Plays one replay step and hands what it sent to the dispatcher. */
async function step() {
  const run = await replayDemo(plan, cache, { steps: 1, step_ms: 0 }, clock);
  await dispatch(await drainDispatchQueue());
  return run;
}

beforeAll(async () => {
  const file = readFileSync(path.join(DEMO_BILLSTATUS_DIR, 'legacy-BILLSTATUS-114sconres11.xml'), 'utf8');
  await importBillStatus(parseBillStatus(file, new Date().toISOString()), { now: new Date(), fetchLinked: false });
  const { id, token } = await newAccount('meeting-demo@example.org');
  user = id;
  const res = await call(notifications, 'PUT', '/api/notifications/settings', { token, body: { rss_enabled: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await createFollow({ userId: id, targetType: 'bill', targetId: REPLAY_MEETING_BILL, followMode: 'hold_veto' });
  await loadOfflineSchedule();
  await drainDispatchQueue();
}, 120_000);

describe("the demo replay's scheduled meeting", () => {
  it('is held back from the offline schedule', async () => {
    expect(await getStoredMeeting(REPLAY_MEETING_ID)).toBeNull();
    expect(await getStoredMeeting('house-115955')).not.toBeNull();
  });

  it("is released into the coming week at its recorded weekday and time, and the bill's follower is told before it", async () => {
    const before = Date.now();
    const run = await step();
    expect(run.played).toEqual([
      expect.objectContaining({ bill_id: REPLAY_MEETING_BILL, action_date: '2015-04-29', actions: 0, meeting: expect.objectContaining({ version: 1 }) }),
    ]);
    expect(run.remaining_steps).toBe(1);
    const meeting = (await getStoredMeeting(REPLAY_MEETING_ID))?.meeting;
    const starts = Date.parse(meeting?.starts_at ?? '');
    expect(starts - before).toBeGreaterThan(2 * DAY);
    expect(starts - before).toBeLessThan(11 * DAY);
    // Wednesday 29 April 2015 at 15:00 in Washington: a Wednesday at 15:00 Eastern.
    const eastern = inEastern(new Date(starts));
    expect(new Date(`${eastern.slice(0, 10)}T00:00:00Z`).getUTCDay()).toBe(3);
    expect(eastern.slice(11, 16)).toBe('15:00');
    expect(meeting).toMatchObject({ bill_ids: expect.arrayContaining([REPLAY_MEETING_BILL]), committees: ['HSRU'] });
    expect((await told()).map((n) => [n.meeting?.version, n.meeting?.change, n.mode, n.demo])).toEqual([[1, 'scheduled', 'hold_veto', true]]);
    const [event, ...rest] = await calendar();
    expect(rest).toEqual([]);
    expect(event).toMatchObject({ uid: `${REPLAY_MEETING_ID}@billwatch` });
    expect(Number(event?.sequence)).toBe(1);
  });

  it('is rescheduled a day later: one update, and the calendar SEQUENCE grows under the same UID', async () => {
    const first = (await getStoredMeeting(REPLAY_MEETING_ID))?.meeting;
    const run = await step();
    expect(run.played).toEqual([expect.objectContaining({ meeting: expect.objectContaining({ id: REPLAY_MEETING_ID, version: 2 }) })]);
    expect(run.remaining_steps).toBe(0);
    const moved = (await getStoredMeeting(REPLAY_MEETING_ID))?.meeting;
    expect(Date.parse(moved?.starts_at ?? '') - Date.parse(first?.starts_at ?? '')).toBe(DAY);
    expect(moved?.status).toBe('rescheduled');
    const notes = await told();
    expect(notes.map((n) => [n.meeting?.version, n.meeting?.change, n.demo])).toEqual([
      [1, 'scheduled', true],
      [2, 'rescheduled', true],
    ]);
    expect(notes[1]?.meeting?.previous_starts_at).toBe(first?.starts_at);
    const [event] = await calendar();
    expect(event).toMatchObject({ uid: `${REPLAY_MEETING_ID}@billwatch` });
    expect(Number(event?.sequence)).toBe(2);
    expect(event?.start.toISOString()).toBe(new Date(moved?.starts_at ?? '').toISOString());
  });

  it('says nothing is left once both steps are played', async () => {
    await expect(replayDemo(plan, cache, { step_ms: 0 }, clock)).rejects.toBeInstanceOf(ConflictError);
  });
});

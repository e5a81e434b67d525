/**
 * The demo replay's scheduled meeting: the House Rules Committee's meeting of
 * 29 April 2015 on the conference report to accompany S.Con.Res. 11 (114th),
 * a demo bill, as Congress.gov recorded it (committee-meeting-records-11-harvested.json,
 * event 103428). The recordings manifest holds it back (`held_back`), so a
 * fresh offline start does not have it; the replay releases it in two steps
 * through poll_meetings, as a demo poll (its alerts are marked demo):
 *   1. the recording, moved into the coming week: the same weekday and
 *      Washington wall time, on the first such day at least three days after
 *      the release (a meeting in the past tells nobody, docs/schedule-rules.md);
 *      first sighting, so its followers get one `scheduled` alert;
 *   2. a reschedule to the next day at the same time, status rescheduled:
 *      one update, the meeting's version (the calendars' SEQUENCE) grows.
 * The recording holds no change of its own (no recording holds a change of a
 * meeting of a demo bill), so step 2 is the demo's: like every replay event
 * it is marked demo, and docs/local-stack.md says so.
 */
import { getStoredMeeting } from '#shared/adapters/db/meetings.repository.ts';
import { recordedFeed } from '#shared/adapters/providers/schedule/recorded-feed.ts';
import type { FeedReading, ScheduleFeed } from '#shared/adapters/providers/schedule/schedule-feed.ts';
import type { DemoReplayStep } from '#shared/domain/demo/demo-replay.schema.ts';
import { addDays, easternDate, easternWallTime, inEastern } from '#shared/domain/schedule/eastern-time.ts';
import { pollMeetings } from '#shared/use-cases/schedule/poll-meetings.ts';
import type { ReplaySchedule } from './demo-replay-plan.ts';

export const REPLAY_MEETING_ID = 'house-103428';
/** The demo bill the meeting takes up: its followers are told. */
export const REPLAY_MEETING_BILL = '114-sconres-11';
/** The meeting's real date (Eastern), which orders its steps among the replay's held-back days. */
const RECORDED_DATE = '2015-04-29';
/** A released meeting starts at least this many days after its release. */
const LEAD_DAYS = 3;

const DAY_MS = 86_400_000;
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** `instant` moved by `days` calendar days in Washington, keeping its wall time. */
export function movedDays(instant: string, days: number): string {
  const eastern = inEastern(instant);
  return easternWallTime(addDays(eastern.slice(0, 10), days), eastern.slice(11, 19));
}

/** The days that move a recorded start to the first day of its weekday at least LEAD_DAYS after `at`. */
export function daysIntoComingWeek(startsAt: string, at: Date): number {
  const from = addDays(easternDate(at), LEAD_DAYS);
  const recorded = easternDate(startsAt);
  return daysBetween(recorded, addDays(from, (weekday(recorded) - weekday(from) + 7) % 7));
}

/** The held-back recording, as a reading at `at` whose meeting `shape` reshapes (starts_at given). */
function releasedFeed(dir: string, at: Date, shape: (startsAt: string) => { days: number; status?: 'rescheduled' }): ScheduleFeed {
  const recordings = recordedFeed(dir, { heldBack: 'only' });
  return {
    name: 'demo replay meeting',
    read: async (ctx): Promise<FeedReading[]> => {
      const readings = (await recordings.read(ctx)).filter((r) => r.meetings.some((m) => m.id === REPLAY_MEETING_ID));
      const reading = readings.at(-1);
      const meeting = reading?.meetings.find((m) => m.id === REPLAY_MEETING_ID);
      if (!reading || !meeting?.fields.starts_at) throw new Error(`the schedule recordings hold back no meeting ${REPLAY_MEETING_ID}`);
      const { days, status } = shape(meeting.fields.starts_at);
      const { starts_at, ends_at } = meeting.fields;
      const fields = {
        ...meeting.fields,
        starts_at: movedDays(starts_at, days),
        ...(ends_at ? { ends_at: movedDays(ends_at, days) } : {}),
        ...(status ? { status } : {}),
      };
      // Seen now: the observation is newer than any the store has of the source.
      return [
        {
          ...reading,
          ref: `${reading.ref ?? ''} (demo replay)`,
          read_at: at.toISOString(),
          meetings: [{ ...meeting, source_updated_at: at.toISOString(), fields }],
        },
      ];
    },
  };
}

/**
 * Plays step `n` (1: released into the coming week; 2: rescheduled a day
 * later) at `at`. A step 2 whose step 1 never polled (a replay that died in
 * between) releases the meeting first; a step 2 played again keeps its day.
 */
export async function playMeetingStep(dir: string, n: number, at: Date): Promise<NonNullable<DemoReplayStep['meeting']>> {
  let stored = (await getStoredMeeting(REPLAY_MEETING_ID))?.meeting;
  if (n === 1 || !stored) {
    await pollMeetings(at, [releasedFeed(dir, at, (startsAt) => ({ days: daysIntoComingWeek(startsAt, at) }))], { demo: true });
    stored = (await getStoredMeeting(REPLAY_MEETING_ID))?.meeting;
  }
  if (n >= 2 && stored) {
    const placed = stored;
    const later = placed.status === 'rescheduled' ? 0 : 1;
    const shape = (startsAt: string) => ({ days: daysBetween(easternDate(startsAt), easternDate(placed.starts_at)) + later, status: 'rescheduled' as const });
    await pollMeetings(at, [releasedFeed(dir, at, shape)], { demo: true });
    stored = (await getStoredMeeting(REPLAY_MEETING_ID))?.meeting;
  }
  if (!stored) throw new Error(`the demo replay could not release the meeting ${REPLAY_MEETING_ID}`);
  return { id: stored.id, version: stored.version, starts_at: stored.starts_at };
}

/** The replay's schedule of the meeting: two steps dated by its real date (they play before the bills' later days). */
export const meetingReplaySchedule = (dir: string): ReplaySchedule => ({
  bill_id: REPLAY_MEETING_BILL,
  days: [
    { date: RECORDED_DATE, actions: 0 },
    { date: RECORDED_DATE, actions: 0 },
  ],
  play: (n, at) => playMeetingStep(dir, n, at),
});

/**
 * poll_meetings: reads every schedule feed and saves what changed.
 *
 * Primary course:
 *   1. read each feed (a feed that fails is reported and the others go on);
 *   2. group the readings by when they were read, oldest first (recordings
 *      carry their capture times; a live poll is one group);
 *   3. within a group, gather each meeting's observations, one per source
 *      (a later reading of the same source overrides an earlier one), each
 *      timed by the source's own update time when it gives one;
 *   4. apply each meeting's observations (./apply-observations.ts), a few at once;
 *      a save that is news to the meeting's followers sends them an alert.
 * Idempotent: polling the same data again changes nothing.
 */
import { getMeetings } from '#shared/adapters/db/meetings.repository.ts';
import type { FeedReading, ScheduleFeed } from '#shared/adapters/providers/schedule/schedule-feed.ts';
import type { MeetingSource } from '#shared/domain/schedule/meeting.schema.ts';
import type { Observations } from '#shared/domain/schedule/meeting-merge.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { logger } from '#shared/platform/logger.ts';
import { applyObservations, type ApplyOutcome } from './apply-observations.ts';

/** Meetings saved at once: each is its own partition and a few writes. */
const CONCURRENCY = 4;

/** The stored observation times of a source for some meetings (the Congress.gov feed skips items it already has). */
async function storedUpdates(meetingIds: readonly string[], source: MeetingSource): Promise<Map<string, string>> {
  const meetings = await getMeetings(meetingIds);
  return new Map(meetings.flatMap((m) => (m.observations[source] ? [[m.id, m.observations[source].observed_at] as [string, string]] : [])));
}

/** Readings grouped by read time, oldest first; within a group, in feed order. */
function rounds(readings: FeedReading[]): { at: Date; readings: FeedReading[] }[] {
  const byTime = new Map<string, FeedReading[]>();
  for (const r of readings) byTime.set(r.read_at, [...(byTime.get(r.read_at) ?? []), r]);
  return [...byTime.entries()].sort(([a], [b]) => Date.parse(a) - Date.parse(b)).map(([at, list]) => ({ at: new Date(at), readings: list }));
}

function observationsOf(readings: FeedReading[]): Map<string, Observations> {
  const byMeeting = new Map<string, Observations>();
  for (const reading of readings) {
    for (const m of reading.meetings) {
      const observations = byMeeting.get(m.id) ?? {};
      observations[reading.source] = { ref: reading.ref, observed_at: m.source_updated_at ?? reading.read_at, fields: m.fields };
      byMeeting.set(m.id, observations);
    }
  }
  return byMeeting;
}

/** Runs one poll over `feeds`; returns what it saw and did. */
export async function pollMeetings(now: Date, feeds: readonly ScheduleFeed[], options: { demo?: boolean } = {}) {
  const readings: FeedReading[] = [];
  const failures: Record<string, string> = {};
  for (const feed of feeds) {
    try {
      readings.push(...(await feed.read({ now, storedUpdates })));
    } catch (err) {
      failures[feed.name] = (err as Error).message;
      logger.warn('poll_meetings: feed failed', { feed: feed.name, error: (err as Error).message });
    }
  }
  if (feeds.length > 0 && Object.keys(failures).length === feeds.length) throw new Error(`every schedule feed failed: ${JSON.stringify(failures)}`);
  const counts: Record<ApplyOutcome, number> = { created: 0, changed: 0, unchanged: 0, incomplete: 0 };
  let material = 0;
  let alerts = 0;
  for (const round of rounds(readings)) {
    const meetings = [...observationsOf(round.readings).entries()];
    await mapLimit(meetings, CONCURRENCY, async ([id, observations]) => {
      const result = await applyObservations(id, observations, round.at, options);
      counts[result.outcome] += 1;
      if (result.alert) alerts += 1;
      if (result.material && result.outcome === 'changed') material += 1;
    });
  }
  return { readings: readings.length, ...counts, material_changes: material, alerts, failed_feeds: failures };
}

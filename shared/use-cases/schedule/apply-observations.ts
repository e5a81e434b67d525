/**
 * Saves what sources said of one meeting (docs/product-rules.md, "Meetings").
 *
 * Primary course:
 *   1. read the stored meeting (strongly consistent);
 *   2. keep each incoming observation that is not older than the stored one of
 *      its source (a reading out of order is ignored) and differs from it;
 *   3. merge every source's observation into the meeting's fields, mark a
 *      moved meeting rescheduled, and compare with what is stored;
 *   4. raise the version on a material change, record the change in the
 *      history, move updated_at when the API's view changed;
 *   5. when the change is news to its followers (a meeting first scheduled,
 *      rescheduled, postponed, cancelled, moved; domain/schedule/meeting-alert.ts),
 *      owe the notification dispatcher a meeting event in the table outbox;
 *   6. write it (repository: pointers, then the record, its history entry and
 *      the outbox entry in one transaction conditional on the revision read,
 *      then stale pointers out); on a lost race, read again and redo;
 *   7. send what it owes and delete the entry (a crash before leaves it to
 *      relay_outbox; the event id is per meeting version, so a resend tells
 *      nobody twice).
 * Nothing changed (the same data polled again) writes nothing. A meeting its
 * sources do not yet describe whole (a witness list alone) is not stored.
 */
import { contentHash } from '#shared/adapters/db/content-version.ts';
import {
  dropStalePointers,
  getStoredMeeting,
  MeetingSaveConflict,
  pointerKeyStrings,
  pointerKeysOf,
  saveMeeting,
} from '#shared/adapters/db/meetings.repository.ts';
import { parentCommitteeCode } from '#shared/domain/schedule/committee-code.ts';
import { diffMeeting, fieldsOf } from '#shared/domain/schedule/meeting-changes.ts';
import { isCurrentObservation, mergeObservations, nextState, type Observations } from '#shared/domain/schedule/meeting-merge.ts';
import type { Meeting, MeetingChange, MeetingSource, Observation } from '#shared/domain/schedule/meeting.schema.ts';
import { meetingView } from '#shared/domain/schedule/meeting-views.ts';
import { meetingAlertId, meetingAlertOf, type MeetingAlertChange } from '#shared/domain/schedule/meeting-alert.ts';
import type { MeetingEvent } from '#shared/adapters/messaging/messages.ts';
import { owe, sendOwed } from '#shared/use-cases/bills/outbox-relay.ts';

export type ApplyOutcome = 'created' | 'changed' | 'unchanged' | 'incomplete';

const ATTEMPTS = 3;
const sameObservation = (a: Observation | undefined, b: Observation) =>
  a !== undefined && a.ref === b.ref && JSON.stringify(a.fields) === JSON.stringify(b.fields);

/** The committees whose listings show a meeting: its own, and the full committee of each subcommittee. */
export const listedCommittees = (codes: readonly string[]): string[] => [
  ...new Set(codes.flatMap((c) => [c, parentCommitteeCode(c)].filter((x): x is string => x !== null))),
];

/** The dispatcher's message for an alert of `meeting` at its version. */
function alertEvent(meeting: Meeting, change: MeetingAlertChange, entry: MeetingChange | null, now: string, demo?: boolean): MeetingEvent {
  const moved = entry?.changes.find((c) => c.field === 'starts_at');
  return {
    v: 1,
    type: 'meeting_event',
    event_id: meetingAlertId(meeting.id, meeting.version),
    meeting_id: meeting.id,
    version: meeting.version,
    change,
    previous_starts_at: typeof moved?.before === 'string' ? moved.before : null,
    occurred_at: now,
    ...(demo ? { demo: true as const } : {}),
  };
}

/** Applies one meeting's incoming observations (at most one per source), seen at `at`. */
export async function applyObservations(
  meetingId: string,
  incoming: Observations,
  at: Date,
  options: { demo?: boolean } = {},
): Promise<{ outcome: ApplyOutcome; version: number | null; material: boolean; alert: MeetingAlertChange | null }> {
  for (let attempt = 1; ; attempt++) {
    const stored = await getStoredMeeting(meetingId);
    const observations: Observations = { ...(stored?.meeting.observations ?? {}) };
    const news: MeetingSource[] = [];
    for (const [source, observation] of Object.entries(incoming) as [MeetingSource, Observation][]) {
      if (!isCurrentObservation(observations[source], observation) || sameObservation(observations[source], observation)) continue;
      observations[source] = observation;
      news.push(source);
    }
    const merged = mergeObservations(observations);
    if (!merged) return { outcome: 'incomplete', version: null, material: false, alert: null };
    const before = stored ? fieldsOf(stored.meeting) : null;
    const fields = nextState(before, merged);
    const diff = before ? diffMeeting(before, fields) : null;
    if (stored && news.length === 0 && diff?.changes.length === 0) {
      const wanted = pointerKeyStrings(pointerKeysOf(stored.meeting, listedCommittees(stored.meeting.committees)));
      await dropStalePointers(meetingId, stored.revision, stored.index_keys, wanted);
      return { outcome: 'unchanged', version: stored.meeting.version, material: false, alert: null };
    }
    const now = at.toISOString();
    const version = stored ? stored.meeting.version + (diff?.material ? 1 : 0) : 1;
    const draft: Meeting = {
      ...fields,
      id: meetingId,
      version,
      observations,
      created_at: stored?.meeting.created_at ?? now,
      updated_at: stored?.meeting.updated_at ?? now,
    };
    const hash = contentHash(meetingView(draft));
    const meeting: Meeting = { ...draft, updated_at: stored && stored.content_hash === hash ? stored.meeting.updated_at : now };
    const change: MeetingChange | null = !stored
      ? { at: now, version, material: true, kind: 'first_seen', changes: [], sources: news }
      : diff && diff.changes.length
        ? { at: now, version, material: diff.material, kind: 'changed', changes: diff.changes, sources: news }
        : null;
    const alert = meetingAlertOf(meeting, change, at);
    const outbox = alert ? owe(meetingAlertId(meetingId, version), 'notification-dispatch', [alertEvent(meeting, alert, change, now, options.demo)], at) : null;
    try {
      await saveMeeting({
        previous: stored,
        meeting,
        change,
        content_hash: hash,
        pointers: pointerKeysOf(meeting, listedCommittees(meeting.committees)),
        outbox,
      });
      if (outbox) await sendOwed(outbox);
      return { outcome: stored ? (change ? 'changed' : 'unchanged') : 'created', version, material: Boolean(change?.material), alert };
    } catch (err) {
      if (!(err instanceof MeetingSaveConflict) || attempt >= ATTEMPTS) throw err;
    }
  }
}

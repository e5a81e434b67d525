/**
 * Which saves of a meeting its followers hear of (docs/product-rules.md,
 * "Alerts before the meeting"): its first sighting while it is still ahead,
 * and afterwards a change of its time, place, status or bills (a
 * reschedule, postponement, cancellation, a new room, a bill added) while it
 * is ahead. A new witness, title or document alone raises the version (the
 * calendar shows it) but is no alert. One alert per meeting version: the
 * event id is `scheduled:{meeting}:{version}`.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import type { Meeting, MeetingChange, MeetingField } from './meeting.schema.ts';

export const MEETING_ALERT_CHANGES = ['scheduled', 'rescheduled', 'postponed', 'cancelled', 'updated'] as const;
export const MeetingAlertChange = lazySchema(() => z.enum(MEETING_ALERT_CHANGES));
export type MeetingAlertChange = (typeof MEETING_ALERT_CHANGES)[number];

/** The fields whose change is news to a follower before the meeting. */
const ALERT_FIELDS: readonly MeetingField[] = ['starts_at', 'status', 'location', 'bill_ids', 'all_day'];

/** The deterministic id of the alert of one meeting version. */
export const meetingAlertId = (meetingId: string, version: number) => `scheduled:${meetingId}:${version}`;

/**
 * What a save of `meeting` (its history entry `change`, seen at `at`) tells
 * followers, or null when it tells them nothing: a meeting already started
 * or held, a change of no alert field, a change that did not move the version.
 */
export function meetingAlertOf(meeting: Pick<Meeting, 'status' | 'starts_at'>, change: MeetingChange | null, at: Date): MeetingAlertChange | null {
  if (!change || !change.material) return null;
  if (meeting.status === 'held' || Date.parse(meeting.starts_at) <= at.getTime()) return null;
  if (change.kind === 'first_seen') return meeting.status === 'cancelled' ? null : 'scheduled';
  const fields = new Set(change.changes.map((c) => c.field));
  if (!ALERT_FIELDS.some((f) => fields.has(f))) return null;
  if (fields.has('status') && (meeting.status === 'cancelled' || meeting.status === 'postponed')) return meeting.status;
  // A new time, or a status back to scheduled (or marked rescheduled), is a reschedule; a room or a bill alone is an update.
  return fields.has('starts_at') || fields.has('status') ? 'rescheduled' : 'updated';
}

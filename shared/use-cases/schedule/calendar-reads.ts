/**
 * The public calendars (GET /api/bills/{id}/calendar.ics and
 * /api/committees/{id}/calendar.ics): a bill's or a committee's (with its
 * subcommittees') meetings from CALENDAR_PAST_DAYS ago on, read through the
 * pointer listings (one Query each), written by ./meeting-calendar.ts,
 * which (with ical-generator) is loaded on the first calendar asked for: the
 * committees function's other routes never need it (bench/results/bundles.md).
 */
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { getCommittees } from '#shared/adapters/db/committees.repository.ts';
import { listPointedMeetings } from '#shared/adapters/db/meeting-listing.repository.ts';
import type { MeetingPointerKind } from '#shared/adapters/db/keys/meeting.keys.ts';
import type { Meeting } from '#shared/domain/schedule/meeting.schema.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { publicUrl } from '#shared/use-cases/notify/public-url.ts';

/** How far back a calendar reaches: a recent meeting stays, so its cancellation or reschedule still reaches a subscriber. */
export const CALENDAR_PAST_DAYS = 90;
/** Meetings a calendar holds at most (a committee meets a few times a week). */
export const CALENDAR_LIMIT = 500;
const DAY_MS = 86_400_000;
const FAR_AHEAD_DAYS = 800;

/** The meetings a pointer listing holds in the calendar's window, earliest first. */
export async function calendarMeetings(kind: MeetingPointerKind, target: string, still: (m: Meeting) => boolean, now: Date): Promise<Meeting[]> {
  const window = {
    from: new Date(now.getTime() - CALENDAR_PAST_DAYS * DAY_MS).toISOString(),
    to: new Date(now.getTime() + FAR_AHEAD_DAYS * DAY_MS).toISOString(),
  };
  return (await listPointedMeetings(kind, target, window, {}, still, CALENDAR_LIMIT)).items;
}

/** A bill's calendar; 404 bill.not_found. */
export async function billCalendar(billId: string, now = new Date()): Promise<string> {
  const bill = await getBill(billId);
  if (!bill) throw new NotFoundError(`No bill ${billId}`, 'bill.not_found');
  const meetings = await calendarMeetings('bill', billId, (m) => m.bill_ids.includes(billId), now);
  const { meetingCalendar } = await import('./meeting-calendar.ts');
  return meetingCalendar(meetings, { name: `${bill.label}: hearings, markups and floor (BillWatch)`, publicUrl: publicUrl() });
}

/** A committee's calendar, its subcommittees' meetings included; 404 committee.not_found. */
export async function committeeCalendar(committeeId: string, now = new Date()): Promise<string> {
  const [committee] = await getCommittees([committeeId]);
  if (!committee) throw new NotFoundError(`No committee ${committeeId}`, 'committee.not_found');
  const meetings = await calendarMeetings('committee', committeeId, (m) => m.committees.some((c) => c.startsWith(committeeId)), now);
  const { meetingCalendar } = await import('./meeting-calendar.ts');
  return meetingCalendar(meetings, { name: `${committee.name} (BillWatch)`, publicUrl: publicUrl() });
}

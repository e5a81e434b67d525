/**
 * The user's own calendar (GET /api/calendar/{token}.ics): the meetings of
 * the bills and committees they follow (a committee's with its
 * subcommittees'), behind a token like the RSS feed's (A14 kind `calendar`:
 * made on the first read of the notification settings, replaced by
 * POST /api/notifications/calendar-token, and the old URL answers 404 at once).
 * read: 1. resolve the token (404 when unknown or rotated); 2. the user's bill
 *   and committee follows (one Query each); 3. each one's meetings in the
 *   calendar window through its pointer listing, a few at a time; 4. one
 *   event per meeting (a meeting of two followed things once), written by
 *   ./meeting-calendar.ts, so UIDs, SEQUENCE and STATUS are the public
 *   calendars' own and the same follows and meetings give the same bytes.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { listFollows } from '#shared/adapters/db/follows.repository.ts';
import { ensureNotificationToken, resolveNotificationToken, rotateNotificationToken } from '#shared/adapters/db/notification-tokens.repository.ts';
import type { Meeting } from '#shared/domain/schedule/meeting.schema.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { publicUrl } from '#shared/use-cases/notify/public-url.ts';
import { calendarMeetings } from './calendar-reads.ts';

/** Pointer listings read at once. */
const LISTING_CONCURRENCY = 8;
/** Events a user's calendar holds at most; beyond it the oldest meetings go first. */
export const USER_CALENDAR_LIMIT = 1000;

/** The public URL of a calendar token. */
export const calendarUrl = (token: string) => `${publicUrl()}/api/calendar/${encodeURIComponent(token)}.ics`;

/** The user's calendar token, made on first use. */
export async function calendarToken(user: User): Promise<string> {
  const token = user.calendar_token ?? (await ensureNotificationToken(user.id, 'calendar'));
  if (!token) throw new NotFoundError('No such user', 'user.not_found');
  return token;
}

/** The calendar token and the calendar URL built from it. */
export const CalendarToken = lazySchema(() =>
  z.object({
    calendar_token: z.string().describe('The new token of the personal calendar'),
    calendar_url: z.string().describe('The new calendar URL; the old one answers 404'),
  }),
);
export type CalendarToken = z.infer<ReturnType<typeof CalendarToken>>;

/** POST /api/notifications/calendar-token: a new token and URL; the old URL answers 404 from now on. */
export async function rotateCalendarToken(user: User): Promise<CalendarToken> {
  const token = await rotateNotificationToken(user.id, 'calendar');
  if (!token) throw new NotFoundError('No such user', 'user.not_found');
  return { calendar_token: token, calendar_url: calendarUrl(token) };
}

/** The meetings of a user's bill and committee follows in the calendar window, each once. */
async function followedMeetings(userId: string, now: Date): Promise<Meeting[]> {
  const [bills, committees] = await Promise.all([listFollows(userId, 'bill'), listFollows(userId, 'committee')]);
  const listings = [
    ...bills.map((f) => () => calendarMeetings('bill', f.target_id, (m) => m.bill_ids.includes(f.target_id), now)),
    ...committees.map((f) => () => calendarMeetings('committee', f.target_id, (m) => m.committees.some((c) => c.startsWith(f.target_id)), now)),
  ];
  const found = (await mapLimit(listings, LISTING_CONCURRENCY, (read) => read())).flat();
  const byId = new Map(found.map((m) => [m.id, m]));
  return [...byId.values()].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || a.id.localeCompare(b.id)).slice(-USER_CALENDAR_LIMIT);
}

/** GET /api/calendar/{token}.ics; 404 calendar.not_found for an unknown or rotated token. */
export async function userCalendar(token: string, now = new Date()): Promise<string> {
  const userId = await resolveNotificationToken('calendar', token);
  if (!userId) throw new NotFoundError('No calendar has this token', 'calendar.not_found');
  const meetings = await followedMeetings(userId, now);
  // Loaded on the first calendar read: the notifications function's other routes never need ical-generator.
  const { meetingCalendar } = await import('./meeting-calendar.ts');
  return meetingCalendar(meetings, { name: 'What I follow: hearings, markups and floor (BillWatch)', publicUrl: publicUrl() });
}

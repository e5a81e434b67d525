/**
 * A meeting alert in words (docs/product-rules.md, "Alerts before the
 * meeting"): what (a hearing, markup, meeting or floor day, and what changed),
 * when (in the reader's time zone, Washington's when they set none) and where.
 * "Hearing rescheduled: Thu, Jul 30, 2026, 9:45 AM EDT (was Tue, Jul 28, 10:00
 * AM EDT), Dirksen 419. Hearings to examine ..."
 */
import type { MeetingAlert } from './notification.schema.ts';

const WASHINGTON = 'America/New_York';
const TYPE_WORDS: Record<MeetingAlert['type'], string> = { hearing: 'Hearing', markup: 'Markup', meeting: 'Meeting', floor: 'Floor' };
const CHANGE_WORDS: Record<MeetingAlert['change'], string> = {
  scheduled: 'scheduled',
  rescheduled: 'rescheduled',
  postponed: 'postponed',
  cancelled: 'cancelled',
  updated: 'updated',
};

/** The zone to tell times in: the reader's when Intl knows it, else Washington's. */
export function readerZone(timeZone: string | null | undefined): string {
  if (!timeZone) return WASHINGTON;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return WASHINGTON;
  }
}

/** "Thu, Jul 30, 2026, 9:45 AM EDT"; a day without a set time: "Thu, Jul 30, 2026" (its date in Washington). */
export function meetingTime(startsAt: string, allDay: boolean, timeZone: string | null | undefined): string {
  const at = new Date(startsAt);
  if (Number.isNaN(at.getTime())) return startsAt;
  const date: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' };
  if (allDay) return new Intl.DateTimeFormat('en-US', { ...date, timeZone: WASHINGTON }).format(at);
  return new Intl.DateTimeFormat('en-US', { ...date, hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: readerZone(timeZone) }).format(at);
}

/** "Hearing rescheduled" — the push title's label. */
export const meetingHeadline = (m: Pick<MeetingAlert, 'type' | 'change'>) => `${TYPE_WORDS[m.type]} ${CHANGE_WORDS[m.change]}`;

/** The alert's line: what, when, where, then the meeting's title. */
export function meetingWords(m: MeetingAlert, timeZone: string | null | undefined): string {
  const when = meetingTime(m.starts_at, m.all_day, timeZone);
  const was = m.previous_starts_at && m.previous_starts_at !== m.starts_at ? ` (was ${meetingTime(m.previous_starts_at, m.all_day, timeZone)})` : '';
  const where = m.location ? `, ${m.location}` : '';
  const head = m.change === 'cancelled' || m.change === 'postponed' ? `${meetingHeadline(m)} (was ${when})` : `${meetingHeadline(m)}: ${when}${was}${where}`;
  return `${head}. ${m.title}`;
}

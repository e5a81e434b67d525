/**
 * Meetings as an RFC 5545 calendar (docs/product-rules.md, "Calendars"),
 * written by ical-generator: one VEVENT per meeting with a stable UID
 * ({meeting id}@billwatch), SEQUENCE its version (it grows with each material
 * change, so a calendar app replaces the old entry), STATUS CANCELLED for a
 * cancelled meeting (TENTATIVE for a postponed one), times in UTC (a day
 * without a set time as a DATE), the place, the bills it takes up and a URL
 * to its page in the app. DTSTAMP and LAST-MODIFIED are the meeting's last
 * content change, so the same meetings give the same bytes (and the same
 * ETag). A meeting without an end lasts an hour.
 */
import ical, { ICalEventStatus } from 'ical-generator';
import type { Meeting } from '#shared/domain/schedule/meeting.schema.ts';

const HOUR_MS = 3600_000;
const TYPE_WORDS: Record<Meeting['type'], string> = { hearing: 'Hearing', markup: 'Markup', meeting: 'Meeting', floor: 'Floor' };

/** The UID of a meeting's event: the same in every calendar and every version. */
export const meetingUid = (meetingId: string) => `${meetingId}@billwatch`;

const statusOf = (m: Meeting): ICalEventStatus =>
  m.status === 'cancelled' ? ICalEventStatus.CANCELLED : m.status === 'postponed' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED;

/** The calendar named `name` of `meetings`, earliest first. */
export function meetingCalendar(meetings: readonly Meeting[], args: { name: string; publicUrl: string }): string {
  const calendar = ical({ name: args.name, prodId: { company: 'BillWatch', product: 'meetings', language: 'EN' } });
  for (const m of [...meetings].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || a.id.localeCompare(b.id))) {
    const start = new Date(m.starts_at);
    const url = `${args.publicUrl}/meetings/${encodeURIComponent(m.id)}`;
    const bills = m.bill_ids.length ? `Bills: ${m.bill_ids.join(', ')}\n` : '';
    calendar.createEvent({
      id: meetingUid(m.id),
      sequence: m.version,
      stamp: new Date(m.updated_at),
      lastModified: new Date(m.updated_at),
      start,
      end: m.all_day ? null : m.ends_at ? new Date(m.ends_at) : new Date(start.getTime() + HOUR_MS),
      allDay: m.all_day,
      summary: `${m.status === 'cancelled' ? 'Cancelled: ' : m.status === 'postponed' ? 'Postponed: ' : ''}${TYPE_WORDS[m.type]}: ${m.title}`,
      description: `${m.committees.length ? `Committees: ${m.committees.join(', ')}\n` : ''}${bills}${url}`,
      location: m.location,
      url,
      status: statusOf(m),
    });
  }
  return calendar.toString();
}

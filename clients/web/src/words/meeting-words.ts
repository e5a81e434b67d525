/**
 * Meetings in plain words: their kinds and statuses, a bill id as people write it (H.R. 1234), and dates and times
 * in one time zone (the person's), with the week arithmetic of the week page done on plain YYYY-MM-DD days.
 */
import type { Schemas } from '../../../typescript/index.ts';

type Meeting = Schemas['Meeting'];

export const MEETING_TYPE_WORDS: Record<Meeting['type'], string> = { hearing: 'Hearing', markup: 'Markup', meeting: 'Business meeting', floor: 'Floor' };
export const MEETING_STATUS_WORDS: Record<Meeting['status'], string> = {
  scheduled: 'Scheduled',
  postponed: 'Postponed',
  cancelled: 'Cancelled',
  rescheduled: 'Rescheduled',
  held: 'Held',
};
export const CHAMBER_WORDS = { house: 'House', senate: 'Senate', joint: 'Joint' } as const;

const BILL_TYPES: Record<string, string> = {
  hr: 'H.R.',
  s: 'S.',
  hres: 'H.Res.',
  sres: 'S.Res.',
  hjres: 'H.J.Res.',
  sjres: 'S.J.Res.',
  hconres: 'H.Con.Res.',
  sconres: 'S.Con.Res.',
};

/** "119-hr-1234" as "H.R. 1234"; an id of another form as it is. */
export function billIdLabel(id: string): string {
  const [, type, number] = /^\d+-([a-z]+)-(\d+)$/.exec(id) ?? [];
  return type && number && BILL_TYPES[type] ? `${BILL_TYPES[type]} ${number}` : id;
}

/** The browser's own time zone (what a guest's times are shown in). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The YYYY-MM-DD day an instant falls on in `zone`. */
export function dayIn(instant: string | Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}

/** The day a meeting falls on for a person in `zone`; a day without a set time stays on its own date wherever one is. */
export const meetingDay = (m: Pick<Meeting, 'starts_at' | 'all_day'>, zone: string): string =>
  m.all_day ? m.starts_at.slice(0, 10) : dayIn(m.starts_at, zone);

/** "10:00 AM EDT" in `zone`; "All day" for a day without a set time. */
export function meetingTime(m: Pick<Meeting, 'starts_at' | 'all_day'>, zone: string): string {
  if (m.all_day) return 'All day';
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(m.starts_at));
}

/** "Tuesday, May 23, 2023, 10:00 AM EDT" in `zone` (the date alone for a day without a set time). */
export function meetingWhen(m: Pick<Meeting, 'starts_at' | 'all_day'>, zone: string): string {
  if (m.all_day) return longDay(m.starts_at.slice(0, 10));
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(m.starts_at));
}

const asUtc = (day: string) => new Date(`${day}T12:00:00Z`);

/** "Monday, May 22, 2023" for a YYYY-MM-DD day. */
export const longDay = (day: string): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(asUtc(day));

/** "May 22" for a YYYY-MM-DD day. */
export const shortDay = (day: string): string => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(asUtc(day));

/** `day` moved by `n` days. */
export const addDays = (day: string, n: number): string => new Date(asUtc(day).getTime() + n * 86_400_000).toISOString().slice(0, 10);

/** The Monday of the week `day` falls in. */
export const mondayOf = (day: string): string => addDays(day, -((asUtc(day).getUTCDay() + 6) % 7));

/** Whether `value` is a real YYYY-MM-DD day. */
export const isDay = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && asUtc(value).toISOString().startsWith(value);

/**
 * Washington's clock. The House and Senate publish meeting times as Eastern
 * wall time without a zone; this turns them into RFC 3339 instants with the
 * offset that held in Washington on that date (America/New_York, so -05:00 in
 * winter and -04:00 under daylight saving time), and writes any instant the
 * same way, so every meeting's `starts_at` reads in Washington's time.
 */

const OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'longOffset' });
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** Minutes east of UTC in Washington at an instant (-240 or -300). */
function offsetMinutesAt(ms: number): number {
  const name = OFFSET.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

const pad = (n: number) => String(n).padStart(2, '0');

function formatWithOffset(ms: number, offset: number): string {
  const local = new Date(ms + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  return `${date}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * "2023-05-23" + "14:00:00" (Eastern wall time) → "2023-05-23T14:00:00-04:00".
 * Throws on a malformed date or time. A wall time that does not exist (the
 * hour skipped when clocks go forward) reads as the hour after it.
 */
export function easternWallTime(date: string, time = '00:00:00'): string {
  const d = DATE.exec(date.trim());
  const t = TIME.exec(time.trim());
  if (!d || !t) throw new Error(`not an Eastern date and time: ${date} ${time}`);
  const [hours, minutes, seconds] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) throw new Error(`not a time of day: ${time}`);
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), hours, minutes, seconds);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== Number(d[2]) - 1 || check.getUTCDate() !== Number(d[3])) throw new Error(`not a calendar date: ${date}`);
  // The offset at a first guess of the instant, then at the instant that guess gives (they differ only near a change).
  const first = offsetMinutesAt(asUtc);
  const offset = offsetMinutesAt(asUtc - first * 60_000);
  const instant = asUtc - offset * 60_000;
  if (offsetMinutesAt(instant) === offset) return formatWithOffset(instant, offset);
  // A wall time the clocks skip: the first guess lands past the change, at the hour after it.
  const after = asUtc - first * 60_000;
  return formatWithOffset(after, offsetMinutesAt(after));
}

/** Any instant (ISO 8601 with a zone, or a Date) as RFC 3339 in Washington's offset of that moment. */
export function inEastern(instant: string | Date): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new Error(`not an instant: ${String(instant)}`);
  return formatWithOffset(ms, offsetMinutesAt(ms));
}

/** The Eastern calendar date (YYYY-MM-DD) of an instant. */
export const easternDate = (instant: string | Date): string => inEastern(instant).slice(0, 10);

/** The Monday (Eastern) of the week holding an instant, as YYYY-MM-DD. */
export function easternWeekStart(instant: string | Date): string {
  const date = easternDate(instant);
  const day = new Date(`${date}T00:00:00Z`);
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date plus some days. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Quiet hours: a window of local times [start, end) in the user's time zone,
 * "HH:MM" or whole hours, which may cross midnight ("22:30" → "07:00"). Events that arrive inside it are held
 * and released at the first quarter hour after it ends, which also handles
 * DST days when the end hour is skipped or repeated.
 */
import { localTime, nextLocalInstant } from './time-zone.ts';

/** A bound as stored: "HH:MM", or a whole hour (prefs saved before minutes were accepted). */
export type QuietTime = string | number;

export interface QuietHours {
  quiet_hours_start: QuietTime | null;
  quiet_hours_end: QuietTime | null;
  timezone: string | null;
}

/** Minutes after local midnight of a bound: 7 is 420, "07:30" is 450. */
export function quietMinutes(bound: QuietTime): number {
  if (typeof bound === 'number') return bound * 60;
  const [h = '0', m = '0'] = bound.split(':');
  return Number(h) * 60 + Number(m);
}

const minuteOfDay = (t: { hour: number; minute: number }) => t.hour * 60 + t.minute;

/** Whether a local hour (or minute of the day, with bounds in minutes) falls in the window; start === end means no window. */
export function hourInWindow(hour: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

/** True when `at` falls within the user's quiet hours (in their zone, UTC when unknown). */
export function inQuietHours(prefs: QuietHours, at: Date): boolean {
  const { quiet_hours_start: start, quiet_hours_end: end } = prefs;
  if (start === null || end === null) return false;
  // The same [start, end) rule as hours, on minutes of the day.
  return hourInWindow(minuteOfDay(localTime(at, prefs.timezone)), quietMinutes(start), quietMinutes(end));
}

/** When events held at `at` go out: the first quarter-hour instant outside quiet hours. */
export function quietHoursRelease(prefs: QuietHours, at: Date): Date {
  const { quiet_hours_start: start, quiet_hours_end: end } = prefs;
  if (start === null || end === null || !inQuietHours(prefs, at)) return at;
  const [from, to] = [quietMinutes(start), quietMinutes(end)];
  return nextLocalInstant(at, prefs.timezone, (t) => !hourInWindow(minuteOfDay(t), from, to), 2) ?? new Date(at.getTime() + 24 * 3600 * 1000);
}

/**
 * Quiet hours: a window of local hours [start, end) in the user's time zone,
 * which may cross midnight (22 → 7). Events that arrive inside it are held
 * and released at the first quarter hour after it ends, which also handles
 * DST days when the end hour is skipped or repeated.
 */
import { localTime, nextLocalInstant } from './time-zone.ts';

export interface QuietHours {
  quiet_hours_start: number | null;
  quiet_hours_end: number | null;
  timezone: string | null;
}

/** Whether a local hour falls in the window; start === end means no window. */
export function hourInWindow(hour: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

/** True when `at` falls within the user's quiet hours (in their zone, UTC when unknown). */
export function inQuietHours(prefs: QuietHours, at: Date): boolean {
  const { quiet_hours_start: start, quiet_hours_end: end } = prefs;
  if (start === null || end === null) return false;
  return hourInWindow(localTime(at, prefs.timezone).hour, start, end);
}

/** When events held at `at` go out: the first quarter-hour instant outside quiet hours. */
export function quietHoursRelease(prefs: QuietHours, at: Date): Date {
  const { quiet_hours_start: start, quiet_hours_end: end } = prefs;
  if (start === null || end === null || !inQuietHours(prefs, at)) return at;
  return nextLocalInstant(at, prefs.timezone, (t) => !hourInWindow(t.hour, start, end), 2) ?? new Date(at.getTime() + 24 * 3600 * 1000);
}

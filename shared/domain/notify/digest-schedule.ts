/**
 * Digest scheduling: daily digests go out at 08:00 in the user's time zone,
 * weekly ones on Monday at 08:00 (the user's morning, wherever they are).
 * When that moment falls in the user's quiet hours, the digest waits until
 * they end. The weekly summary (send_weekly_digest) runs every hour of the
 * UTC Sunday and Monday, which between them hold Monday 08:00 of every zone
 * (UTC+14 to UTC-12), and serves the users whose Monday morning it is.
 */
import type { DigestMode } from './prefs.schema.ts';
import { quietHoursRelease, type QuietHours } from './quiet-hours.ts';
import { localTime, nextLocalInstant } from './time-zone.ts';

export const DIGEST_LOCAL_HOUR = 8;
const MONDAY = 1;

/** Whether a digest mode holds events rather than sending them at once. */
export const holdsForDigest = (mode: DigestMode): mode is 'daily' | 'weekly' => mode === 'daily' || mode === 'weekly';

/** The next time the user's digest is due after `at`. */
export function nextDigestAt(mode: 'daily' | 'weekly', prefs: QuietHours, at: Date): Date {
  const due = nextLocalInstant(at, prefs.timezone, (t) => t.hour === DIGEST_LOCAL_HOUR && t.minute === 0 && (mode === 'daily' || t.weekday === MONDAY), 8);
  // Only a zone whose clocks skip 08:00 on every day of the search could miss it; fall back a day later.
  return quietHoursRelease(prefs, due ?? new Date(at.getTime() + 24 * 3600 * 1000));
}

/** Hours after Monday 08:00 in which an hourly weekly run still serves a user, so a run missed by a few hours still sends it (once: its id is per user and week). */
export const WEEKLY_DIGEST_WINDOW_HOURS = 4;

/**
 * The Monday 08:00 (in `zone`) whose weekly summary is due at `now`, with
 * that local date: when it is Monday in the zone, from 08:00 to before
 * 08:00 + WEEKLY_DIGEST_WINDOW_HOURS; null at any other time.
 */
export function weeklyDigestMoment(zone: string | null | undefined, now: Date): { at: Date; localDate: string } | null {
  const t = localTime(now, zone);
  if (t.weekday !== MONDAY || t.hour < DIGEST_LOCAL_HOUR || t.hour >= DIGEST_LOCAL_HOUR + WEEKLY_DIGEST_WINDOW_HOURS) return null;
  // Every UTC offset is whole minutes, so the seconds past the minute are the same in every zone.
  const sinceEight = ((t.hour - DIGEST_LOCAL_HOUR) * 60 + t.minute) * 60_000 + (now.getTime() % 60_000);
  return { at: new Date(now.getTime() - sinceEight), localDate: t.date };
}

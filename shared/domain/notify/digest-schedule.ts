/**
 * Digest scheduling: daily digests go out at 08:00 in the user's time zone,
 * weekly ones on Monday at 08:00 (the user's morning, wherever they are).
 * When that moment falls in the user's quiet hours, the digest waits until
 * they end.
 */
import type { DigestMode } from './prefs.schema.ts';
import { quietHoursRelease, type QuietHours } from './quiet-hours.ts';
import { nextLocalInstant } from './time-zone.ts';

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

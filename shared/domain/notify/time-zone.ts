/**
 * Wall-clock time in a user's IANA time zone, from Intl alone (no library):
 * local parts of an instant, and the next instant at which a local-time
 * condition holds. Unknown or absent zones read as UTC, the service's own clock.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** True for a zone name Intl knows (e.g. "Europe/Berlin", "UTC"). */
export function isKnownTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone to compute in: the user's when it is known, UTC otherwise. */
export const resolveTimeZone = (zone: string | null | undefined): string => (zone && isKnownTimeZone(zone) ? zone : 'UTC');

export interface LocalTime {
  date: string;
  hour: number;
  minute: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock date, hour, minute and weekday of `at` in `zone`. */
export function localTime(at: Date, zone: string | null | undefined): LocalTime {
  const parts = Object.fromEntries(
    formatter(resolveTimeZone(zone))
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** Every UTC offset in use is a multiple of 15 minutes, so quarter-hour steps meet every local hour boundary. */
const STEP_MS = 15 * 60 * 1000;

/**
 * The first quarter-hour instant strictly after `after` whose local time in
 * `zone` satisfies `holds`, searching at most `maxDays`; null when none does.
 */
export function nextLocalInstant(after: Date, zone: string | null | undefined, holds: (t: LocalTime) => boolean, maxDays = 8): Date | null {
  const start = Math.floor(after.getTime() / STEP_MS) * STEP_MS + STEP_MS;
  const end = after.getTime() + maxDays * 24 * 3600 * 1000;
  for (let t = start; t <= end; t += STEP_MS) {
    if (holds(localTime(new Date(t), zone))) return new Date(t);
  }
  return null;
}

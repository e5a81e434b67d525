/**
 * Wall-clock time in a user's IANA time zone, from Intl alone (no library):
 * local parts of an instant, and the next instant at which a local-time
 * condition holds. Unknown or absent zones read as UTC, the service's own clock.
 */

/**
 * Formatters per canonical zone name. Intl accepts any letter case and old
 * aliases ("us/pacific" is America/Los_Angeles), so a cache keyed by the name
 * as given grows with every variant a caller sends; keyed by the name Intl
 * resolves it to, it holds at most the zones that exist (about 600 with the
 * Etc/GMT±N zones). The bound is a backstop against an Intl that resolved
 * aliases to themselves.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export const MAX_CACHED_ZONES = 700;

function build(zone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
  });
}

function formatter(zone: string): Intl.DateTimeFormat {
  const cached = formatters.get(zone);
  if (cached) return cached;
  // An uncached name (a variant or an alias) is resolved with a throw-away formatter, never cached under its own name.
  const fresh = build(zone);
  const canonical = fresh.resolvedOptions().timeZone;
  const known = formatters.get(canonical);
  if (known) return known;
  if (formatters.size >= MAX_CACHED_ZONES) formatters.delete(formatters.keys().next().value as string);
  formatters.set(canonical, fresh);
  return fresh;
}

/** How many formatters are cached (for tests of the bound). */
export const cachedZoneCount = (): number => formatters.size;

/** The canonical IANA name of a zone Intl knows ("europe/berlin" is "Europe/Berlin", "US/Pacific" is "America/Los_Angeles"); throws for an unknown one. */
export function canonicalZone(zone: string): string {
  return formatter(zone).resolvedOptions().timeZone;
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

/** The zone to compute in, by its canonical name: the user's when it is known, UTC otherwise. */
export const resolveTimeZone = (zone: string | null | undefined): string => (zone && isKnownTimeZone(zone) ? canonicalZone(zone) : 'UTC');

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

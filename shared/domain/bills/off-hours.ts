/**
 * The poller's off-hours rule: weekends, and before 09:00 or from 21:00
 * Eastern time (America/New_York, so DST is followed), are off-hours; an
 * off-hours poll is skipped when the last poll was under an hour ago.
 */
const EASTERN = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: 'numeric', hourCycle: 'h23' });
export const OFF_HOURS_SKIP_MS = 60 * 60 * 1000;
const OPEN_HOUR = 9;
const CLOSE_HOUR = 21;

/** Weekday and hour of an instant in Eastern time. */
export function easternClock(at: Date): { weekday: string; hour: number } {
  const parts = EASTERN.formatToParts(at);
  return {
    weekday: parts.find((p) => p.type === 'weekday')?.value ?? '',
    hour: Number(parts.find((p) => p.type === 'hour')?.value ?? 0),
  };
}

/** True on weekends and outside 09:00-21:00 Eastern. */
export function isOffHours(at: Date): boolean {
  const { weekday, hour } = easternClock(at);
  return weekday === 'Sat' || weekday === 'Sun' || hour < OPEN_HOUR || hour >= CLOSE_HOUR;
}

/** Whether a poll at `now` is skipped, given the last poll time (null: never polled). */
export function shouldSkipPoll(now: Date, lastPollAt: Date | null): boolean {
  if (!lastPollAt || !isOffHours(now)) return false;
  return now.getTime() - lastPollAt.getTime() < OFF_HOURS_SKIP_MS;
}

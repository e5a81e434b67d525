import { describe, expect, it } from 'vitest';
import { isOffHours, shouldSkipPoll } from '#shared/domain/bills/off-hours.ts';

const at = (iso: string) => new Date(iso);

describe('off-hours rule (America/New_York)', () => {
  it('opens at 09:00 and closes at 21:00 Eastern in winter (UTC-5)', () => {
    expect(isOffHours(at('2025-01-06T13:59:00Z'))).toBe(true); // Mon 08:59 EST
    expect(isOffHours(at('2025-01-06T14:00:00Z'))).toBe(false); // 09:00 EST
    expect(isOffHours(at('2025-01-07T01:59:00Z'))).toBe(false); // Mon 20:59 EST
    expect(isOffHours(at('2025-01-07T02:00:00Z'))).toBe(true); // 21:00 EST
  });

  it('follows daylight saving time in summer (UTC-4)', () => {
    expect(isOffHours(at('2025-07-07T12:59:00Z'))).toBe(true); // Mon 08:59 EDT
    expect(isOffHours(at('2025-07-07T13:00:00Z'))).toBe(false); // 09:00 EDT
    expect(isOffHours(at('2025-07-08T00:59:00Z'))).toBe(false); // Mon 20:59 EDT
    expect(isOffHours(at('2025-07-08T01:00:00Z'))).toBe(true); // 21:00 EDT
  });

  it('switches on the DST transition days', () => {
    // Sun 2025-03-09 is a weekend anyway; Monday 10 March is the first EDT weekday.
    expect(isOffHours(at('2025-03-10T13:00:00Z'))).toBe(false); // 09:00 EDT
    expect(isOffHours(at('2025-03-07T13:30:00Z'))).toBe(true); // Fri 08:30 EST
    expect(isOffHours(at('2025-11-03T13:30:00Z'))).toBe(true); // Mon 08:30 EST after fall back
    expect(isOffHours(at('2025-11-03T14:00:00Z'))).toBe(false); // 09:00 EST
  });

  it('treats the whole weekend in Eastern time as off-hours', () => {
    expect(isOffHours(at('2025-01-11T17:00:00Z'))).toBe(true); // Sat noon
    expect(isOffHours(at('2025-01-13T03:00:00Z'))).toBe(true); // Sun 22:00 EST (Monday in UTC)
    expect(isOffHours(at('2025-01-10T20:00:00Z'))).toBe(false); // Fri 15:00 EST
  });

  it('skips an off-hours poll only when the last one was under an hour ago', () => {
    const now = at('2025-01-11T17:00:00Z');
    expect(shouldSkipPoll(now, at('2025-01-11T16:30:00Z'))).toBe(true);
    expect(shouldSkipPoll(now, at('2025-01-11T16:00:00Z'))).toBe(false);
    expect(shouldSkipPoll(now, null)).toBe(false);
    expect(shouldSkipPoll(at('2025-01-10T20:00:00Z'), at('2025-01-10T19:50:00Z'))).toBe(false);
  });
});

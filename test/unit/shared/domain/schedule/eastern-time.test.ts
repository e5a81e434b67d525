import { describe, expect, it } from 'vitest';
import { addDays, easternDate, easternWallTime, easternWeekStart, inEastern } from '#shared/domain/schedule/eastern-time.ts';

describe('Washington wall time to RFC 3339', () => {
  it('gives a winter date -05:00 and a summer date -04:00', () => {
    expect(easternWallTime('2013-03-05', '15:00:00')).toBe('2013-03-05T15:00:00-05:00');
    expect(easternWallTime('2023-05-23', '14:00:00')).toBe('2023-05-23T14:00:00-04:00');
    expect(easternWallTime('2026-07-29', '08:30')).toBe('2026-07-29T08:30:00-04:00');
  });

  it('follows the clock change on its day: 2026-03-08 and 2026-11-01 (2 a.m. local)', () => {
    expect(easternWallTime('2026-03-08', '01:30:00')).toBe('2026-03-08T01:30:00-05:00');
    expect(easternWallTime('2026-03-08', '03:30:00')).toBe('2026-03-08T03:30:00-04:00');
    expect(easternWallTime('2026-03-07', '10:00:00')).toBe('2026-03-07T10:00:00-05:00');
    expect(easternWallTime('2026-03-09', '10:00:00')).toBe('2026-03-09T10:00:00-04:00');
    expect(easternWallTime('2026-10-31', '10:00:00')).toBe('2026-10-31T10:00:00-04:00');
    expect(easternWallTime('2026-11-01', '10:00:00')).toBe('2026-11-01T10:00:00-05:00');
  });

  it('reads the skipped hour of the spring change as the hour after it', () => {
    expect(Date.parse(easternWallTime('2026-03-08', '02:30:00'))).toBe(Date.parse('2026-03-08T07:30:00Z'));
  });

  it('refuses what is not a date and time', () => {
    expect(() => easternWallTime('2026-13-01', '10:00')).toThrow(/date/);
    expect(() => easternWallTime('2026-02-30', '10:00')).toThrow(/date/);
    expect(() => easternWallTime('2026-07-29', '25:00')).toThrow(/time/);
    expect(() => easternWallTime('July 29', '10:00')).toThrow();
  });
});

describe('instants in Washington time', () => {
  it('writes a UTC instant with the offset of its moment', () => {
    expect(inEastern('2023-03-24T13:00:00Z')).toBe('2023-03-24T09:00:00-04:00');
    expect(inEastern('2011-02-09T15:00:00Z')).toBe('2011-02-09T10:00:00-05:00');
    expect(inEastern(new Date('2026-11-01T06:30:00Z'))).toBe('2026-11-01T01:30:00-05:00');
  });

  it('gives the Eastern date and the Monday of its week', () => {
    // 03:00 UTC on a Monday is still Sunday evening in Washington.
    expect(easternDate('2026-07-27T03:00:00Z')).toBe('2026-07-26');
    expect(easternWeekStart('2026-07-27T03:00:00Z')).toBe('2026-07-20');
    expect(easternWeekStart('2026-07-29T15:00:00Z')).toBe('2026-07-27');
    expect(easternWeekStart('2026-08-02T15:00:00Z')).toBe('2026-07-27');
    expect(addDays('2026-12-28', 6)).toBe('2027-01-03');
  });
});

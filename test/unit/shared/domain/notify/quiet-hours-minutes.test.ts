// Quiet hours take "HH:MM" as documented, and whole hours as stored before.
import { describe, expect, it } from 'vitest';
import { NotificationSettingsUpdate } from '#shared/domain/notify/prefs.schema.ts';
import { inQuietHours, quietHoursRelease } from '#shared/domain/notify/quiet-hours.ts';

const at = (iso: string) => new Date(iso);

describe('quiet hours in HH:MM', () => {
  it('accepts "HH:MM" and whole hours in a settings update, and refuses other times', () => {
    expect(NotificationSettingsUpdate().parse({ quiet_hours_start: '22:30', quiet_hours_end: '07:15' })).toMatchObject({
      quiet_hours_start: '22:30',
      quiet_hours_end: '07:15',
    });
    expect(NotificationSettingsUpdate().parse({ quiet_hours_start: 22, quiet_hours_end: 7 })).toMatchObject({ quiet_hours_start: 22 });
    for (const bad of ['7:30', '24:00', '07:60', '0730', 'noon', 24, 7.5]) {
      expect(NotificationSettingsUpdate().safeParse({ quiet_hours_start: bad }).success, String(bad)).toBe(false);
    }
  });

  it('holds from the start minute to the end minute in the user zone, across midnight', () => {
    const prefs = { quiet_hours_start: '22:30', quiet_hours_end: '07:15', timezone: 'America/New_York' };
    // 22:29 and 22:30 New York time in January (UTC-5).
    expect(inQuietHours(prefs, at('2026-01-16T03:29:00Z'))).toBe(false);
    expect(inQuietHours(prefs, at('2026-01-16T03:30:00Z'))).toBe(true);
    expect(inQuietHours(prefs, at('2026-01-16T12:14:00Z'))).toBe(true);
    expect(inQuietHours(prefs, at('2026-01-16T12:15:00Z'))).toBe(false);
    expect(quietHoursRelease(prefs, at('2026-01-16T05:00:00Z')).toISOString()).toBe('2026-01-16T12:15:00.000Z');
  });

  it('reads prefs stored with whole hours as before', () => {
    const prefs = { quiet_hours_start: 22, quiet_hours_end: 7, timezone: 'UTC' };
    expect([inQuietHours(prefs, at('2026-01-15T21:59:00Z')), inQuietHours(prefs, at('2026-01-15T22:00:00Z'))]).toEqual([false, true]);
    expect(quietHoursRelease(prefs, at('2026-01-15T23:00:00Z')).toISOString()).toBe('2026-01-16T07:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import { nextDigestAt, WEEKLY_DIGEST_WINDOW_HOURS, weeklyDigestMoment } from '#shared/domain/notify/digest-schedule.ts';
import { JOBS } from '#shared/edges/jobs/job-table.ts';
import { Cron } from 'croner';
import { planDelivery } from '#shared/domain/notify/delivery-plan.ts';
import { defaultPrefs, type NotificationPrefs } from '#shared/domain/notify/prefs.schema.ts';
import { hourInWindow, inQuietHours, quietHoursRelease } from '#shared/domain/notify/quiet-hours.ts';
import { cachedZoneCount, isKnownTimeZone, localTime, MAX_CACHED_ZONES, resolveTimeZone } from '#shared/domain/notify/time-zone.ts';

const at = (iso: string) => new Date(iso);
const quiet = (start: number | null, end: number | null, timezone: string | null) => ({ quiet_hours_start: start, quiet_hours_end: end, timezone });

describe('time zones', () => {
  it('reads local wall-clock time in an IANA zone and falls back to UTC for unknown or absent zones', () => {
    expect(localTime(at('2026-01-15T12:30:00Z'), 'America/New_York')).toEqual({ date: '2026-01-15', hour: 7, minute: 30, weekday: 4 });
    expect(localTime(at('2026-07-15T12:30:00Z'), 'America/New_York').hour).toBe(8);
    expect(localTime(at('2026-01-15T12:30:00Z'), 'Mars/Olympus').hour).toBe(12);
    expect(localTime(at('2026-01-15T12:30:00Z'), null).hour).toBe(12);
    expect(resolveTimeZone('Not/AZone')).toBe('UTC');
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('Europe/Nowhere')).toBe(false);
  });

  it('caches one formatter per canonical zone, whatever letter case a caller sends, and stays bounded', () => {
    const variants = Array.from({ length: 3000 }, (_, i) =>
      [...'America/Argentina/ComodRivadavia'].map((c, j) => ((i >> (j % 12)) & 1 ? c.toUpperCase() : c.toLowerCase())).join(''),
    );
    const before = cachedZoneCount();
    for (const zone of variants) expect(isKnownTimeZone(zone)).toBe(true);
    expect(cachedZoneCount() - before).toBeLessThanOrEqual(1);
    expect(resolveTimeZone('eUROPE/bERLIN')).toBe('Europe/Berlin');
    expect(localTime(at('2026-01-15T12:30:00Z'), 'AMERICA/NEW_YORK').hour).toBe(7);
    for (const zone of Intl.supportedValuesOf('timeZone')) isKnownTimeZone(zone);
    expect(cachedZoneCount()).toBeLessThanOrEqual(MAX_CACHED_ZONES);
  });
});

describe('quiet hours', () => {
  it('treats a window that crosses midnight as late evening plus early morning', () => {
    expect([21, 22, 23, 0, 6, 7, 12].map((h) => hourInWindow(h, 22, 7))).toEqual([false, true, true, true, true, false, false]);
  });

  it('treats a same-day window as [start, end) and start equal to end as no window', () => {
    expect([8, 9, 16, 17].map((h) => hourInWindow(h, 9, 17))).toEqual([false, true, true, false]);
    expect([0, 5, 23].some((h) => hourInWindow(h, 5, 5))).toBe(false);
  });

  it('compares in the user zone, not in UTC', () => {
    // 03:00 UTC is 22:00 in New York (EST) and 13:00 UTC is 22:00 in Tokyo: both inside 22-7 locally.
    expect(inQuietHours(quiet(22, 7, 'America/New_York'), at('2026-01-15T03:00:00Z'))).toBe(true);
    expect(inQuietHours(quiet(22, 7, 'America/New_York'), at('2026-01-15T13:00:00Z'))).toBe(false);
    expect(inQuietHours(quiet(22, 7, 'Asia/Tokyo'), at('2026-01-15T13:00:00Z'))).toBe(true);
    expect(inQuietHours(quiet(22, 7, 'Bogus/Zone'), at('2026-01-15T23:00:00Z'))).toBe(true);
    expect(inQuietHours(quiet(null, null, 'Asia/Tokyo'), at('2026-01-15T13:00:00Z'))).toBe(false);
  });

  it('releases at the end hour in winter and in summer time', () => {
    expect(quietHoursRelease(quiet(22, 7, 'America/New_York'), at('2026-01-15T08:00:00Z')).toISOString()).toBe('2026-01-15T12:00:00.000Z');
    expect(quietHoursRelease(quiet(22, 7, 'America/New_York'), at('2026-07-15T08:00:00Z')).toISOString()).toBe('2026-07-15T11:00:00.000Z');
  });

  it('releases at 07:00 local across the spring-forward night (the night is an hour shorter)', () => {
    // 2026-03-08 01:30 EST; clocks jump 02:00 → 03:00; 07:00 EDT is 11:00 UTC.
    expect(quietHoursRelease(quiet(22, 7, 'America/New_York'), at('2026-03-08T06:30:00Z')).toISOString()).toBe('2026-03-08T11:00:00.000Z');
  });

  it('releases at 07:00 local across the fall-back night (01:00-02:00 happens twice)', () => {
    // 2026-11-01 01:30 EDT; clocks fall back 02:00 EDT → 01:00 EST; 07:00 EST is 12:00 UTC.
    expect(quietHoursRelease(quiet(22, 7, 'America/New_York'), at('2026-11-01T05:30:00Z')).toISOString()).toBe('2026-11-01T12:00:00.000Z');
  });

  it('releases at the first moment after quiet hours when the end hour itself is skipped by DST', () => {
    // Quiet 22-2 on the spring-forward night: 02:00 never happens, 03:00 EDT (07:00 UTC) is the first free moment.
    expect(quietHoursRelease(quiet(22, 2, 'America/New_York'), at('2026-03-08T06:30:00Z')).toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });

  it('releases in half-hour zones at their local hour', () => {
    // Kolkata is UTC+5:30: 07:00 IST is 01:30 UTC.
    expect(quietHoursRelease(quiet(22, 7, 'Asia/Kolkata'), at('2026-01-15T00:00:00Z')).toISOString()).toBe('2026-01-15T01:30:00.000Z');
  });

  it('does not hold an event outside quiet hours', () => {
    const now = at('2026-01-15T15:00:00Z');
    expect(quietHoursRelease(quiet(22, 7, 'America/New_York'), now)).toBe(now);
  });
});

describe('digest schedule', () => {
  it('sends the daily digest at the next 08:00 in the user zone', () => {
    expect(nextDigestAt('daily', quiet(null, null, 'America/Los_Angeles'), at('2026-06-10T20:00:00Z')).toISOString()).toBe('2026-06-11T15:00:00.000Z');
    expect(nextDigestAt('daily', quiet(null, null, 'Asia/Kolkata'), at('2026-06-10T00:00:00Z')).toISOString()).toBe('2026-06-10T02:30:00.000Z');
    expect(nextDigestAt('daily', quiet(null, null, null), at('2026-06-10T08:00:00Z')).toISOString()).toBe('2026-06-11T08:00:00.000Z');
  });

  it('sends the weekly digest on the next Monday at 08:00 in the user zone', () => {
    // 2026-06-10 is a Wednesday.
    expect(nextDigestAt('weekly', quiet(null, null, 'America/Los_Angeles'), at('2026-06-10T20:00:00Z')).toISOString()).toBe('2026-06-15T15:00:00.000Z');
    // Monday 07:59 in Berlin: due the same morning.
    expect(nextDigestAt('weekly', quiet(null, null, 'Europe/Berlin'), at('2026-06-15T05:59:00Z')).toISOString()).toBe('2026-06-15T06:00:00.000Z');
  });

  it('issue 32.3: serves the weekly summary on Monday 08:00 in UTC, in Asia/Tokyo and in America/Los_Angeles, each on its own Monday', () => {
    // Monday 2026-01-19: 08:00 is Sunday 23:00 UTC in Tokyo, 08:00 UTC with no zone, 16:00 UTC in Los Angeles (PST).
    const moments = { UTC: null, Tokyo: 'Asia/Tokyo', LA: 'America/Los_Angeles' } as const;
    const runs = new Cron(JOBS.find((j) => j.name === 'send_weekly_digest')?.schedule ?? '', { timezone: 'UTC' }).nextRuns(60, at('2026-01-17T00:00:00Z'));
    const firstServed = Object.fromEntries(Object.entries(moments).map(([name, zone]) => [name, runs.find((r) => weeklyDigestMoment(zone, r))?.toISOString()]));
    expect(firstServed).toEqual({ UTC: '2026-01-19T08:00:00.000Z', Tokyo: '2026-01-18T23:00:00.000Z', LA: '2026-01-19T16:00:00.000Z' });
    expect(weeklyDigestMoment('Asia/Tokyo', at('2026-01-18T23:00:00Z'))).toEqual({ at: at('2026-01-18T23:00:00Z'), localDate: '2026-01-19' });
    // A run late in the window still serves the same Monday morning (its 08:00), and none after the window.
    expect(weeklyDigestMoment('America/Los_Angeles', at('2026-01-19T18:42:07Z'))).toEqual({ at: at('2026-01-19T16:00:00Z'), localDate: '2026-01-19' });
    expect(weeklyDigestMoment(null, at(`2026-01-19T${String(8 + WEEKLY_DIGEST_WINDOW_HOURS).padStart(2, '0')}:00:00Z`))).toBeNull();
    expect(weeklyDigestMoment(null, at('2026-01-19T07:59:59Z'))).toBeNull();
    // Half-hour zones: Monday 08:30 in Kolkata is 03:00 UTC, a run of the schedule.
    expect(weeklyDigestMoment('Asia/Kolkata', at('2026-01-19T03:00:00Z'))).toEqual({ at: at('2026-01-19T02:30:00Z'), localDate: '2026-01-19' });
    // Every zone's Monday 08:00 is served by some run of the schedule (UTC+14 and UTC-12 at the ends).
    for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12', 'Asia/Kathmandu', 'Europe/Berlin', 'Australia/Adelaide']) {
      expect(
        runs.some((r) => weeklyDigestMoment(zone, r)),
        zone,
      ).toBe(true);
    }
  });

  it('moves a digest due inside quiet hours to their end', () => {
    expect(nextDigestAt('daily', quiet(6, 9, 'America/Los_Angeles'), at('2026-06-10T20:00:00Z')).toISOString()).toBe('2026-06-11T16:00:00.000Z');
  });
});

describe('delivery plan', () => {
  const prefs = (over: Partial<NotificationPrefs>): NotificationPrefs => ({ ...defaultPrefs(), ...over });
  const all = { push_enabled: true, push_url: 'https://push.example.org/t', email_enabled: true, email_address: 'a@example.org', rss_enabled: true };

  it('sends push and email now and marks RSS at once when nothing holds the event', () => {
    expect(planDelivery(prefs(all), 'bill_updated', at('2026-01-15T15:00:00Z'))).toEqual({
      channels: { push: 'pending', email: 'pending', rss: 'sent', webhook: 'off' },
      due_at: null,
    });
  });

  it('holds push and email in quiet hours but still marks RSS, due when quiet hours end', () => {
    const plan = planDelivery(prefs({ ...all, quiet_hours_start: 22, quiet_hours_end: 7, timezone: 'UTC' }), 'new_document', at('2026-01-15T23:00:00Z'));
    expect(plan).toEqual({ channels: { push: 'held', email: 'held', rss: 'sent', webhook: 'off' }, due_at: '2026-01-16T07:00:00.000Z' });
  });

  it('holds events for the digest in daily and weekly mode, but never the weekly digest itself', () => {
    const daily = prefs({ ...all, digest_mode: 'daily' });
    expect(planDelivery(daily, 'bill_updated', at('2026-01-15T15:00:00Z'))).toEqual({
      channels: { push: 'digest', email: 'digest', rss: 'sent', webhook: 'off' },
      due_at: '2026-01-16T08:00:00.000Z',
    });
    expect(planDelivery(daily, 'weekly_digest', at('2026-01-15T15:00:00Z')).channels).toEqual({
      push: 'pending',
      email: 'pending',
      rss: 'sent',
      webhook: 'off',
    });
  });

  it("issue 24 #13: folds the weekly digest into a weekly-digest user's Monday bundle of the morning it was made for: one message, not two", () => {
    const weekly = prefs({ ...all, digest_mode: 'weekly', timezone: 'Asia/Tokyo' });
    // The hourly weekly run serves Tokyo at Monday 08:00 JST (Sunday 23:00 UTC): due that very morning, not a week later.
    expect(planDelivery(weekly, 'weekly_digest', at('2026-01-18T23:00:00Z'), { digestAt: at('2026-01-18T23:00:00Z') })).toEqual({
      channels: { push: 'digest', email: 'digest', rss: 'sent', webhook: 'off' },
      due_at: '2026-01-18T23:00:00.000Z',
    });
    // An admin's "send it now" is held for no bundle.
    expect(planDelivery(weekly, 'weekly_digest', at('2026-01-21T10:00:00Z')).channels).toEqual({
      push: 'pending',
      email: 'pending',
      rss: 'sent',
      webhook: 'off',
    });
  });

  it('leaves channels that are off or unconfigured off', () => {
    const plan = planDelivery(
      prefs({ push_enabled: true, push_url: null, email_enabled: false, email_address: 'a@example.org' }),
      'bill_updated',
      at('2026-01-15T15:00:00Z'),
    );
    expect(plan.channels).toEqual({ push: 'off', email: 'off', rss: 'off', webhook: 'off' });
  });
});

// Which saves of a meeting its followers hear of, and the words of the alert (docs/product-rules.md, "Alerts before the meeting").
import { describe, expect, it } from 'vitest';
import { meetingAlertOf } from '#shared/domain/schedule/meeting-alert.ts';
import type { MeetingChange } from '#shared/domain/schedule/meeting.schema.ts';
import { meetingTime, meetingWords } from '#shared/domain/notify/meeting-words.ts';
import type { MeetingAlert } from '#shared/domain/notify/notification.schema.ts';

const AT = new Date('2026-07-25T12:00:00Z');
const ahead = { status: 'scheduled' as const, starts_at: '2026-07-30T09:45:00-04:00' };
const changed = (fields: string[], material = true): MeetingChange => ({
  at: AT.toISOString(),
  version: 2,
  material,
  kind: 'changed',
  changes: fields.map((field) => ({ field, before: 'a', after: 'b' })),
  sources: ['senate-gov'],
});
const firstSeen: MeetingChange = { at: AT.toISOString(), version: 1, material: true, kind: 'first_seen', changes: [], sources: ['senate-gov'] };

describe('meetingAlertOf', () => {
  it('tells of a meeting first seen while it is ahead, not of one already started, held or cancelled', () => {
    expect(meetingAlertOf(ahead, firstSeen, AT)).toBe('scheduled');
    expect(meetingAlertOf({ ...ahead, starts_at: '2026-07-24T10:00:00-04:00' }, firstSeen, AT)).toBeNull();
    expect(meetingAlertOf({ ...ahead, status: 'held' }, firstSeen, AT)).toBeNull();
    expect(meetingAlertOf({ ...ahead, status: 'cancelled' }, firstSeen, AT)).toBeNull();
  });

  it('names a reschedule, a postponement and a cancellation; a new room or bill is an update', () => {
    expect(meetingAlertOf(ahead, changed(['starts_at']), AT)).toBe('rescheduled');
    expect(meetingAlertOf({ ...ahead, status: 'rescheduled' }, changed(['status', 'starts_at']), AT)).toBe('rescheduled');
    expect(meetingAlertOf({ ...ahead, status: 'postponed' }, changed(['status']), AT)).toBe('postponed');
    expect(meetingAlertOf({ ...ahead, status: 'cancelled' }, changed(['status']), AT)).toBe('cancelled');
    expect(meetingAlertOf(ahead, changed(['location']), AT)).toBe('updated');
    expect(meetingAlertOf(ahead, changed(['title', 'bill_ids']), AT)).toBe('updated');
  });

  it('says nothing of a witness or title alone, a change that did not move the version, or no change', () => {
    expect(meetingAlertOf(ahead, changed(['witnesses', 'title']), AT)).toBeNull();
    expect(meetingAlertOf(ahead, changed(['documents'], false), AT)).toBeNull();
    expect(meetingAlertOf(ahead, null, AT)).toBeNull();
  });
});

describe('meetingWords', () => {
  const alert: MeetingAlert = {
    id: 'senate-338684',
    version: 2,
    change: 'rescheduled',
    type: 'hearing',
    status: 'scheduled',
    chamber: 'senate',
    title: 'Hearings to examine S. 5038.',
    committees: ['SSFR'],
    starts_at: '2026-07-30T09:45:00-04:00',
    all_day: false,
    previous_starts_at: '2026-07-29T10:00:00-04:00',
    location: 'Dirksen 419',
    bills: [{ id: '119-s-5038', label: 'S. 5038' }],
  };

  it("tells the time in the reader's zone, Washington's when they set none or an unknown one", () => {
    expect(meetingTime(alert.starts_at, false, 'America/Los_Angeles')).toBe('Thu, Jul 30, 2026, 6:45 AM PDT');
    expect(meetingTime(alert.starts_at, false, null)).toBe('Thu, Jul 30, 2026, 9:45 AM EDT');
    expect(meetingTime(alert.starts_at, false, 'Mars/Olympus')).toBe('Thu, Jul 30, 2026, 9:45 AM EDT');
    expect(meetingTime('2026-09-14T00:00:00-04:00', true, 'Asia/Tokyo')).toBe('Mon, Sep 14, 2026');
  });

  it('says what, when (and when before), where and the title', () => {
    expect(meetingWords(alert, 'UTC')).toBe(
      'Hearing rescheduled: Thu, Jul 30, 2026, 1:45 PM UTC (was Wed, Jul 29, 2026, 2:00 PM UTC), Dirksen 419. Hearings to examine S. 5038.',
    );
    expect(meetingWords({ ...alert, change: 'cancelled', previous_starts_at: null }, null)).toBe(
      'Hearing cancelled (was Thu, Jul 30, 2026, 9:45 AM EDT). Hearings to examine S. 5038.',
    );
  });
});

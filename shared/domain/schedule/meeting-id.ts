/**
 * Meeting identity (docs/product-rules.md, "One meeting, many sources"). A
 * meeting's id is derived from what every source of it shares, so the same
 * meeting read from two sources, or twice from one, is one record:
 * - a committee meeting is `{chamber}-{event id}`: the House's event id is the
 *   same number in docs.house.gov (meeting-id "HHRG115955", a witness list's
 *   meeting-id "115955") and Congress.gov (eventId "115955"); the Senate's is
 *   the same in senate.gov's hearings.xml (`<identifier>`) and Congress.gov
 *   (eventId). A senate.gov meeting with no identifier falls back to its
 *   committee and start (`senate-SSFR-202607301030`).
 * - a floor day is `{chamber}-floor-{YYYY-MM-DD}`, a House floor week
 *   (the Majority Leader's "bills this week") `house-floor-week-{Monday}`.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const MEETING_ID_PATTERN = /^(house|senate)-(\d{1,9}|floor-\d{4}-\d{2}-\d{2}|floor-week-\d{4}-\d{2}-\d{2}|[A-Z]{4}(\d{2})?-\d{12})$/;

export const MeetingId = lazySchema(() =>
  z.string().regex(MEETING_ID_PATTERN, { error: 'must be a meeting id such as house-115955, senate-338684 or house-floor-2026-03-27' }),
);

export const committeeMeetingId = (chamber: 'house' | 'senate', eventId: string | number): string => `${chamber}-${String(eventId).trim()}`;
export const floorDayId = (chamber: 'house' | 'senate', date: string): string => `${chamber}-floor-${date}`;
export const floorWeekId = (monday: string): string => `house-floor-week-${monday}`;

/** The fallback id of a senate.gov meeting without an identifier: its committee and Eastern start, to the minute. */
export const senateFallbackId = (committee: string, startsAt: string): string => `senate-${committee}-${startsAt.slice(0, 16).replace(/[-T:]/g, '')}`;

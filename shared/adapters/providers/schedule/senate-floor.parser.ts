/**
 * senate.gov's next-convene feed (`floor_schedule.json`) → the Senate's next
 * floor day as a meeting. The convene time comes as string parts
 * (conveneYear, conveneMonth, ...) in Eastern wall time; the feed's
 * misspelt "coveneOffsetMinutes" and its links are not needed.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { congressForDate } from '#shared/domain/bills/bill-id.ts';
import { easternWallTime, inEastern } from '#shared/domain/schedule/eastern-time.ts';
import { floorDayId } from '#shared/domain/schedule/meeting-id.ts';
import type { ParsedMeeting } from '#shared/domain/schedule/meeting.schema.ts';
import { ProviderError, parseJsonBody, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';

export const SENATE_FLOOR = 'senate.gov floor';

const part = (digits: number) =>
  z.coerce
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${digits}}$`), { error: `must be up to ${digits} digits` });
const FloorSchedule = lazySchema(() =>
  z.looseObject({
    floorProceedings: z.array(
      z.looseObject({
        conveneYear: part(4),
        conveneMonth: part(2),
        conveneDay: part(2),
        conveneHour: part(2),
        conveneMinutes: part(2),
        lastUpdated: z.string().optional(),
      }),
    ),
  }),
);

const pad = (s: string) => s.padStart(2, '0');

/** The next floor day the feed announces. */
export function parseSenateFloorJson(text: string): ParsedMeeting[] {
  const feed = parsePayload(SENATE_FLOOR, 'floor schedule', FloorSchedule(), parseJsonBody(SENATE_FLOOR, 'floor schedule', text));
  if (feed.floorProceedings.length === 0) throw new ProviderError(SENATE_FLOOR, 'floor schedule: floorProceedings is empty', { field: 'floorProceedings' });
  return feed.floorProceedings.map((p) => {
    const date = `${p.conveneYear}-${pad(p.conveneMonth)}-${pad(p.conveneDay)}`;
    const updated = p.lastUpdated && !Number.isNaN(Date.parse(p.lastUpdated)) ? inEastern(p.lastUpdated) : null;
    return {
      id: floorDayId('senate', date),
      ...(updated ? { source_updated_at: updated } : {}),
      fields: {
        chamber: 'senate',
        congress: congressForDate(new Date(`${date}T12:00:00Z`)),
        committees: [],
        type: 'floor',
        status: 'scheduled',
        starts_at: easternWallTime(date, `${pad(p.conveneHour)}:${pad(p.conveneMinutes)}:00`),
        ends_at: null,
        all_day: false,
        location: 'Senate Chamber, U.S. Capitol',
        title: 'The Senate convenes',
        bill_ids: [],
        witnesses: [],
        documents: [],
      },
    };
  });
}

/**
 * The House Clerk's floor summary of one legislative day
 * (clerk.house.gov/floor/{YYYYMMDD}.xml, `<legislative_activity>`) → that
 * floor day as a meeting the House held (from its convening to its last
 * action, with the bills it acted on), and the next day it announced
 * (`next-legislative-day-convenes`) as a scheduled one. Times are Eastern.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { billIdsInText, sortBillIds } from '#shared/domain/schedule/bill-mentions.ts';
import { easternWallTime } from '#shared/domain/schedule/eastern-time.ts';
import { floorDayId } from '#shared/domain/schedule/meeting-id.ts';
import type { MeetingFields, ParsedMeeting } from '#shared/domain/schedule/meeting.schema.ts';
import { ProviderError, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { expectRoot, readXml, xmlAttr, xmlText } from './schedule-xml.ts';

export const HOUSE_CLERK = 'clerk.house.gov';

const Activity = lazySchema(() =>
  z.looseObject({
    legislative_day: z.looseObject({ '@_date': z.string().regex(/^\d{8}$/, { error: 'must be YYYYMMDD' }) }),
    legislative_congress: z.looseObject({ '@_congress': z.string().regex(/^\d{2,3}$/, { error: 'must be a Congress number' }) }),
    floor_actions: z
      .union([
        z.looseObject({
          legislative_day_finished: z.unknown().optional(),
          floor_action: z.array(z.looseObject({ '@_act-id': z.string().optional(), action_time: z.unknown(), action_item: z.unknown().optional() })).optional(),
        }),
        z.literal(''),
      ])
      .optional(),
  }),
);

/** "20260327T23:27:44" or "20260330T12:00" → the Eastern date and time. */
function wall(stamp: string): { date: string; time: string } | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(stamp.trim());
  return m ? { date: `${m[1]}-${m[2]}-${m[3]}`, time: `${m[4]}:${m[5]}:${m[6] ?? '00'}` } : null;
}

const floor = (fields: Omit<MeetingFields, 'chamber' | 'committees' | 'type' | 'location' | 'witnesses' | 'documents' | 'all_day'>): MeetingFields => ({
  chamber: 'house',
  committees: [],
  type: 'floor',
  location: 'House Chamber, U.S. Capitol',
  witnesses: [],
  documents: [],
  all_day: false,
  ...fields,
});

/** The day's floor meeting (held) and the next one it announced (scheduled), when it did. */
export function parseClerkFloorXml(text: string): ParsedMeeting[] {
  const { root, node } = readXml(HOUSE_CLERK, 'House floor summary XML', text, ['floor_action', 'action_item']);
  expectRoot(HOUSE_CLERK, 'House floor summary XML', root, 'legislative_activity');
  const day = parsePayload(HOUSE_CLERK, 'floor summary', Activity(), node);
  const congress = Number(day.legislative_congress['@_congress']);
  const raw = day.legislative_day['@_date'];
  const date = `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`;
  const actions = day.floor_actions ? (day.floor_actions.floor_action ?? []) : [];
  const times = actions
    .map((a) => wall(xmlAttr(a.action_time, 'for-search')))
    .filter((t): t is { date: string; time: string } => t !== null)
    .map((t) => easternWallTime(t.date, t.time))
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  if (times.length === 0) throw new ProviderError(HOUSE_CLERK, `floor summary of ${date}: no timed floor action`, { field: 'floor_actions' });
  const items = actions.flatMap((a) => (Array.isArray(a.action_item) ? a.action_item : a.action_item === undefined ? [] : [a.action_item]).map(xmlText));
  const held: ParsedMeeting = {
    id: floorDayId('house', date),
    fields: floor({
      congress,
      status: 'held',
      starts_at: times[0] as string,
      ends_at: times.length > 1 ? (times[times.length - 1] as string) : null,
      title: `House floor: legislative day of ${date}`,
      bill_ids: sortBillIds(items.flatMap((i) => billIdsInText(i, congress))),
    }),
  };
  const next = wall(xmlAttr(day.floor_actions ? day.floor_actions.legislative_day_finished : undefined, 'next-legislative-day-convenes'));
  if (!next) return [held];
  const announced: ParsedMeeting = {
    id: floorDayId('house', next.date),
    fields: floor({
      congress,
      status: 'scheduled',
      starts_at: easternWallTime(next.date, next.time),
      ends_at: null,
      title: `House floor: legislative day of ${next.date}`,
      bill_ids: [],
    }),
  };
  return [held, announced];
}

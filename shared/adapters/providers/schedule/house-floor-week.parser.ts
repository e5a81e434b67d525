/**
 * docs.house.gov's weekly floor schedule ("bills this week",
 * `<floorschedule week-date=...>`) → the week's bills, and the floor week as
 * a meeting: the House may take each of them up that week (its items come
 * by category: under suspension of the rules, pursuant to a rule, may be
 * considered), with no day or time set. Withdrawn items (a `remove-date`) are
 * gone from the week. legis-num is spelled every way ("S. 283 ", "S.790 ",
 * "H. Con. Res. 93", "Senate amendments to H.R. 5334").
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { billIdsInText, sortBillIds } from '#shared/domain/schedule/bill-mentions.ts';
import { addDays, easternWallTime } from '#shared/domain/schedule/eastern-time.ts';
import { floorWeekId } from '#shared/domain/schedule/meeting-id.ts';
import type { MeetingDocument, ParsedMeeting } from '#shared/domain/schedule/meeting.schema.ts';
import { readableText } from '#shared/domain/schedule/source-text.ts';
import { parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { HOUSE_DOCS } from './house-meeting.parser.ts';
import { expectRoot, readXml, xmlText } from './schedule-xml.ts';

const text = () => z.union([z.string(), z.looseObject({ '#text': z.string().optional() })]).optional();
const FloorItem = lazySchema(() =>
  z.looseObject({
    '@_remove-date': z.string().optional(),
    'legis-num': text(),
    'floor-text': text(),
    files: z.union([z.looseObject({ file: z.array(z.looseObject({ '@_doc-url': z.string().optional() })).optional() }), z.literal('')]).optional(),
  }),
);
const FloorSchedule = lazySchema(() =>
  z.looseObject({
    '@_congress-num': z.string().regex(/^\d{2,3}$/, { error: 'must be a Congress number' }),
    '@_week-date': z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' }),
    '@_update-date': z.string().optional(),
    category: z
      .array(
        z.looseObject({
          '@_type': z.string().optional(),
          'floor-items': z.union([z.looseObject({ 'floor-item': z.array(FloorItem()).optional() }), z.literal('')]).optional(),
        }),
      )
      .optional(),
  }),
);

export interface FloorWeekBill {
  id: string;
  /** The legis-num as the schedule spells it, trimmed ("Senate amendments to H.R. 5334"). */
  legis_num: string;
  title: string;
  /** The schedule's category, such as "Items that may be considered under suspension of the rules". */
  category: string;
  url: string | null;
}

export interface FloorWeek {
  week_of: string;
  congress: number;
  bills: FloorWeekBill[];
  updated_at: string | null;
}

/** The week and its bills, in schedule order. */
export function parseHouseFloorWeekXml(text: string): FloorWeek {
  const { root, node } = readXml(HOUSE_DOCS, 'House floor schedule XML', text, ['category', 'floor-item', 'file']);
  expectRoot(HOUSE_DOCS, 'House floor schedule XML', root, 'floorschedule');
  const week = parsePayload(HOUSE_DOCS, 'floor schedule', FloorSchedule(), node);
  const congress = Number(week['@_congress-num']);
  const bills: FloorWeekBill[] = [];
  for (const category of week.category ?? []) {
    const items = category['floor-items'] ? (category['floor-items']['floor-item'] ?? []) : [];
    for (const item of items) {
      if ((item['@_remove-date'] ?? '').trim()) continue;
      const legisNum = readableText(xmlText(item['legis-num']));
      const id = billIdsInText(legisNum, congress)[0];
      if (!id || bills.some((b) => b.id === id)) continue;
      const files = item.files ? (item.files.file ?? []) : [];
      bills.push({
        id,
        legis_num: legisNum,
        title: readableText(xmlText(item['floor-text'])),
        category: readableText(category['@_type']),
        url: files[0]?.['@_doc-url'] ?? null,
      });
    }
  }
  const updated = week['@_update-date'];
  return {
    week_of: week['@_week-date'],
    congress,
    bills,
    updated_at: updated ? easternWallTime(updated.slice(0, 10), updated.slice(11, 19)) : null,
  };
}

/** The floor week as a meeting: all week (Monday to Friday), the bills the House may take up. */
export function floorWeekMeeting(week: FloorWeek): ParsedMeeting {
  return {
    id: floorWeekId(week.week_of),
    ...(week.updated_at ? { source_updated_at: week.updated_at } : {}),
    fields: {
      chamber: 'house',
      congress: week.congress,
      committees: [],
      type: 'floor',
      status: 'scheduled',
      starts_at: easternWallTime(week.week_of),
      ends_at: easternWallTime(addDays(week.week_of, 5)),
      all_day: true,
      location: 'House Chamber, U.S. Capitol',
      title: `House floor: bills for the week of ${week.week_of}`,
      bill_ids: sortBillIds(week.bills.map((b) => b.id)),
      witnesses: [],
      documents: week.bills.flatMap((b): MeetingDocument[] => (b.url ? [{ title: `${b.legis_num}: ${b.title}`, url: b.url }] : [])),
    },
  };
}

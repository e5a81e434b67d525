// The House floor week, the Senate floor feed and the House Clerk's floor summaries, from the recordings.
import { describe, expect, it } from 'vitest';
import { parseClerkFloorXml } from '#shared/adapters/providers/schedule/clerk-floor.parser.ts';
import { floorWeekMeeting, parseHouseFloorWeekXml } from '#shared/adapters/providers/schedule/house-floor-week.parser.ts';
import { parseSenateFloorJson } from '#shared/adapters/providers/schedule/senate-floor.parser.ts';
import { fixture, hasFixtures } from '#test/support/ingest-fixtures.ts';

describe.skipIf(!hasFixtures)('the House floor week', () => {
  it('reads the CARES Act week: one bill that may be considered', () => {
    const week = parseHouseFloorWeekXml(fixture('floor-schedule/billsthisweek-20200323-cares-act.xml'));
    expect(week).toMatchObject({
      week_of: '2020-03-23',
      congress: 116,
      bills: [
        { id: '116-hr-748', legis_num: 'H.R. 748', title: 'Coronavirus Aid, Relief, and Economic Security Act', category: 'Items that may be considered' },
      ],
    });
  });

  it('reads every item of the week of 2026-09-14 in its category, whatever the legis-num spelling', () => {
    const week = parseHouseFloorWeekXml(fixture('floor-schedule/billsthisweek-20260914.xml'));
    expect(week.week_of).toBe('2026-09-14');
    expect(week.bills).toHaveLength(78);
    const category = (c: string) => week.bills.filter((b) => b.category === c).map((b) => b.id);
    expect(category('Items that may be considered under suspension of the rules')).toHaveLength(71);
    expect(category('Items that may be considered pursuant to a rule')).toEqual([
      '119-hjres-210',
      '119-hjres-213',
      '119-hr-9576',
      '119-hr-10326',
      '119-hr-5334',
    ]);
    expect(category('Items that may be considered')).toEqual(['119-hconres-93', '119-hres-1530']);
    const ids = week.bills.map((b) => b.id);
    // "S. 283 " and "S.790 " (trailing spaces, no space) and "Senate amendments to H.R. 5334".
    expect(ids).toEqual(expect.arrayContaining(['119-s-283', '119-s-790', '119-hr-5334', '119-hr-10204']));
    expect(week.bills.find((b) => b.id === '119-s-283')?.title).toBe('Illegal Red Snapper and Tuna Enforcement Act, as amended');
  });

  it('makes the week one all-day floor meeting of the House with every bill', () => {
    const m = floorWeekMeeting(parseHouseFloorWeekXml(fixture('floor-schedule/billsthisweek-20260914.xml')));
    expect(m.id).toBe('house-floor-week-2026-09-14');
    expect(m.fields).toMatchObject({
      chamber: 'house',
      type: 'floor',
      status: 'scheduled',
      all_day: true,
      starts_at: '2026-09-14T00:00:00-04:00',
      ends_at: '2026-09-19T00:00:00-04:00',
    });
    expect(m.fields.bill_ids).toHaveLength(78);
  });

  it('refuses another document', () => {
    expect(() => parseHouseFloorWeekXml(fixture('house-meetings/HMTG-113-RU00-20140519-102252.xml'))).toThrow(/floorschedule.*committee-meeting/);
  });
});

describe.skipIf(!hasFixtures)('the Senate floor feed', () => {
  it('reads the next convening (string parts, Eastern wall time) as a floor meeting', () => {
    expect(parseSenateFloorJson(fixture('floor-schedule/senate-floor_schedule-2026-10-05.json'))).toEqual([
      {
        id: 'senate-floor-2026-10-05',
        source_updated_at: '2026-10-01T10:34:00-04:00',
        fields: {
          chamber: 'senate',
          congress: 119,
          committees: [],
          type: 'floor',
          status: 'scheduled',
          starts_at: '2026-10-05T16:00:00-04:00',
          ends_at: null,
          all_day: false,
          location: 'Senate Chamber, U.S. Capitol',
          title: 'The Senate convenes',
          bill_ids: [],
          witnesses: [],
          documents: [],
        },
      },
    ]);
  });

  it('refuses a feed without its convene time', () => {
    expect(() => parseSenateFloorJson('{"floorProceedings":[{"conveneYear":"2026"}]}')).toThrow(/conveneMonth/);
    expect(() => parseSenateFloorJson('{"floorProceedings":[]}')).toThrow(/empty/);
  });
});

describe.skipIf(!hasFixtures)('the House Clerk floor summaries', () => {
  it('reads a day the House sat as held, from its convening to its last action, with the bills it acted on, and the next day it announced', () => {
    const [held, next] = parseClerkFloorXml(fixture('floor-schedule/clerk-floor-20260327.xml'));
    expect(held?.id).toBe('house-floor-2026-03-27');
    expect(held?.fields).toMatchObject({
      status: 'held',
      type: 'floor',
      starts_at: '2026-03-27T09:00:00-04:00',
      ends_at: '2026-03-27T23:27:44-04:00',
      bill_ids: ['119-hr-7084', '119-hr-7147', '119-hres-1142'],
    });
    expect(next).toMatchObject({ id: 'house-floor-2026-03-30', fields: { status: 'scheduled', starts_at: '2026-03-30T12:00:00-04:00', bill_ids: [] } });
  });

  it('reads a pro forma day: convened 10:30, adjourned 10:32, no bills, next sitting announced', () => {
    const [held, next] = parseClerkFloorXml(fixture('floor-schedule/clerk-floor-20260917-pro-forma.xml'));
    expect(held?.fields).toMatchObject({ status: 'held', starts_at: '2026-09-17T10:30:00-04:00', ends_at: '2026-09-17T10:32:10-04:00', bill_ids: [] });
    expect(next?.fields.starts_at).toBe('2026-09-21T10:30:00-04:00');
  });
});

// Congress.gov committee-meeting items, JSON and XML, from the recordings: expectations written from the payloads.
import { describe, expect, it } from 'vitest';
import { parseCongressGovMeeting } from '#shared/adapters/providers/schedule/congress-gov-meeting.parser.ts';
import type { ParsedMeeting } from '#shared/domain/schedule/meeting.schema.ts';
import { fixture, hasFixtures } from '#test/support/ingest-fixtures.ts';

const one = (name: string) => parseCongressGovMeeting(fixture(`congress-gov-meetings/${name}`)) as ParsedMeeting;
const harvested = () => parseCongressGovMeeting(fixture('congress-gov-meetings/committee-meeting-records-11-harvested.json')) as ParsedMeeting[];

describe.skipIf(!hasFixtures)('Congress.gov committee meetings', () => {
  it('reads an item with its witnesses, its bills and its 2023 "+00:00" date in Washington time', () => {
    const m = one('committee-meeting-118-house-115538.json');
    expect(m.id).toBe('house-115538');
    expect(m.fields).toMatchObject({
      chamber: 'house',
      congress: 118,
      committees: ['HSII24'],
      type: 'hearing',
      status: 'scheduled',
      starts_at: '2023-03-24T09:00:00-04:00',
      location: 'Longworth House Office Building 1324',
      bill_ids: ['118-hr-1246', '118-hr-1532'],
      witnesses: [
        { name: 'The Honorable Bryan Newland', organization: 'Bureau of Indian Affairs', position: 'Assistant Secretary' },
        { name: 'The Honorable Marcellus Osceola', organization: 'Seminole Tribe of Florida', position: 'Chairman' },
        { name: 'The Honorable John Williams', organization: 'United Auburn Rancheria', position: 'Vice Chairman' },
      ],
    });
    // The title's tab, CRLF and bullets: one space each, the words as published.
    expect(m.fields.title).toMatch(
      /^Legislative hearing on: • H\.R\. 1246 \(Rep\. Hageman\), To authorize leases .* tribes; and • H\.R\. 1532 \(Rep\. Hageman\)/,
    );
    expect(m.fields.documents).toHaveLength(5);
  });

  it('reads Senate meeting 326051 the same from its XML item and its JSON record', () => {
    const xml = one('committee-meeting-116-senate-326051.xml');
    const json = harvested().find((m) => m.id === 'senate-326051');
    expect(xml).toEqual(json);
    expect(xml.fields).toMatchObject({
      chamber: 'senate',
      committees: ['SSFR'],
      type: 'meeting',
      starts_at: '2019-06-25T14:15:00-04:00',
      location: 'Capitol (Senate side) 116',
      bill_ids: ['116-s-727', '116-s-1102', '116-s-1309', '116-s-1945', '116-sconres-10', '116-sres-34', '116-sres-198', '116-sres-206'],
    });
  });

  it('reads every harvested record with its bills (related items and those the title names)', () => {
    const expected: Record<string, { committees: string[]; type: string; status: string; starts_at: string; bill_ids: string[] }> = {
      'senate-328584': { committees: ['SSFR'], type: 'meeting', status: 'scheduled', starts_at: '2021-01-27T10:00:00-05:00', bill_ids: [] },
      'senate-326051': {
        committees: ['SSFR'],
        type: 'meeting',
        status: 'scheduled',
        starts_at: '2019-06-25T14:15:00-04:00',
        bill_ids: ['116-s-727', '116-s-1102', '116-s-1309', '116-s-1945', '116-sconres-10', '116-sres-34', '116-sres-198', '116-sres-206'],
      },
      'house-115635': {
        committees: ['HSII'],
        type: 'markup',
        status: 'scheduled',
        starts_at: '2023-04-27T09:45:00-04:00',
        bill_ids: ['118-hr-215', '118-hr-764', '118-hr-1245', '118-hr-1319', '118-hr-1419', '118-hr-1567', '118-hjres-29', '118-hjres-46', '118-hjres-49'],
      },
      'house-100031': { committees: ['HSHM'], type: 'hearing', status: 'scheduled', starts_at: '2011-02-09T10:00:00-05:00', bill_ids: [] },
      'house-100056': { committees: ['HSHM'], type: 'markup', status: 'scheduled', starts_at: '2011-10-12T10:00:00-04:00', bill_ids: ['112-hr-3116'] },
      'house-100052': { committees: ['HSRU'], type: 'meeting', status: 'scheduled', starts_at: '2013-01-04T10:30:00-05:00', bill_ids: [] },
      'house-103428': {
        committees: ['HSRU'],
        type: 'meeting',
        status: 'scheduled',
        starts_at: '2015-04-29T15:00:00-04:00',
        bill_ids: ['114-hr-1732', '114-hjres-43', '114-sconres-11'],
      },
      'house-103999': { committees: ['HSIF17'], type: 'hearing', status: 'scheduled', starts_at: '2015-09-29T10:15:00-04:00', bill_ids: [] },
      'house-104046': { committees: ['HSIF02'], type: 'hearing', status: 'scheduled', starts_at: '2015-10-08T10:00:00-04:00', bill_ids: [] },
      'house-104356': { committees: ['HSSM24'], type: 'hearing', status: 'rescheduled', starts_at: '2016-02-10T13:00:00-05:00', bill_ids: [] },
      'house-108415': { committees: ['HSSM27'], type: 'hearing', status: 'scheduled', starts_at: '2018-06-14T10:00:00-04:00', bill_ids: [] },
    };
    const meetings = harvested();
    expect(meetings.map((m) => m.id)).toEqual(Object.keys(expected));
    for (const m of meetings) expect(m.fields, m.id).toMatchObject(expected[m.id] as object);
    expect(meetings.find((m) => m.id === 'house-104356')?.fields.title).toBe(
      'RESCHEDULED: Oversight of the Office of Advocacy and the Office of the National Ombudsman at the SBA',
    );
  });

  it('refuses a list, a record without its date, and what is not JSON or XML', () => {
    expect(() => parseCongressGovMeeting(fixture('congress-gov-meetings/committee-meeting-list-119-house-limit1-2026.json'))).toThrow(/list.*not an item/);
    expect(() => parseCongressGovMeeting('{"committeeMeeting":{"eventId":"1","congress":118,"chamber":"House"}}')).toThrow(/field date/);
    expect(() => parseCongressGovMeeting('{"committeeMeeting":{"eventId":"1","congress":118,"chamber":"House","date":"soon"}}')).toThrow(/field date/);
    expect(() => parseCongressGovMeeting('committee meeting')).toThrow(/not JSON/);
    expect(() => parseCongressGovMeeting('<api-root><error>Unknown resource</error></api-root>')).toThrow(/committeeMeeting/);
  });
});

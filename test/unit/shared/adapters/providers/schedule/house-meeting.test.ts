// docs.house.gov meeting XML and witness lists, read from the recordings: expectations written from the payloads.
import { describe, expect, it } from 'vitest';
import { parseHouseMeetingXml } from '#shared/adapters/providers/schedule/house-meeting.parser.ts';
import { fixture, hasFixtures } from '#test/support/ingest-fixtures.ts';

const read = (name: string) => parseHouseMeetingXml(fixture(`house-meetings/${name}`));

describe.skipIf(!hasFixtures)('docs.house.gov committee meetings', () => {
  it.each([
    [
      'HMTG-113-RU00-20140519-102252.xml',
      {
        id: 'house-102252',
        committees: ['HSRU'],
        type: 'meeting',
        status: 'scheduled',
        starts_at: '2014-05-19T17:00:00-04:00',
        location: 'Capitol H-313',
        bill_ids: ['113-hr-4435', '113-hr-4660'],
      },
    ],
    [
      'HMTG-113-RU00-20130305-100431.xml',
      // legis-num "933" alone: the BR document's file (BILLS-113hr933ih) and the title say H.R.; H. Res. 99 is a supporting document, not taken up.
      {
        id: 'house-100431',
        committees: ['HSRU'],
        type: 'meeting',
        status: 'scheduled',
        starts_at: '2013-03-05T15:00:00-05:00',
        location: 'Capitol H-313',
        bill_ids: ['113-hr-933'],
      },
    ],
    [
      'HMTG-116-PW02-20191019-110745-field-roundtable.xml',
      {
        id: 'house-110745',
        committees: ['HSPW02'],
        type: 'meeting',
        status: 'scheduled',
        starts_at: '2019-10-19T10:00:00-04:00',
        location: 'Founders Park, Islamorada, FL',
        bill_ids: [],
      },
    ],
    [
      'HHRG-118-II10-20230523-115955-rescheduled.xml',
      {
        id: 'house-115955',
        committees: ['HSII10'],
        type: 'hearing',
        status: 'rescheduled',
        starts_at: '2023-05-23T14:00:00-04:00',
        ends_at: '2023-05-23T16:30:00-04:00',
        location: 'Longworth House Office Building 1324',
        // The title names H.R. 188, 934, 1450 and 1726 (five drafts without a number); the bill documents add 2997, 3522, 3499, 3389 and 3396.
        bill_ids: ['118-hr-188', '118-hr-934', '118-hr-1450', '118-hr-1726', '118-hr-2997', '118-hr-3389', '118-hr-3396', '118-hr-3499', '118-hr-3522'],
      },
    ],
    [
      'HHRG-115-RU00-20170712-106245.excerpt.xml',
      // "RCP 115-23" is a Rules Committee Print, not a bill; H. Res. 440 is a supporting document.
      {
        id: 'house-106245',
        committees: ['HSRU'],
        type: 'hearing',
        status: 'scheduled',
        starts_at: '2017-07-12T15:00:00-04:00',
        location: 'Capitol H-313',
        bill_ids: ['115-hr-2810'],
      },
    ],
    [
      'HMKP-115-AP00-20170719-106292-adopted-amendments.excerpt.xml',
      // The amendments' legis-num is "H.R." without a number, and the title names no bill.
      {
        id: 'house-106292',
        committees: ['HSAP'],
        type: 'markup',
        status: 'scheduled',
        starts_at: '2017-07-19T09:30:00-04:00',
        location: 'Rayburn House Office Building 2359',
        bill_ids: [],
      },
    ],
    [
      'HMKP-119-FA00-20250917-118618-removed-amendments.excerpt.xml',
      // Every amendment to H.R. 5300 was withdrawn (remove-date) before the markup: no link, and no document.
      {
        id: 'house-118618',
        committees: ['HSFA'],
        type: 'markup',
        status: 'scheduled',
        starts_at: '2025-09-17T09:00:00-04:00',
        ends_at: '2025-09-17T23:00:00-04:00',
        location: 'Rayburn House Office Building 2172',
        bill_ids: [],
        documents: [],
      },
    ],
  ])('reads %s', (file, expected) => {
    const { id, ...fields } = expected;
    const m = read(file);
    expect(m.id).toBe(id);
    expect(m.fields).toMatchObject({ chamber: 'house', ...fields });
  });

  it('reads CRLF files with their text intact, and keeps the title as the source spells it', () => {
    expect(fixture('house-meetings/HHRG-118-II10-20230523-115955-rescheduled.xml')).toContain('\r\n');
    const m = read('HHRG-118-II10-20230523-115955-rescheduled.xml');
    expect(m.fields.title).toMatch(/^Legislative hearing on: • H\.R\. 188 \(Rep\. McClintock\), “Proven Forest Management Act of 2022”; • H\.R\. 934/);
    expect(m.fields.title).not.toMatch(/[\r\n]/);
    expect(m.fields.documents).toHaveLength(12);
    expect(m.fields.documents?.[11]).toEqual({
      title: 'Official Transcript 118-30',
      url: 'http://docs.house.gov/meetings/II/II10/20230523/115955/HHRG-118-II10-Transcript-20230523.pdf',
    });
    expect(m.source_updated_at).toBe('2024-10-08T12:14:32-04:00');
  });

  it('reads a witness list as the witnesses of its meeting', () => {
    expect(read('witnesses-113-GO25-20140522-102266.xml')).toEqual({
      id: 'house-102266',
      fields: {
        witnesses: [{ name: 'Mr. James P. Cochrane', organization: 'U.S. Postal Service', position: 'Chief Information Officer and Executive Vice President' }],
      },
    });
    expect(read('witnesses-118-AP01-20230329-115588.excerpt.xml').fields.witnesses).toEqual([
      {
        name: 'The Honorable Robert M. Califf, M.D., MACC',
        organization: null,
        position: 'Commissioner of Food and Drugs for the Food and Drug Administration',
      },
    ]);
    expect(read('witnesses-113-IF16-20130521-100876.excerpt.xml').fields.witnesses).toEqual([
      { name: 'Ms. Jennifer Bisceglie', organization: 'Interos Solutions, Inc.', position: 'President and CEO' },
    ]);
  });

  it('refuses what is not a meeting, naming what it found', () => {
    expect(() => parseHouseMeetingXml('not xml at all')).toThrow(/not well-formed XML/);
    expect(() => parseHouseMeetingXml('<floorschedule week-date="2026-09-14"/>')).toThrow(/committee-meeting.*floorschedule/);
    expect(() =>
      parseHouseMeetingXml(
        '<committee-meeting congress-num="118" meeting-id="HHRG1" meeting-type="HHRG"><meeting-details><meeting-date><calendar-date>May 23</calendar-date></meeting-date></meeting-details></committee-meeting>',
      ),
    ).toThrow(/calendar-date/);
    expect(() =>
      parseHouseMeetingXml(
        '<committee-meeting congress-num="118" meeting-id="HXYZ1" meeting-type="HXYZ"><meeting-details><meeting-date><calendar-date>2023-05-23</calendar-date></meeting-date></meeting-details></committee-meeting>',
      ),
    ).toThrow(/meeting-type HXYZ/);
  });
});

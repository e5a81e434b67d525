// senate.gov's hearings.xml, read from the recorded captures: expectations written from the payloads.
import { describe, expect, it } from 'vitest';
import { parseSenateHearingsXml, senateUpdatedAt } from '#shared/adapters/providers/schedule/senate-hearings.parser.ts';
import { fixture, hasFixtures } from '#test/support/ingest-fixtures.ts';

const july25 = () => parseSenateHearingsXml(fixture('senate-hearings/hearings-2026-07-25-wayback.xml'));
const july30 = () => parseSenateHearingsXml(fixture('senate-hearings/hearings-2026-07-30-wayback.xml'));
const ids = (n: number[], type = 's', congress = 119) => n.map((x) => `${congress}-${type}-${x}`);

// [id, committee, type, starts_at, location, bill numbers (S. then H.R.)]
const JULY_25: [string, string, string, string, string, string[]][] = [
  ['senate-338683', 'SSGA', 'hearing', '2026-07-29T08:30:00-04:00', 'SD-342', []],
  [
    'senate-338691',
    'SSEG',
    'meeting',
    '2026-07-29T09:30:00-04:00',
    'SD-366',
    [
      ...ids([249, 677, 1729, 5254, 5631, 5729, 6365, 6380, 7831], 'hr'),
      ...ids([
        365, 764, 791, 888, 945, 1005, 1088, 1195, 1257, 1341, 1349, 1476, 1737, 1777, 1870, 2498, 2767, 2801, 2887, 2933, 2968, 3194, 3313, 3409, 3635, 3715,
        3720, 3732, 3738, 4041, 4238, 4399, 4410, 4538, 5039,
      ]),
    ],
  ],
  ['senate-338686', 'SSHR11', 'hearing', '2026-07-29T14:00:00-04:00', 'SD-430', []],
  ['senate-338687', 'SLIA', 'hearing', '2026-07-29T14:30:00-04:00', 'SD-628', ids([3573, 3617, 4368, 4417, 4890])],
  ['senate-338685', 'SPAG', 'hearing', '2026-07-29T15:30:00-04:00', 'SD-562', []],
  ['senate-338690', 'SSJU', 'meeting', '2026-07-30T09:00:00-04:00', 'SH-216', []],
  ['senate-338684', 'SSHR', 'meeting', '2026-07-30T09:45:00-04:00', 'SD-430', ids([2511, 3010, 3097, 3333, 3589, 4097, 4689, 4965, 5046])],
  ['senate-338689', 'SSCM34', 'hearing', '2026-07-30T10:00:00-04:00', 'SR-253', []],
  ['senate-338688', 'SSFR', 'hearing', '2026-07-30T10:30:00-04:00', 'SD-419', []],
];

const JULY_30: [string, string, string, string, string, string[]][] = [
  ['senate-338684', 'SSHR', 'meeting', '2026-07-30T09:45:00-04:00', 'SD-430', ids([2511, 3010, 3097, 3333, 3589, 4097, 4689, 4965, 5038, 5046])],
  ['senate-338689', 'SSCM34', 'hearing', '2026-07-30T10:00:00-04:00', 'SR-253', []],
  ['senate-338694', 'SSFI', 'meeting', '2026-07-30T10:00:00-04:00', 'SD-215', []],
  ['senate-338688', 'SSFR', 'hearing', '2026-07-30T10:30:00-04:00', 'SD-419', []],
  ['senate-338692', 'JCSE', 'hearing', '2026-07-30T14:00:00-04:00', 'CHOB-210', []],
  ['senate-338693', 'SSBU', 'hearing', '2026-08-04T10:00:00-04:00', 'SD-608', []],
  ['senate-338695', 'SSFI10', 'hearing', '2026-08-04T10:00:00-04:00', 'SD-215', []],
  ['senate-338696', 'SSJU', 'hearing', '2026-08-04T10:15:00-04:00', 'SH-216', []],
  ['senate-338698', 'SSJU22', 'hearing', '2026-08-04T14:30:00-04:00', 'SD-226', []],
  ['senate-338697', 'SLIA', 'hearing', '2026-08-04T16:00:00-04:00', 'SD-628', []],
  ['senate-338704', 'SSCM', 'meeting', '2026-08-05T10:00:00-04:00', 'SR-253', ids([737, 1748, 4199, 4407, 5171])],
  ['senate-338701', 'SSFI', 'hearing', '2026-08-05T10:00:00-04:00', 'SD-215', []],
  ['senate-338702', 'SSFR', 'hearing', '2026-08-05T10:00:00-04:00', 'SD-419', []],
  ['senate-338700', 'SSJU', 'hearing', '2026-08-05T10:15:00-04:00', 'SH-216', []],
  ['senate-338705', 'SSJU25', 'hearing', '2026-08-05T14:30:00-04:00', 'SD-226', []],
  ['senate-338699', 'SSSB', 'hearing', '2026-08-05T14:30:00-04:00', 'SR-428A', []],
  ['senate-338703', 'SSFR', 'hearing', '2026-08-05T15:00:00-04:00', 'SVC-217', []],
];

describe.skipIf(!hasFixtures)('senate.gov hearings.xml', () => {
  it.each([
    ['the 2026-07-25 capture', july25, JULY_25],
    ['the 2026-07-30 capture', july30, JULY_30],
  ] as const)('reads every meeting of %s with its committee, type, Eastern start, room and bills', (_name, read, expected) => {
    const meetings = read();
    expect(meetings.map((m) => m.id)).toEqual(expected.map((e) => e[0]));
    for (const [id, committee, type, startsAt, location, bills] of expected) {
      const m = meetings.find((x) => x.id === id);
      expect(m?.fields, id).toMatchObject({
        chamber: 'senate',
        congress: 119,
        committees: [committee],
        type,
        status: 'scheduled',
        starts_at: startsAt,
        location,
      });
      expect([...(m?.fields.bill_ids ?? [])].sort(), id).toEqual([...bills].sort());
    }
  });

  it('skips the "No committee hearings scheduled" placeholder, so a recess snapshot has no meeting', () => {
    expect(parseSenateHearingsXml(fixture('senate-hearings/hearings-2026-10-02-none-scheduled.xml'))).toEqual([]);
    expect(july25().some((m) => m.fields.title === 'No committee hearings scheduled')).toBe(false);
  });

  it('reads a no-break space in a matter as a plain space', () => {
    const raw = fixture('senate-hearings/hearings-2026-07-30-wayback.xml');
    expect(raw).toContain('Business meeting to consider\u00a0S.5038');
    const m = july30().find((x) => x.id === 'senate-338684');
    expect(m?.fields.title).toMatch(/^Business meeting to consider S\.5038, to prohibit/);
    expect(m?.fields.title).not.toContain('\u00a0');
  });

  it('reads the malformed last_update_iso_8601 as the Eastern wall time it is', () => {
    expect(fixture('senate-hearings/hearings-2026-07-25-wayback.xml')).toContain(
      '<last_update_iso_8601>2026-07-24T21:00:29.000000Z-04:00</last_update_iso_8601>',
    );
    expect(senateUpdatedAt('2026-07-24T21:00:29.000000Z-04:00')).toBe('2026-07-24T21:00:29-04:00');
    expect(july25().find((m) => m.id === 'senate-338683')?.source_updated_at).toBe('2026-07-24T21:00:29-04:00');
    expect(senateUpdatedAt('yesterday')).toBeNull();
  });

  it('refuses a payload that is not the feed, naming what it found', () => {
    expect(() => parseSenateHearingsXml('<html><body>Down for maintenance</body></html>')).toThrow(/css_meetings_scheduled.*html/);
    expect(() => parseSenateHearingsXml('<css_meetings_scheduled><meeting>')).toThrow(/not well-formed XML/);
    expect(() =>
      parseSenateHearingsXml(
        '<css_meetings_scheduled><meeting><identifier>1</identifier><cmte_code>SSFR00</cmte_code><matter>x</matter></meeting></css_meetings_scheduled>',
      ),
    ).toThrow(/date_iso_8601/);
  });
});

// The parsing contract of issue 34 through `npm run cli -- parse KIND FILE`: the printed shapes, on the recordings, and bad input.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../local/cli.ts';
import { FIXTURES, hasFixtures } from '../../support/ingest-fixtures.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'cli-schedule-'));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
const at = (name: string) => path.join(FIXTURES, name);
function run(...args: string[]) {
  let out = '';
  let err = '';
  const code = main(
    args,
    (s) => (out += s),
    (s) => (err += s),
  );
  return { code, out, err, json: () => JSON.parse(out) as unknown };
}
const MEETING_KEYS = ['id', 'chamber', 'committees', 'type', 'status', 'starts_at', 'location', 'title', 'bill_ids', 'witnesses'];
const RFC3339_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

function expectMeeting(m: unknown): asserts m is Record<string, unknown> {
  expect(Object.keys(m as object)).toEqual(MEETING_KEYS);
  const meeting = m as Record<string, unknown>;
  expect(['hearing', 'markup', 'meeting', 'floor']).toContain(meeting.type);
  expect(['scheduled', 'postponed', 'cancelled', 'rescheduled', 'held']).toContain(meeting.status);
  expect(meeting.starts_at).toMatch(RFC3339_WITH_OFFSET);
  for (const id of meeting.bill_ids as string[]) expect(id).toMatch(/^\d{2,3}-(hr|s|hjres|sjres|hconres|sconres|hres|sres)-\d+$/);
}

describe.skipIf(!hasFixtures)('npm run cli -- parse: committees and the schedule', () => {
  it('house-meeting prints the meeting in the contract shape', () => {
    const r = run('parse', 'house-meeting', at('house-meetings/HHRG-118-II10-20230523-115955-rescheduled.xml'));
    expect(r.code).toBe(0);
    const m = r.json();
    expectMeeting(m);
    expect(m).toMatchObject({
      id: 'house-115955',
      chamber: 'house',
      committees: ['HSII10'],
      type: 'hearing',
      status: 'rescheduled',
      starts_at: '2023-05-23T14:00:00-04:00',
      witnesses: [],
    });
  });

  it('house-meeting prints a witness list as its meeting id and witnesses', () => {
    const r = run('parse', 'house-meeting', at('house-meetings/witnesses-113-GO25-20140522-102266.xml'));
    expect(r.code).toBe(0);
    expect(r.json()).toEqual({
      id: 'house-102266',
      witnesses: [{ name: 'Mr. James P. Cochrane', organization: 'U.S. Postal Service', position: 'Chief Information Officer and Executive Vice President' }],
    });
  });

  it('senate-hearings prints an array of meetings (empty for a recess snapshot)', () => {
    const r = run('parse', 'senate-hearings', at('senate-hearings/hearings-2026-07-30-wayback.xml'));
    expect(r.code).toBe(0);
    const meetings = r.json() as unknown[];
    expect(meetings).toHaveLength(17);
    meetings.forEach(expectMeeting);
    expect(meetings[0]).toMatchObject({
      id: 'senate-338684',
      committees: ['SSHR'],
      type: 'meeting',
      starts_at: '2026-07-30T09:45:00-04:00',
      location: 'SD-430',
    });
    expect(run('parse', 'senate-hearings', at('senate-hearings/hearings-2026-10-02-none-scheduled.xml')).json()).toEqual([]);
  });

  it('congress-gov-meeting prints a JSON or an XML item the same way', () => {
    const json = run('parse', 'congress-gov-meeting', at('congress-gov-meetings/committee-meeting-118-house-115538.json'));
    expect(json.code).toBe(0);
    const m = json.json();
    expectMeeting(m);
    expect(m).toMatchObject({ id: 'house-115538', starts_at: '2023-03-24T09:00:00-04:00', bill_ids: ['118-hr-1246', '118-hr-1532'] });
    expect((m.witnesses as unknown[]).length).toBe(3);
    const xml = run('parse', 'congress-gov-meeting', at('congress-gov-meetings/committee-meeting-116-senate-326051.xml'));
    expect(xml.code).toBe(0);
    expectMeeting(xml.json());
    expect(xml.json()).toMatchObject({ id: 'senate-326051', committees: ['SSFR'], type: 'meeting' });
  });

  it('house-floor-week prints {week_of, bills}', () => {
    const r = run('parse', 'house-floor-week', at('floor-schedule/billsthisweek-20200323-cares-act.xml'));
    expect(r.code).toBe(0);
    expect(r.json()).toEqual({
      week_of: '2020-03-23',
      bills: [
        { id: '116-hr-748', legis_num: 'H.R. 748', title: 'Coronavirus Aid, Relief, and Economic Security Act', category: 'Items that may be considered' },
      ],
    });
  });

  it('committee-membership prints each committee with its seats: id, party, side, rank, title as spelt', () => {
    const r = run('parse', 'committee-membership', at('congress-legislators/committee-membership-current.json'));
    expect(r.code).toBe(0);
    const { committees } = r.json() as { committees: { id: string; members: Record<string, unknown>[] }[] };
    expect(committees).toHaveLength(230);
    const ssaf = committees.find((c) => c.id === 'SSAF');
    expect(Object.keys(ssaf?.members[0] ?? {})).toEqual(['id', 'party', 'side', 'rank', 'title']);
    expect(ssaf?.members[0]).toEqual({ id: 'B001236', party: 'R', side: 'majority', rank: 1, title: 'Chairman' });
    expect(ssaf?.members[1]).toEqual({ id: 'M000355', party: 'R', side: 'majority', rank: 2, title: null });
    const yaml = run('parse', 'committee-membership', at('committees/committee-membership-current-2019-05-03.yaml'));
    expect(yaml.code).toBe(0);
    expect((yaml.json() as { committees: unknown[] }).committees).toHaveLength(222);
  });

  it('senate-floor and house-floor-summary print floor meetings', () => {
    const senate = run('parse', 'senate-floor', at('floor-schedule/senate-floor_schedule-2026-10-05.json'));
    expect(senate.code).toBe(0);
    (senate.json() as unknown[]).forEach(expectMeeting);
    const clerk = run('parse', 'house-floor-summary', at('floor-schedule/clerk-floor-20260327.xml'));
    expect(clerk.code).toBe(0);
    expect((clerk.json() as { status: string }[]).map((m) => m.status)).toEqual(['held', 'scheduled']);
  });

  it.each([
    ['house-meeting', 'not xml', /docs\.house\.gov: House meeting XML is not well-formed XML/],
    ['house-meeting', '<floorschedule/>', /expected <committee-meeting> or <witness-list>, found <floorschedule>/],
    ['senate-hearings', '{"a":1}', /not well-formed XML/],
    ['congress-gov-meeting', '{"committeeMeeting":{"eventId":"x"}}', /malformed committee meeting: field eventId/],
    ['congress-gov-meeting', '', /not JSON/],
    ['house-floor-week', '<floorschedule congress-num="119"/>', /field @_week-date/],
    ['committee-membership', 'HSAG: [{name: A}]', /field HSAG\.0\.bioguide/],
  ])('%s on bad input prints a clear error and exits non-zero', (kind, text, message) => {
    const r = run('parse', kind, file(`bad-${kind}.txt`, text));
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(message);
  });

  it('runs as a command: prints JSON with status 0, and an error with status 1', () => {
    const cwd = path.resolve(import.meta.dirname, '../../..');
    const good = spawnSync('npx', ['tsx', 'local/cli.ts', 'parse', 'house-meeting', at('house-meetings/HMTG-113-RU00-20140519-102252.xml')], {
      cwd,
      encoding: 'utf8',
    });
    expect(good.status).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ id: 'house-102252', bill_ids: ['113-hr-4435', '113-hr-4660'] });
    const bad = spawnSync('npx', ['tsx', 'local/cli.ts', 'parse', 'senate-hearings', file('bad.xml', '<oops>')], { cwd, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/senate\.gov: Senate hearings XML is not well-formed XML/);
  }, 60_000);
});

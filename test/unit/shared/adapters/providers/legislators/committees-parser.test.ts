// congress-legislators' committee files, YAML and JSON: every committee, subcommittee and seat, counted from the payloads.
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseCommitteeMembership, parseCommittees } from '#shared/adapters/providers/legislators/committees.parser.ts';
import { fixture, hasFixtures } from '#test/support/ingest-fixtures.ts';

type RawCommittee = { thomas_id: string; name: string; type: string; subcommittees?: { thomas_id: string; name: string }[] };
type RawSeat = { bioguide: string; party: string; rank?: number; title?: string };
const readJson = (t: string): unknown => JSON.parse(t);
const readYaml = (t: string): unknown => parseYaml(t);

describe.skipIf(!hasFixtures)('congress-legislators committees', () => {
  it.each([
    ['congress-legislators/committees-current.json', readJson],
    ['congress-legislators/committees-current.yaml', readYaml],
    ['committees/committees-current-2019-05-03.yaml', readYaml],
  ] as const)('reads every committee and subcommittee of %s', (file, read) => {
    const raw = read(fixture(file)) as RawCommittee[];
    const expected = raw.flatMap((c) => [c.thomas_id, ...(c.subcommittees ?? []).map((s) => `${c.thomas_id}${s.thomas_id}`)]);
    const parsed = parseCommittees(fixture(file));
    expect(parsed.map((c) => c.id)).toEqual(expected);
    expect(parsed.find((c) => c.id === 'HSAG')).toMatchObject({ chamber: 'house', parent_id: null, name: 'House Committee on Agriculture' });
    const sub = parsed.find((c) => c.id === 'HSAG15');
    expect(sub).toMatchObject({ chamber: 'house', parent_id: 'HSAG' });
    expect(parsed.filter((c) => c.chamber === 'joint').map((c) => c.id)).toEqual(expect.arrayContaining(['JSEC']));
  });

  it('gives the current file 49 committees and 181 subcommittees, the same in YAML and JSON', () => {
    const json = parseCommittees(fixture('congress-legislators/committees-current.json'));
    expect(json.filter((c) => !c.parent_id)).toHaveLength(49);
    expect(json.filter((c) => c.parent_id)).toHaveLength(181);
    expect(
      parseCommittees(fixture('congress-legislators/committees-current.yaml'))
        .map((c) => c.id)
        .sort(),
    ).toEqual(json.map((c) => c.id).sort());
  });

  it.each([
    ['congress-legislators/committee-membership-current.json', readJson, 230, 3879],
    ['committees/committee-membership-current-2019-05-03.yaml', readYaml, 222, 3851],
  ] as const)('reads every seat of %s: side from its party field, rank, and the title as spelt', (file, read, committees, seats) => {
    const raw = read(fixture(file)) as Record<string, RawSeat[]>;
    const parsed = parseCommitteeMembership(fixture(file));
    expect(parsed).toHaveLength(committees);
    expect(parsed.reduce((n, c) => n + c.seats.length, 0)).toBe(seats);
    for (const c of parsed) {
      expect(
        c.seats.map((s) => [s.member_id, s.side, s.rank, s.title]),
        c.committee_id,
      ).toEqual((raw[c.committee_id] ?? []).map((s) => [s.bioguide, s.party, s.rank ?? null, s.title ?? null]));
    }
  });

  it('keeps titles as the source spells them', () => {
    const seats = parseCommitteeMembership(fixture('congress-legislators/committee-membership-current.json')).flatMap((c) => c.seats);
    const titles = new Set(seats.map((s) => s.title));
    for (const t of ['Chairman', 'Chair', 'Ranking Member', 'Vice Chair', 'Vice Chairman', 'Ex Officio', 'Cochairman']) expect(titles).toContain(t);
    expect(seats.find((s) => s.committee_id === 'SSAF' && s.member_id === 'B001236')).toMatchObject({ side: 'majority', rank: 1, title: 'Chairman' });
  });

  it('refuses a file that is not the membership data, naming the field', () => {
    expect(() => parseCommitteeMembership('SSAF:\n- name: A\n  party: majority\n')).toThrow(/bioguide/);
    expect(() => parseCommitteeMembership('{"SSAF":[{"bioguide":"B001236","party":"Republican"}]}')).toThrow(/majority or minority/);
    expect(() => parseCommitteeMembership('{"not a code":[]}')).toThrow(/field not a code/);
    expect(() => parseCommittees('{ broken')).toThrow(/not YAML or JSON/);
  });
});

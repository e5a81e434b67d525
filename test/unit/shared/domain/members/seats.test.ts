/**
 * Who represents a district, decided from the stored members (seats.ts):
 * every state and territory of the real congress-legislators file checked
 * against the seats derived from the file itself, Montana's two districts,
 * the six at-large states and the delegates, departed members, and the
 * providers reporting the district they are given.
 */
import { describe, expect, it } from 'vitest';
import type { Member, MemberTerm } from '#shared/domain/members/member.schema.ts';
import { districtFromGeographies } from '#shared/domain/members/district.ts';
import { congressBeingServed, houseMembersFor, houseSeats, isAtLarge, representativesOf, servingMembers } from '#shared/domain/members/seats.ts';
import { memberFromListItem } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import { parseLegislators } from '#shared/adapters/providers/legislators/legislators-yaml.parser.ts';
import { makeMember } from '#test/support/personal-seed.ts';
import { fixture, hasFixtures } from '../../../../support/ingest-fixtures.ts';

const AT_LARGE = ['AK', 'DE', 'ND', 'SD', 'VT', 'WY'];
const DELEGATES = ['AS', 'DC', 'GU', 'MP', 'PR', 'VI'];

describe.skipIf(!hasFixtures)('seats of every state, against the congress-legislators file', () => {
  const text = hasFixtures ? fixture('congress-legislators/legislators-current.json') : '[]';
  // The file's own word: each state's House seats, read from the raw current terms.
  const raw = JSON.parse(text) as { id: { bioguide: string }; terms: { type: string; state: string; district?: number }[] }[];
  const seatsInFile = new Map<string, Map<number, string[]>>();
  for (const l of raw) {
    const t = l.terms[l.terms.length - 1];
    if (t?.type !== 'rep' || t.district === undefined) continue;
    const seats = seatsInFile.get(t.state) ?? new Map<number, string[]>();
    seats.set(t.district, [...(seats.get(t.district) ?? []), l.id.bioguide]);
    seatsInFile.set(t.state, seats);
  }
  const members = parseLegislators(text, '2025-06-01T00:00:00Z');
  const byState = new Map<string, Member[]>();
  for (const m of members) byState.set(m.state, [...(byState.get(m.state) ?? []), m]);

  it('calls a state at-large exactly when the file gives it one House seat: the six states and the six delegates, not Montana', () => {
    expect(seatsInFile.size).toBe(56);
    for (const [state, seats] of seatsInFile) {
      expect(isAtLarge(byState.get(state) ?? []), state).toBe(seats.size === 1);
      expect(
        houseSeats(byState.get(state) ?? []).sort((a, b) => (a ?? 0) - (b ?? 0)),
        state,
      ).toEqual([...seats.keys()].sort((a, b) => a - b));
    }
    const atLarge = [...byState.keys()].filter((s) => isAtLarge(byState.get(s) ?? [])).sort();
    expect(atLarge).toEqual([...AT_LARGE, ...DELEGATES].sort());
    expect(houseSeats(byState.get('MT') ?? []).sort()).toEqual([1, 2]);
  });

  it("answers each seat of each state with that seat's member and the state's senators", () => {
    for (const [state, seats] of seatsInFile) {
      const delegation = byState.get(state) ?? [];
      const senators = delegation.filter((m) => m.chamber === 'senate').map((m) => m.id);
      expect(senators.length, state).toBe(DELEGATES.includes(state) ? 0 : 2);
      for (const [district, ids] of seats) {
        const reps = representativesOf(delegation, district);
        expect(
          reps.filter((m) => m.chamber === 'house').map((m) => m.id),
          `${state}-${district}`,
        ).toEqual(ids);
        expect(
          reps.filter((m) => m.chamber === 'senate').map((m) => m.id),
          `${state}-${district}`,
        ).toEqual(senators);
      }
    }
  });

  it('gives each at-large state and territory its one member, whatever number the lookup names, and Montana none for district 0', () => {
    for (const state of [...AT_LARGE, ...DELEGATES]) {
      const delegation = byState.get(state) ?? [];
      for (const asked of [0, 1]) expect(houseMembersFor(delegation, asked), `${state} asked ${asked}`).toHaveLength(1);
    }
    const mt = byState.get('MT') ?? [];
    expect(houseMembersFor(mt, 1).map((m) => m.name)).toEqual(['Zinke, Ryan']);
    expect(houseMembersFor(mt, 2).map((m) => m.name)).toEqual(['Downing, Troy']);
    // The old list forced Montana to district 0, which no stored member holds: only the senators came back.
    expect(houseMembersFor(mt, 0)).toEqual([]);
  });

  it('reads the district the file gives: Montana 1 and 2, at-large seats 0', () => {
    const mtHouse = members.filter((m) => m.state === 'MT' && m.chamber === 'house');
    expect(mtHouse.map((m) => m.district).sort()).toEqual([1, 2]);
    expect(members.filter((m) => m.chamber === 'house' && AT_LARGE.includes(m.state)).map((m) => m.district)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

const term = (congress: number, chamber: 'house' | 'senate' = 'house', district: number | null = 1): MemberTerm => ({
  chamber,
  congress,
  start_year: null,
  end_year: null,
  state: 'MT',
  district,
  party: null,
});

describe('seats from stored members', () => {
  it('leaves out a member whose terms ended before the congress being served, and keeps members with no terms', () => {
    const left = makeMember('R000103', 'R000103', { state: 'MT', chamber: 'house', district: 2, terms: [term(117), term(118, 'house', 2)] });
    const now = makeMember('D000634', 'D000634', { state: 'MT', chamber: 'house', district: 2, terms: [term(119, 'house', 2)] });
    const unknown = makeMember('Z000018', 'Z000018', { state: 'MT', chamber: 'house', district: 1, terms: [] });
    // A senator whose six-year term began two congresses ago still serves; one whose term ended does not.
    const senator = makeMember('D000618', 'D000618', {
      state: 'MT',
      chamber: 'senate',
      district: null,
      terms: [{ ...term(117, 'senate', null), start_year: 2021, end_year: 2027 }],
    });
    const formerSenator = makeMember('T000464', 'T000464', {
      state: 'MT',
      chamber: 'senate',
      district: null,
      terms: [{ ...term(116, 'senate', null), start_year: 2019, end_year: 2025 }],
    });
    const all = [left, now, unknown, senator, formerSenator];
    expect(congressBeingServed(all)).toBe(119);
    expect(servingMembers(all).map((m) => m.id)).toEqual(['D000634', 'Z000018', 'D000618']);
    expect(representativesOf(all, 2).map((m) => m.id)).toEqual(['D000618', 'D000634']);
    expect(isAtLarge(all)).toBe(false);
  });

  it('leaves out a departed member (no longer in office) even when no terms of theirs are stored', () => {
    const departed = makeMember('R000103', 'R000103', { state: 'MT', chamber: 'house', district: 2, terms: [], in_office: false });
    const sitting = makeMember('D000634', 'D000634', { state: 'MT', chamber: 'house', district: 2, terms: [term(119, 'house', 2)] });
    const other = makeMember('Z000018', 'Z000018', { state: 'MT', chamber: 'house', district: 1, terms: [term(119, 'house', 1)] });
    expect(servingMembers([departed, sitting, other]).map((m) => m.id)).toEqual(['D000634', 'Z000018']);
    expect(representativesOf([departed, sitting, other], 2).map((m) => m.id)).toEqual(['D000634']);
  });

  it('takes a single unnumbered seat, or a single seat numbered 1 when the lookup says at-large, as the state seat', () => {
    const unnumbered = [makeMember('H001096', 'H001096', { state: 'WY', chamber: 'house', district: null })];
    expect(isAtLarge(unnumbered)).toBe(true);
    expect(houseMembersFor(unnumbered, 0)).toHaveLength(1);
    const numberedOne = [makeMember('B001318', 'B001318', { state: 'VT', chamber: 'house', district: 1 })];
    expect(isAtLarge(numberedOne)).toBe(false);
    expect(houseMembersFor(numberedOne, 0)).toHaveLength(1);
    // A two-seat state with one seat vacant: the other seat's member does not answer for it.
    expect(houseMembersFor(numberedOne, 2)).toEqual([]);
  });

  it('reads the district the boundary service names, Montana included, and the codes 00 and 98 as 0', () => {
    const layer = (f: Record<string, unknown>) => ({ result: { geographies: { '119th Congressional Districts': [f] } } });
    expect(districtFromGeographies(layer({ GEOID: '3001' }), 119)).toEqual({ state: 'MT', district: 1 });
    expect(districtFromGeographies(layer({ GEOID: '3002' }), 119)).toEqual({ state: 'MT', district: 2 });
    expect(districtFromGeographies(layer({ GEOID: '0200' }), 119)).toEqual({ state: 'AK', district: 0 });
    expect(districtFromGeographies(layer({ GEOID: '7298' }), 119)).toEqual({ state: 'PR', district: 0 });
  });

  it('keeps the district the Congress.gov list gives, and none when it gives none', () => {
    const item = {
      bioguideId: 'D000634',
      name: 'Downing, Troy',
      state: 'Montana',
      partyName: 'Republican',
      terms: { item: [{ chamber: 'House of Representatives', startYear: 2025 }] },
    };
    expect(memberFromListItem({ ...item, district: 2 }, '2025-06-01T00:00:00Z').district).toBe(2);
    expect(memberFromListItem({ ...item, state: 'Alaska' }, '2025-06-01T00:00:00Z').district).toBeNull();
  });
});

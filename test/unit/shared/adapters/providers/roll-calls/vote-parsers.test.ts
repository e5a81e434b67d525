import { describe, expect, it } from 'vitest';
import { parseHouseVote } from '#shared/adapters/providers/roll-calls/house-vote.parser.ts';
import { parseLegislators } from '#shared/adapters/providers/legislators/legislators-yaml.parser.ts';
import { parseSenateVote, resolveSenateIds } from '#shared/adapters/providers/roll-calls/senate-vote.parser.ts';
import { voteKind } from '#shared/domain/votes/vote-kind.ts';
import { ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';
import { HOUSE_ROLL_2023_037, SENATE_VOTE_119_1_007 } from '../../../../../../local/fixtures/seed-documents.ts';
import { fixture, hasFixtures } from '../../../../../support/ingest-fixtures.ts';

describe.skipIf(!hasFixtures)('roll-call parsers on the real recordings', () => {
  it('reads a modern House file with Bioguide name-ids (Committee of the Whole)', () => {
    const v = parseHouseVote(fixture('house-votes/roll-2023-037-committee-of-the-whole.excerpt.xml'));
    expect(v).toMatchObject({
      chamber: 'house',
      congress: 118,
      session: 1,
      roll_number: 37,
      date: '2023-01-26',
      question: 'On Agreeing to the Amendment',
      result: 'Failed',
      yea: 205,
      nay: 220,
      present: 0,
      not_voting: 15,
      bill: { type: 'hr', number: 21 },
    });
    expect(v.positions).toHaveLength(8);
    expect(v.positions[0]).toEqual({ member_id: 'A000370', lis_id: null, name: 'Adams', party: 'D', state: 'NC', position: 'Yea', choice: null });
    expect(v.positions.find((p) => p.state === 'XX')?.position).toBe('Not Voting');
  });

  it('reads a 1990 House file without ids and with the Aye/No vocabulary', () => {
    const v = parseHouseVote(fixture('house-votes/roll-1990-010.xml'));
    expect(v).toMatchObject({ congress: 101, session: 2, roll_number: 10, date: '1990-02-06', yea: 156, nay: 265, not_voting: 10 });
    expect(v.positions).toHaveLength(431);
    expect(v.positions.every((p) => p.member_id === null)).toBe(true);
    expect(new Set(v.positions.map((p) => p.position))).toEqual(new Set(['Yea', 'Nay', 'Not Voting']));
    expect(voteKind(v.question)).toBe('procedural');
  });

  it.each([
    ['senate-votes/vote_119_1_00007.xml', { roll_number: 7, yea: 64, nay: 35, bill: { type: 's', number: 5 } }, 'passage'],
    ['senate-votes/vote_119_1_00001.xml', { roll_number: 1 }, 'procedural'],
    ['senate-votes/vote_119_1_00008.xml', { roll_number: 8, bill: null }, 'nomination'],
    ['senate-votes/vote_111_2_00289.xml', { congress: 111, session: 2, roll_number: 289 }, 'passage'],
    ['senate-votes/vote_111_2_00298.xml', { roll_number: 298, yea: 71, nay: 26, not_voting: 3 }, 'passage'],
  ])('reads the Senate file %s', (file, expected, kind) => {
    const v = parseSenateVote(fixture(file));
    expect(v).toMatchObject({ chamber: 'senate', ...expected });
    expect(v.positions.length).toBe(v.yea + v.nay + v.present + v.not_voting);
    expect(v.positions.every((p) => /^S\d+$/.test(p.lis_id ?? ''))).toBe(true);
    expect(voteKind(v.question)).toBe(kind);
  });

  it('reads a live pair whose <vote_cast> carries attributes as a Present position', () => {
    const xml = fixture('senate-votes/vote_119_1_00007.xml');
    const paired = xml.replace('<vote_cast>Nay</vote_cast>', '<vote_cast crp=" " pair="S375">Present, Giving Live Pair</vote_cast>');
    expect(paired).not.toBe(xml);
    const v = parseSenateVote(paired);
    const plain = parseSenateVote(xml);
    const i = plain.positions.findIndex((p) => p.position === 'Nay');
    expect(v.positions[i]).toEqual({ ...plain.positions[i], position: 'Present' });
    expect(v.positions).toHaveLength(plain.positions.length);
  });

  it('maps Senate LIS ids to Bioguide ids with the ids the member data carries', () => {
    const lis = new Map(
      parseLegislators(fixture('congress-legislators/legislators-current.json')).flatMap((m) => (m.lis_id ? [[m.lis_id, m.id] as [string, string]] : [])),
    );
    const v = resolveSenateIds(parseSenateVote(fixture('senate-votes/vote_119_1_00007.xml')), lis);
    expect(v.positions.find((p) => p.lis_id === 'S413')?.member_id).toBe('P000145');
    expect(v.positions.filter((p) => p.member_id).length).toBeGreaterThan(95);
  });
});

describe('roll-call parsers on the project fixtures and broken input', () => {
  it('reads the seed roll calls', () => {
    expect(parseHouseVote(HOUSE_ROLL_2023_037).positions.map((p) => p.position)).toEqual(['Yea', 'Nay']);
    expect(parseSenateVote(SENATE_VOTE_119_1_007)).toMatchObject({ not_voting: 1, present: 0, vote_type: '1/2 majority' });
  });

  it('names the provider and the field of a malformed file', () => {
    const noRoll = HOUSE_ROLL_2023_037.replace('<rollcall-num>37</rollcall-num>', '<rollcall-num>x</rollcall-num>');
    expect(() => parseHouseVote(noRoll)).toThrow(/house-clerk: malformed roll call: field vote-metadata\.rollcall-num/);
    const badCast = SENATE_VOTE_119_1_007.replace('<vote_cast>Nay</vote_cast>', '<vote_cast>Maybe</vote_cast>');
    expect(() => parseSenateVote(badCast)).toThrow(/senate-lis: .*vote_cast: unknown vote "Maybe"/);
    expect(() => parseSenateVote(SENATE_VOTE_119_1_007.replace('January 20, 2025', 'sometime'))).toThrow(/field vote_date/);
  });

  it('fails clearly on a truncated file instead of returning a partial vote', () => {
    expect(() => parseHouseVote(HOUSE_ROLL_2023_037.slice(0, 400))).toThrow(ProviderError);
    expect(() => parseSenateVote(SENATE_VOTE_119_1_007.slice(0, 600))).toThrow(ProviderError);
    expect(() => parseSenateVote('<html>Service unavailable</html>')).toThrow(/senate-lis: malformed roll call: field roll_call_vote/);
  });
});

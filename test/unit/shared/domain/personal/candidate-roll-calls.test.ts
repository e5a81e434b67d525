import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alignMember } from '#shared/domain/personal/alignment-math.ts';
import { rollCallFrom } from '#shared/domain/votes/roll-call.ts';
import { parseHouseVote } from '#shared/adapters/providers/roll-calls/house-vote.parser.ts';
import { ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';
import { main } from '../../../../../local/cli.ts';

const SPEAKER_FILE = path.resolve(import.meta.dirname, '../../../../fixtures/house-vote-118-1-002-speaker-election.excerpt.xml');
const speakerXml = readFileSync(SPEAKER_FILE, 'utf8');

/** A call of the House (a quorum call) in the clerk's format: every member answers Present or does not vote. */
const QUORUM_CALL = `<rollcall-vote><vote-metadata><congress>104</congress><session>1st</session><rollcall-num>80</rollcall-num>
<legis-num>QUORUM</legis-num><vote-question>Call of the House</vote-question><vote-type>QUORUM</vote-type><vote-result></vote-result>
<action-date>7-Feb-1995</action-date><vote-totals>
<totals-by-candidate><candidate>Present</candidate><candidate-total>2</candidate-total></totals-by-candidate>
<totals-by-candidate><candidate>Not Voting</candidate><candidate-total>1</candidate-total></totals-by-candidate>
</vote-totals></vote-metadata><vote-data>
<recorded-vote><legislator party="D" state="CA" role="legislator">Becerra</legislator><vote>Present</vote></recorded-vote>
<recorded-vote><legislator party="R" state="TX" role="legislator">Armey</legislator><vote>Present</vote></recorded-vote>
<recorded-vote><legislator party="R" state="GA" role="legislator">Gingrich</legislator><vote>Not Voting</vote></recorded-vote>
</vote-data></rollcall-vote>`;

describe('House roll calls counted per candidate', () => {
  it("parses an election of the Speaker with each member's choice and the candidate totals", () => {
    const v = parseHouseVote(speakerXml);
    expect(v).toMatchObject({
      congress: 118,
      session: 1,
      roll_number: 2,
      question: 'Election of the Speaker',
      result: 'No Election',
      tally_kind: 'candidates',
      bill: null,
      yea: 0,
      nay: 0,
      present: 0,
      not_voting: 0,
    });
    expect(v.candidate_totals).toEqual([
      { candidate: 'Jeffries', total: 212 },
      { candidate: 'McCarthy', total: 203 },
      { candidate: 'Biggs', total: 10 },
      { candidate: 'Jordan', total: 6 },
      { candidate: 'Present', total: 0 },
      { candidate: 'Not Voting', total: 0 },
    ]);
    expect(v.positions.map((p) => [p.member_id, p.position, p.choice])).toEqual([
      ['A000370', 'Candidate', 'Jeffries'],
      ['A000055', 'Candidate', 'McCarthy'],
      ['G000565', 'Candidate', 'Biggs'],
    ]);
  });

  it('parses a call of the House: Present and Not Voting are positions, with their totals', () => {
    const v = parseHouseVote(QUORUM_CALL);
    expect(v).toMatchObject({ tally_kind: 'candidates', present: 2, not_voting: 1, yea: 0, nay: 0, bill: null });
    expect(v.positions.map((p) => [p.name, p.position, p.choice])).toEqual([
      ['Becerra', 'Present', null],
      ['Armey', 'Present', null],
      ['Gingrich', 'Not Voting', null],
    ]);
  });

  it('refuses a recorded vote for someone who is not a candidate of the roll call', () => {
    expect(() => parseHouseVote(speakerXml.replace('<vote>Biggs</vote>', '<vote>Nobody</vote>'))).toThrow(ProviderError);
  });

  it('stores them as an election or a quorum call, never as a passage vote', () => {
    const speaker = rollCallFrom(parseHouseVote(speakerXml), null, null, '2023-01-03T20:00:00Z');
    expect(speaker.rollCall).toMatchObject({
      kind: 'election',
      tally_kind: 'candidates',
      candidate_totals: expect.arrayContaining([{ candidate: 'Jeffries', total: 212 }]),
    });
    expect(speaker.positions[0]).toMatchObject({ member_id: 'A000370', position: 'Candidate', choice: 'Jeffries' });
    expect(rollCallFrom(parseHouseVote(QUORUM_CALL), null, null, '1995-02-07T20:00:00Z').rollCall.kind).toBe('quorum');
  });

  it('never counts toward alignment, even on a stanced bill', () => {
    const { rollCall, positions } = rollCallFrom(parseHouseVote(speakerXml), '118-hr-1', null, '2023-01-03T20:00:00Z');
    const recorded = positions.map((p) => ({
      ...p,
      vote_id: rollCall.vote_id,
      bill_id: '118-hr-1',
      date: rollCall.date,
      question: rollCall.question,
      vote_type: rollCall.vote_type,
      result: rollCall.result,
    }));
    const a = alignMember('A000370', [{ bill_id: '118-hr-1', stance: 'hold_boost', since: '2023-01-01T00:00:00Z' }], recorded.slice(0, 1));
    expect(a.comparable).toBe(false);
    expect(a.votes[0]).toMatchObject({ vote_class: 'procedural', bucket: 'procedural' });
  });

  it('prints through npm run cli -- parse house-vote', () => {
    let out = '';
    const code = main(
      ['parse', 'house-vote', SPEAKER_FILE],
      (s) => (out += s),
      () => undefined,
    );
    expect(code).toBe(0);
    const printed = JSON.parse(out) as { candidate_totals: unknown[]; positions: { choice: string }[] };
    expect(printed.candidate_totals).toHaveLength(6);
    expect(printed.positions.map((p) => p.choice)).toEqual(['Jeffries', 'McCarthy', 'Biggs']);
  });
});

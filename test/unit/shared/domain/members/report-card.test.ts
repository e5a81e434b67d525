/**
 * The report card's counting rules (shared/domain/members/report-card.ts):
 * how far a bill went from its status, the party majority of a roll call,
 * votes cast, missed and with the party against the roll calls that list
 * the member, and cosponsorships across the aisle among the bills whose
 * parties are known.
 */
import { describe, expect, it } from 'vitest';
import { billReach, chamberVotes, reportCard } from '#shared/domain/members/report-card.ts';
import { partyMajorities } from '#shared/domain/votes/party-majority.ts';
import type { MemberVote } from '#shared/domain/votes/vote.schema.ts';

const vote = (n: number, position: MemberVote['position'], party_majority: 'Yea' | 'Nay' | null | undefined, extra: Partial<MemberVote> = {}): MemberVote => ({
  member_id: 'A000001',
  name: 'Able, Ann',
  party: 'D',
  state: 'VT',
  position,
  vote_id: `house-114-1-${n}`,
  bill_id: '114-hr-1',
  chamber: 'house',
  date: `2015-03-${String(n).padStart(2, '0')}`,
  question: `Question ${n}`,
  vote_type: null,
  kind: 'passage',
  result: 'Passed',
  party_majority,
  ...extra,
});

describe('how far a bill went', () => {
  it('reads the furthest step from the status: a veto passed, a failed first vote reached the floor', () => {
    expect(billReach('INTRODUCED')).toBe('introduced');
    expect(billReach('REFERRED')).toBe('introduced');
    expect(billReach('REPORTED')).toBe('committee');
    expect(billReach('FAIL:ORIGINATING:HOUSE')).toBe('floor');
    expect(billReach('PROV_KILL:SUSPENSIONFAILED')).toBe('floor');
    expect(billReach('PASS_OVER:SENATE')).toBe('passed_one_chamber');
    expect(billReach('FAIL:SECOND:SENATE')).toBe('passed_one_chamber');
    expect(billReach('PASSED:SIMPLERES')).toBe('passed');
    expect(billReach('PROV_KILL:VETO')).toBe('passed');
    expect(billReach('VETOED:OVERRIDE_FAIL_ORIGINATING:SENATE')).toBe('passed');
    expect(billReach('ENACTED:VETO_OVERRIDE')).toBe('law');
  });
});

describe('the party majority of a roll call', () => {
  it('is the position more of the party took; a tie or no yea or nay is none', () => {
    const m = partyMajorities([
      { party: 'D', position: 'Yea' },
      { party: 'D', position: 'Yea' },
      { party: 'D', position: 'Nay' },
      { party: 'R', position: 'Nay' },
      { party: 'R', position: 'Yea' },
      { party: 'I', position: 'Not Voting' },
      { party: null, position: 'Yea' },
    ]);
    expect(Object.fromEntries(m)).toEqual({ D: 'Yea', R: null, I: null });
  });
});

describe('the vote figures of a chamber', () => {
  it('counts every roll call listing the member once: cast, missed (Not Voting), and with the party on the yea-or-nay votes a party majority decided', () => {
    const votes = [
      vote(1, 'Yea', 'Yea'),
      vote(2, 'Nay', 'Yea'),
      vote(3, 'Not Voting', 'Nay'),
      vote(4, 'Present', 'Yea'),
      vote(5, 'Yea', null),
      vote(6, 'Nay', 'Nay'),
      vote(6, 'Nay', 'Nay'),
      vote(7, 'Yea', undefined),
      vote(8, 'Yea', 'Yea', { chamber: 'senate', vote_id: 'senate-114-1-8' }),
    ];
    const house = chamberVotes('house', votes);
    expect(house).toMatchObject({
      roll_calls: 7,
      cast: 6,
      missed: 1,
      party: 'D',
      party_votes: 3,
      with_party: 2,
      first_date: '2015-03-01',
      last_date: '2015-03-07',
    });
    expect(house.missed_share).toBeCloseTo(1 / 7);
    expect(house.with_party_share).toBeCloseTo(2 / 3);
    expect(house.missed_votes.map((v) => v.vote_id)).toEqual(['house-114-1-3']);
    expect(house.against_party_votes.map((v) => [v.vote_id, v.position])).toEqual([['house-114-1-2', 'Nay']]);
  });

  it('tells no party figure for an independent, and no share on nothing', () => {
    const independent = chamberVotes('senate', [vote(1, 'Yea', 'Nay', { chamber: 'senate', party: 'I' })]);
    expect(independent).toMatchObject({ party: 'I', party_votes: 0, with_party: 0, with_party_share: null });
    expect(chamberVotes('house', [])).toMatchObject({ roll_calls: 0, missed_share: null, first_date: null });
  });
});

describe('a report card', () => {
  it('sorts sponsored bills furthest first, counts them by reach, and finds cosponsorships across the aisle among known parties', () => {
    const card = reportCard({
      congress: 114,
      computedAt: '2026-01-01T00:00:00.000Z',
      positions: [vote(1, 'Yea', 'Yea'), vote(2, 'Yea', 'Yea', { chamber: 'senate', vote_id: 'senate-114-1-2' })],
      sponsored: [
        { id: '114-hr-2', label: 'H.R. 2', title: 'Two', short_title: null, status: 'REFERRED' },
        { id: '114-hr-1', label: 'H.R. 1', title: 'One', short_title: 'One Act', status: 'ENACTED:SIGNED' },
      ],
      cosponsored: [
        { bill_id: '114-hr-3', label: 'H.R. 3', member_party: 'D', sponsor_party: 'R' },
        { bill_id: '114-hr-4', label: 'H.R. 4', member_party: 'D', sponsor_party: 'D' },
        { bill_id: '114-hr-5', label: 'H.R. 5', member_party: 'D', sponsor_party: 'I' },
        { bill_id: '114-hr-6', label: 'H.R. 6', member_party: 'D', sponsor_party: null },
      ],
    });
    expect(card.votes.map((v) => [v.chamber, v.roll_calls])).toEqual([
      ['house', 1],
      ['senate', 1],
    ]);
    expect(card.sponsored.items.map((b) => [b.bill_id, b.title, b.reach])).toEqual([
      ['114-hr-1', 'One Act', 'law'],
      ['114-hr-2', 'Two', 'introduced'],
    ]);
    expect(card.sponsored.by_reach).toMatchObject({ law: 1, introduced: 1, passed: 0 });
    expect(card.cosponsored).toEqual({
      bills: 4,
      with_known_parties: 2,
      across_the_aisle: 1,
      across_share: 0.5,
      across_items: [{ bill_id: '114-hr-3', label: 'H.R. 3', sponsor_party: 'R' }],
    });
  });
});

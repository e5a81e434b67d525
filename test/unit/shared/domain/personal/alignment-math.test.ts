import { describe, expect, it } from 'vitest';
import { alignMember, castBefore, rankAlignments, type RecordedPosition, type StanceOnBill } from '#shared/domain/personal/alignment-math.ts';

const stances: StanceOnBill[] = [
  { bill_id: '119-hr-1', stance: 'hold_boost', since: '2026-01-10T15:00:00Z' },
  { bill_id: '119-s-5', stance: 'hold_veto', since: '2026-01-10T15:00:00Z' },
];

const vote = (over: Partial<RecordedPosition> & Pick<RecordedPosition, 'vote_id' | 'bill_id' | 'position'>): RecordedPosition => ({
  date: '2026-02-01',
  question: 'On Passage',
  vote_type: null,
  result: 'Passed',
  ...over,
});

describe('alignment of one member', () => {
  it('counts a Yea on a hold_boost bill and a Nay on a hold_veto bill as matches', () => {
    const a = alignMember('M1', stances, [
      vote({ vote_id: 'v1', bill_id: '119-hr-1', position: 'Yea' }),
      vote({ vote_id: 'v2', bill_id: '119-s-5', position: 'Nay' }),
    ]);
    expect(a.alignment).toEqual({ compared: 2, matched: 2, percent: 100 });
    expect(a.comparable).toBe(true);
    expect(a.votes.map((v) => [v.vote_id, v.wanted, v.outcome, v.bucket])).toEqual([
      ['v1', 'Yea', 'matched', 'counted'],
      ['v2', 'Nay', 'matched', 'counted'],
    ]);
  });

  it('counts a vote against the stance as differing, with one decimal in the percentage', () => {
    const a = alignMember('M1', stances, [
      vote({ vote_id: 'v1', bill_id: '119-hr-1', position: 'Nay' }),
      vote({ vote_id: 'v2', bill_id: '119-s-5', position: 'Nay' }),
      vote({ vote_id: 'v3', bill_id: '119-s-5', position: 'Aye', question: 'On the Conference Report' }),
    ]);
    expect(a.alignment).toEqual({ compared: 3, matched: 1, percent: 33.3 });
  });

  it('shows procedural votes apart and never counts them', () => {
    const a = alignMember('M1', stances, [
      vote({ vote_id: 'v1', bill_id: '119-hr-1', position: 'Nay', question: 'On Motion to Recommit' }),
      vote({ vote_id: 'v2', bill_id: '119-hr-1', position: 'Nay', question: 'On the Cloture Motion' }),
      vote({ vote_id: 'v3', bill_id: '119-hr-1', position: 'Yea', question: 'On Ordering the Previous Question' }),
    ]);
    expect(a.procedural_votes).toBe(3);
    expect(a.alignment).toEqual({ compared: 0, matched: 0, percent: null });
    expect(a.comparable).toBe(false);
    expect(a.votes).toHaveLength(3);
  });

  it('counts every passage vote whenever it was cast, and splits the count before and after the stance', () => {
    const a = alignMember('M1', stances, [
      vote({ vote_id: 'old', bill_id: '119-hr-1', position: 'Yea', date: '2026-01-05' }),
      vote({ vote_id: 'sameday', bill_id: '119-hr-1', position: 'Yea', date: '2026-01-10' }),
      vote({ vote_id: 'new', bill_id: '119-hr-1', position: 'Nay', date: '2026-01-20' }),
    ]);
    expect(a.alignment).toEqual({ compared: 3, matched: 2, percent: 66.7 });
    expect(a.before_stance).toEqual({ compared: 2, matched: 2, percent: 100 });
    expect(a.after_stance).toEqual({ compared: 1, matched: 0, percent: 0 });
    const sameDay = a.votes.find((v) => v.vote_id === 'sameday');
    expect([sameDay?.bucket, sameDay?.timing]).toEqual(['counted', 'before_stance']);
  });

  it('is comparable for someone who took the stance after the only vote (the usual case)', () => {
    const a = alignMember('M1', stances, [vote({ vote_id: 'passed', bill_id: '119-s-5', position: 'Nay', date: '2025-12-01' })]);
    expect(a.comparable).toBe(true);
    expect(a.alignment).toEqual({ compared: 1, matched: 1, percent: 100 });
  });

  it('lists not voting and present without counting them', () => {
    const a = alignMember('M1', stances, [
      vote({ vote_id: 'v1', bill_id: '119-hr-1', position: 'Not Voting' }),
      vote({ vote_id: 'v2', bill_id: '119-s-5', position: 'Present' }),
    ]);
    expect(a.not_voting).toBe(2);
    expect(a.alignment.compared).toBe(0);
  });

  it('ignores positions on bills the user has no stance on', () => {
    const a = alignMember('M1', stances, [vote({ vote_id: 'v9', bill_id: '119-hr-999', position: 'Yea' })]);
    expect(a.votes).toEqual([]);
  });
});

describe('castBefore', () => {
  it('compares full timestamps when the vote has one', () => {
    expect(castBefore('2026-01-10T14:59:00Z', '2026-01-10T15:00:00Z')).toBe(true);
    expect(castBefore('2026-01-10T15:01:00Z', '2026-01-10T15:00:00Z')).toBe(false);
  });

  it('treats a date-only vote on the stance day as before it', () => {
    expect(castBefore('2026-01-10', '2026-01-10T15:00:00Z')).toBe(true);
    expect(castBefore('2026-01-11', '2026-01-10T15:00:00Z')).toBe(false);
  });
});

describe('ranking', () => {
  it('ranks by percentage, then by votes compared, and lists members without comparable votes last', () => {
    const m = (id: string, positions: RecordedPosition[]) => alignMember(id, stances, positions);
    const ranked = rankAlignments([
      m('NONE', []),
      m('HALF', [vote({ vote_id: 'a', bill_id: '119-hr-1', position: 'Yea' }), vote({ vote_id: 'b', bill_id: '119-s-5', position: 'Yea' })]),
      m('FULL1', [vote({ vote_id: 'a', bill_id: '119-hr-1', position: 'Yea' })]),
      m('FULL2', [vote({ vote_id: 'a', bill_id: '119-hr-1', position: 'Yea' }), vote({ vote_id: 'b', bill_id: '119-s-5', position: 'Nay' })]),
      m('ZERO', [vote({ vote_id: 'a', bill_id: '119-hr-1', position: 'Nay' })]),
    ]);
    expect(ranked.map((r) => r.member_id)).toEqual(['FULL2', 'FULL1', 'HALF', 'ZERO', 'NONE']);
    expect(ranked.at(-1)?.comparable).toBe(false);
  });
});

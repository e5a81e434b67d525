/**
 * Alignment math, pure. For each followed member, compare their recorded
 * positions on the user's stanced bills with the stance: hold_boost wants Yea
 * on passage, hold_veto wants Nay. Rules:
 * - only passage votes count; procedural votes are listed apart;
 * - every passage vote on a stanced bill counts, whenever it was cast: most
 *   people follow a bill after its vote, and the member's record is the
 *   same either way. Whether each vote came before or after the user took
 *   the stance (mode_set_at) is a breakdown (two sub-tallies), not a filter;
 * - not voting / present is listed and never counted;
 * - every percentage comes with the per-vote breakdown behind it;
 * - members with no comparable vote are ranked last and marked.
 */
import { classifyPosition, classifyVote, type PositionClass, type VoteClass } from '#shared/domain/votes/vote-classification.ts';

export type Stance = 'hold_boost' | 'hold_veto';

export interface StanceOnBill {
  bill_id: string;
  stance: Stance;
  /** ISO time the stance was taken (the follow's mode_set_at). */
  since: string;
}

export interface RecordedPosition {
  vote_id: string;
  bill_id: string;
  /** YYYY-MM-DD or ISO date-time of the roll call. */
  date: string;
  question: string;
  vote_type?: string | null;
  result?: string | null;
  position: string;
}

export type VoteOutcome = 'matched' | 'differed' | 'not_voting';
/** Where a vote lands in the breakdown. */
export type VoteBucket = 'counted' | 'procedural' | 'not_voting';
/** When a vote was cast, relative to the user taking the stance. */
export type StanceTiming = 'before_stance' | 'after_stance';

export interface BreakdownRow {
  vote_id: string;
  bill_id: string;
  date: string;
  question: string;
  result: string | null;
  vote_class: VoteClass;
  position: string;
  position_class: PositionClass;
  stance: Stance;
  wanted: 'Yea' | 'Nay';
  outcome: VoteOutcome;
  bucket: VoteBucket;
  timing: StanceTiming;
}

export interface Tally {
  compared: number;
  matched: number;
  /** 0-100, one decimal; null when nothing was compared. */
  percent: number | null;
}

export interface MemberAlignment {
  member_id: string;
  /** False when no counted vote exists: such members are ranked last. */
  comparable: boolean;
  /** Every counted vote. */
  alignment: Tally;
  /** The counted votes cast before the stance was taken, and those cast after it: together, `alignment`. */
  before_stance: Tally;
  after_stance: Tally;
  procedural_votes: number;
  not_voting: number;
  votes: BreakdownRow[];
}

const tally = (rows: BreakdownRow[]): Tally => {
  const compared = rows.length;
  const matched = rows.filter((r) => r.outcome === 'matched').length;
  return { compared, matched, percent: compared ? Math.round((matched / compared) * 1000) / 10 : null };
};

/**
 * Whether a vote was cast before the stance was taken. With a full timestamp
 * the times are compared; a date-only vote on the stance's own day counts as
 * before, since the user may have seen its outcome (no hindsight credit).
 */
export function castBefore(voteDate: string, since: string): boolean {
  if (voteDate.length > 10) {
    const v = Date.parse(voteDate);
    const s = Date.parse(since);
    if (!Number.isNaN(v) && !Number.isNaN(s)) return v < s;
  }
  return voteDate.slice(0, 10) <= since.slice(0, 10);
}

/** Compares one member's positions with the user's stances. */
export function alignMember(memberId: string, stances: StanceOnBill[], positions: RecordedPosition[]): MemberAlignment {
  const byBill = new Map(stances.map((s) => [s.bill_id, s]));
  const rows: BreakdownRow[] = [];
  for (const p of positions) {
    const stance = byBill.get(p.bill_id);
    if (!stance) continue;
    const voteClass = classifyVote(p.question, p.vote_type);
    const positionClass = classifyPosition(p.position);
    const wanted = stance.stance === 'hold_boost' ? 'Yea' : 'Nay';
    const outcome: VoteOutcome = positionClass === 'not_voting' ? 'not_voting' : (positionClass === 'yea') === (wanted === 'Yea') ? 'matched' : 'differed';
    const bucket: VoteBucket = voteClass === 'procedural' ? 'procedural' : outcome === 'not_voting' ? 'not_voting' : 'counted';
    rows.push({
      vote_id: p.vote_id,
      bill_id: p.bill_id,
      date: p.date,
      question: p.question,
      result: p.result ?? null,
      vote_class: voteClass,
      position: p.position,
      position_class: positionClass,
      stance: stance.stance,
      wanted,
      outcome,
      bucket,
      timing: castBefore(p.date, stance.since) ? 'before_stance' : 'after_stance',
    });
  }
  rows.sort((a, b) => (a.date === b.date ? a.vote_id.localeCompare(b.vote_id) : a.date < b.date ? 1 : -1));
  const counted = rows.filter((r) => r.bucket === 'counted');
  return {
    member_id: memberId,
    comparable: counted.length > 0,
    alignment: tally(counted),
    before_stance: tally(counted.filter((r) => r.timing === 'before_stance')),
    after_stance: tally(counted.filter((r) => r.timing === 'after_stance')),
    procedural_votes: rows.filter((r) => r.bucket === 'procedural').length,
    not_voting: rows.filter((r) => r.bucket === 'not_voting').length,
    votes: rows,
  };
}

/**
 * Ranks members: comparable ones by percentage, then by votes compared (more
 * evidence first), then by id for a stable order; the rest last, by id.
 */
export function rankAlignments<T extends MemberAlignment>(members: T[]): T[] {
  return [...members].sort((a, b) => {
    if (a.comparable !== b.comparable) return a.comparable ? -1 : 1;
    const pa = a.alignment.percent ?? -1;
    const pb = b.alignment.percent ?? -1;
    if (pa !== pb) return pb - pa;
    if (a.alignment.compared !== b.alignment.compared) return b.alignment.compared - a.alignment.compared;
    return a.member_id.localeCompare(b.member_id);
  });
}

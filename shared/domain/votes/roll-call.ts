/** A parsed roll call as the stored RollCall plus the positions that carry a member id. */
import type { ParsedVote } from './parsed-vote.schema.ts';
import type { RollCall, VotePosition } from './vote.schema.ts';
import { candidateKind, voteKind } from './vote-kind.ts';

/** `{chamber}-{congress}-{session}-{roll}`: how a stored roll call is keyed, and how a recorded vote naming it is matched. */
export const voteIdOf = (v: { chamber: string; congress: number; session: number; roll_number: number }) =>
  `${v.chamber}-${v.congress}-${v.session}-${v.roll_number}`;

/** Splits a parsed vote into the record and its positions (positions without a member id are left out). */
export function rollCallFrom(
  v: ParsedVote,
  billId: string | null,
  sourceUrl: string | null,
  fetchedAt: string,
): { rollCall: RollCall; positions: VotePosition[] } {
  const rollCall: RollCall = {
    vote_id: voteIdOf(v),
    chamber: v.chamber,
    congress: v.congress,
    session: v.session,
    roll_number: v.roll_number,
    date: v.date,
    question: v.question,
    vote_type: v.vote_type,
    kind: v.tally_kind === 'candidates' ? candidateKind(v.question) : voteKind(v.question),
    result: v.result,
    yea: v.yea,
    nay: v.nay,
    present: v.present,
    not_voting: v.not_voting,
    tally_kind: v.tally_kind,
    candidate_totals: v.candidate_totals,
    bill_id: billId,
    source_url: sourceUrl,
    provenance: { source: v.chamber === 'house' ? 'clerk.house.gov' : 'senate.gov', fetched_at: fetchedAt },
  };
  const positions = v.positions.flatMap((p) =>
    p.member_id ? [{ member_id: p.member_id, name: p.name, party: p.party, state: p.state, position: p.position, choice: p.choice }] : [],
  );
  return { rollCall, positions };
}

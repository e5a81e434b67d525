/**
 * Roll-call votes: the vote record kept with its bill (counts, result) and
 * one position per member. A position carries the vote's date, question,
 * type and kind, so a member's record reads in one query and the alignment
 * view can tell passage votes from procedural ones.
 */
import * as z from 'zod';
import { Provenance } from '#shared/domain/bills/bill.schema.ts';

/** Candidate: a vote for a person (an election of the Speaker); `choice` names whom. */
export const VotePositionValue = z.enum(['Yea', 'Nay', 'Present', 'Not Voting', 'Candidate']);
export type VotePositionValue = z.infer<typeof VotePositionValue>;

/**
 * passage: final passage/adoption/concurrence/override; procedural: cloture, recommit, rules, motions;
 * amendment; nomination; election: an election of the Speaker; quorum: a call of the House; other.
 */
export const VoteKind = z.enum(['passage', 'procedural', 'amendment', 'nomination', 'election', 'quorum', 'other']);
export type VoteKind = z.infer<typeof VoteKind>;

/**
 * How the clerk counted a roll call: yea/nay/present/not voting, or one total per candidate
 * (elections of the Speaker and calls of the House publish `totals-by-candidate`).
 */
export const TallyKind = z.enum(['positions', 'candidates']);
export type TallyKind = z.infer<typeof TallyKind>;

/** One candidate's total; the label is the clerk's text ("Jeffries", "Present", "Not Voting"). */
export const CandidateTotal = z.object({ candidate: z.string(), total: z.number().int().nonnegative() });
export type CandidateTotal = z.infer<typeof CandidateTotal>;

export const RollCall = z.object({
  vote_id: z.string().describe('`{chamber}-{congress}-{session}-{roll}`, e.g. house-119-1-240.'),
  chamber: z.enum(['house', 'senate']),
  congress: z.number().int(),
  session: z.number().int(),
  roll_number: z.number().int(),
  date: z.string(),
  question: z.string(),
  vote_type: z.string().nullable(),
  kind: VoteKind,
  result: z.string(),
  yea: z.number().int(),
  nay: z.number().int(),
  present: z.number().int(),
  not_voting: z.number().int(),
  tally_kind: TallyKind.default('positions').describe('Roll calls stored before candidate tallies were read are `positions`.'),
  candidate_totals: z
    .array(CandidateTotal)
    .nullable()
    .default(null)
    .describe("The per-candidate totals of a `candidates` tally, in the clerk's order; null otherwise."),
  bill_id: z.string().nullable(),
  source_url: z.string().nullable(),
  provenance: Provenance,
});
export type RollCall = z.infer<typeof RollCall>;

export const VotePosition = z.object({
  member_id: z.string(),
  name: z.string(),
  party: z.string().nullable(),
  state: z.string().nullable(),
  position: VotePositionValue,
  choice: z.string().nullable().optional().describe('The candidate voted for, when `position` is Candidate.'),
});
export type VotePosition = z.infer<typeof VotePosition>;

/** A member's position joined with its roll call: what listMemberVotes returns. */
export const MemberVote = VotePosition.extend({
  vote_id: z.string(),
  bill_id: z.string().nullable(),
  chamber: z.enum(['house', 'senate']),
  date: z.string(),
  question: z.string(),
  vote_type: z.string().nullable(),
  kind: VoteKind,
  result: z.string(),
});
export type MemberVote = z.infer<typeof MemberVote>;

/**
 * Roll-call votes: the vote record kept with its bill (counts, result) and
 * one position per member. A position carries the vote's date, question,
 * type and kind, so a member's record reads in one query and the alignment
 * view can tell passage votes from procedural ones.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { Provenance } from '#shared/domain/bills/bill.schema.ts';

/** Candidate: a vote for a person (an election of the Speaker); `choice` names whom. */
export const VotePositionValue = lazySchema(() => z.enum(['Yea', 'Nay', 'Present', 'Not Voting', 'Candidate']));
export type VotePositionValue = z.infer<ReturnType<typeof VotePositionValue>>;

/**
 * passage: final passage/adoption/concurrence/override; procedural: cloture, recommit, rules, motions;
 * amendment; nomination; election: an election of the Speaker; quorum: a call of the House; other.
 */
export const VoteKind = lazySchema(() =>
  z
    .enum(['passage', 'procedural', 'amendment', 'nomination', 'election', 'quorum', 'other'])
    .describe('What the vote was on: passage, procedural, amendment, nomination, election, quorum or other'),
);
export type VoteKind = z.infer<ReturnType<typeof VoteKind>>;

/**
 * How the clerk counted a roll call: yea/nay/present/not voting, or one total per candidate
 * (elections of the Speaker and calls of the House publish `totals-by-candidate`).
 */
export const TallyKind = lazySchema(() => z.enum(['positions', 'candidates']));
export type TallyKind = z.infer<ReturnType<typeof TallyKind>>;

/** One candidate's total; the label is the clerk's text ("Jeffries", "Present", "Not Voting"). */
export const CandidateTotal = lazySchema(() =>
  z.object({
    candidate: z.string().describe('The candidate as the clerk names them'),
    total: z.number().int().nonnegative().describe('Votes for the candidate'),
  }),
);
export type CandidateTotal = z.infer<ReturnType<typeof CandidateTotal>>;

export const RollCall = lazySchema(() =>
  z.object({
    vote_id: z.string().describe('`{chamber}-{congress}-{session}-{roll}`, e.g. house-119-1-240.'),
    chamber: z.enum(['house', 'senate']).describe('The chamber: house or senate'),
    congress: z.number().int().describe('The Congress number, such as 118'),
    session: z.number().int().describe('The session of the Congress (1 or 2)'),
    roll_number: z.number().int().describe('The roll-call number within the session'),
    date: z.string().describe('The date (YYYY-MM-DD)'),
    question: z.string().describe('The question voted on'),
    vote_type: z.string().nullable().describe('The kind of vote as the clerk names it'),
    kind: VoteKind(),
    result: z.string().describe('The result as recorded'),
    yea: z.number().int().describe('Yea (aye) votes'),
    nay: z.number().int().describe('Nay (no) votes'),
    present: z.number().int().describe('Present votes'),
    not_voting: z.number().int().describe('Members not voting'),
    tally_kind: TallyKind().default('positions').describe('Roll calls stored before candidate tallies were read are `positions`.'),
    candidate_totals: z
      .array(CandidateTotal())
      .nullable()
      .default(null)
      .describe("The per-candidate totals of a `candidates` tally, in the clerk's order; null otherwise."),
    bill_id: z.string().nullable().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
    source_url: z.string().nullable().describe('The URL of its source'),
    provenance: Provenance(),
  }),
);
export type RollCall = z.infer<ReturnType<typeof RollCall>>;

export const VotePosition = lazySchema(() =>
  z.object({
    member_id: z.string().describe('The Bioguide id of the member, such as P000197'),
    name: z.string().describe("The member's name as 'Last, First'"),
    party: z.string().nullable().describe('The party initial (D, R, I, \u2026); null when unknown'),
    state: z.string().nullable().describe('The two-letter state code'),
    position: VotePositionValue().describe('How the member voted: Yea, Nay, Present, Not Voting'),
    choice: z.string().nullable().optional().describe('The candidate voted for, when `position` is Candidate.'),
  }),
);
export type VotePosition = z.infer<ReturnType<typeof VotePosition>>;

/** A member's position joined with its roll call: what listMemberVotes returns. */
export const MemberVote = lazySchema(() =>
  VotePosition().extend({
    vote_id: z.string().describe('The roll-call vote id: {chamber}-{congress}-{session}-{roll}'),
    bill_id: z.string().nullable().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
    chamber: z.enum(['house', 'senate']).describe('The chamber: house or senate'),
    date: z.string().describe('The date (YYYY-MM-DD)'),
    question: z.string().describe('The question voted on'),
    vote_type: z.string().nullable().describe('The kind of vote as the clerk names it'),
    kind: VoteKind(),
    result: z.string().describe('The result as recorded'),
    party_majority: z
      .enum(['Yea', 'Nay'])
      .nullable()
      .optional()
      .describe("How most of the member's party voted on this roll call (Yea or Nay); null for a tie or none; absent on positions stored before it was kept"),
  }),
);
export type MemberVote = z.infer<ReturnType<typeof MemberVote>>;

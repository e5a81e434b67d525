/**
 * Roll-call votes: the vote record kept with its bill (counts, result) and
 * one position per member. A position carries the vote's date, question,
 * type and kind, so a member's record reads in one query and the alignment
 * view can tell passage votes from procedural ones.
 */
import { z } from 'zod';
import { Provenance } from '#shared/domain/bills/bill.schema.ts';

export const VotePositionValue = z.enum(['Yea', 'Nay', 'Present', 'Not Voting']);
export type VotePositionValue = z.infer<typeof VotePositionValue>;

/** passage: final passage/adoption/concurrence/override; procedural: cloture, recommit, rules, motions; amendment; nomination; other. */
export const VoteKind = z.enum(['passage', 'procedural', 'amendment', 'nomination', 'other']);
export type VoteKind = z.infer<typeof VoteKind>;

export const RollCall = z.object({
  /** `{chamber}-{congress}-{session}-{roll}`, e.g. house-119-1-240. */
  vote_id: z.string(),
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

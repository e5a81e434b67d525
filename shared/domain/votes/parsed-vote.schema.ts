/**
 * A roll call as parsed from the House clerk or Senate LIS XML, before member
 * ids are resolved: what `npm run cli -- parse house-vote|senate-vote` prints.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { CandidateTotal, TallyKind, VotePositionValue } from './vote.schema.ts';

export const ParsedPosition = lazySchema(() =>
  z.object({
    member_id: z.string().nullable().describe('Bioguide id (House files since ~2003; Senate after LIS mapping), or null when the file has none.'),
    lis_id: z.string().nullable(),
    name: z.string(),
    party: z.string().nullable(),
    state: z.string().nullable(),
    position: VotePositionValue(),
    choice: z.string().nullable().optional().describe('The candidate voted for, when `position` is Candidate.'),
  }),
);
export type ParsedPosition = z.infer<ReturnType<typeof ParsedPosition>>;

export const ParsedVote = lazySchema(() =>
  z.object({
    chamber: z.enum(['house', 'senate']),
    congress: z.number().int().positive(),
    session: z.number().int().positive(),
    roll_number: z.number().int().positive(),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    question: z.string(),
    vote_type: z.string().nullable(),
    result: z.string(),
    yea: z.number().int().nonnegative(),
    nay: z.number().int().nonnegative(),
    present: z.number().int().nonnegative(),
    not_voting: z.number().int().nonnegative(),
    tally_kind: TallyKind().default('positions'),
    candidate_totals: z.array(CandidateTotal()).nullable().default(null),
    bill: z.object({ type: z.string(), number: z.number().int() }).nullable(),
    /** A House vote on an amendment: the clerk's `<amendment-num>` (the floor sequence, A003 → 3) and `<amendment-author>`. */
    amendment: z.object({ number: z.number().int().positive(), author: z.string() }).nullable().default(null),
    positions: z.array(ParsedPosition()),
  }),
);
export type ParsedVote = z.infer<ReturnType<typeof ParsedVote>>;

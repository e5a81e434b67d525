/**
 * A member's latest recorded positions and card (docs/data-model.md M7a), as the
 * dashboard reads them beside the member record.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { MemberCard } from '#shared/domain/members/member.schema.ts';
import { MemberVote } from './vote.schema.ts';

/**
 * What an entry keeps of a position: the fields the dashboard shows. The
 * member's own fields (name, party, state) are on the card, once, and the
 * rest the dashboard never reads; entries stored whole before are read the
 * same way (migration 0009 rewrote them slim).
 */
export const RecentVote = lazySchema(() => MemberVote().pick({ vote_id: true, bill_id: true, date: true, question: true, position: true, result: true }));
export type RecentVote = z.infer<ReturnType<typeof RecentVote>>;

export const RecentVotesItem = lazySchema(() =>
  z.object({
    votes: z.record(z.string(), RecentVote()).default({}),
    /** Null until a member writer (or migration 0009) has put it. */
    card: MemberCard().nullable().default(null),
    version: z.number().int().default(0),
  }),
);

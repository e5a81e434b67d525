/**
 * Committees and their seats, from congress-legislators (committees-current
 * and committee-membership-current). A committee is known by its Thomas code
 * (../schedule/committee-code.ts); a seat is one member's place on one
 * committee or subcommittee: their side (majority or minority), rank within
 * the side and title as the source spells it ("Chair", "Chairman", "Ranking
 * Member", "Ex Officio", ...), or null. Stored at COMMITTEE#{id} / META and
 * COMMITTEE#{id} / SEAT#{member_id}.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const CommitteeChamber = lazySchema(() => z.enum(['house', 'senate', 'joint']));
export type CommitteeChamber = z.infer<ReturnType<typeof CommitteeChamber>>;

export const Committee = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    chamber: CommitteeChamber(),
    /** The full committee of a subcommittee; null for a full committee. */
    parent_id: z.string().nullable(),
    url: z.string().nullable(),
    jurisdiction: z.string().nullable(),
    subcommittees: z.array(z.object({ id: z.string(), name: z.string() })),
    member_count: z.number().int().nonnegative(),
    /** False once congress-legislators no longer lists it (its seats are then gone). */
    current: z.boolean(),
  }),
);
export type Committee = z.infer<ReturnType<typeof Committee>>;

export const Side = lazySchema(() => z.enum(['majority', 'minority']));
export type Side = z.infer<ReturnType<typeof Side>>;

export const CommitteeSeat = lazySchema(() =>
  z.object({
    committee_id: z.string(),
    member_id: z.string(),
    /** The name as the membership file gives it ("John Boozman"). */
    name: z.string(),
    side: Side(),
    rank: z.number().int().nullable(),
    title: z.string().nullable(),
  }),
);
export type CommitteeSeat = z.infer<ReturnType<typeof CommitteeSeat>>;

/**
 * The Bill action record (one entry of a bill's timeline) and the recorded
 * roll-call votes an action may carry. Unique per (bill_id, action_date,
 * action_text): the key encodes the triple (shared/adapters/db/actions.repository.ts).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { ActionCategory } from './action-categories.ts';
import { Provenance } from './bill.schema.ts';

export const RecordedVoteRef = lazySchema(() =>
  z.object({
    chamber: z.enum(['house', 'senate']),
    congress: z.number().int(),
    session: z.number().int(),
    roll_number: z.number().int(),
    date: z.string().nullable(),
    url: z.string().describe('The House clerk or Senate LIS XML of the roll call.'),
  }),
);
export type RecordedVoteRef = z.infer<ReturnType<typeof RecordedVoteRef>>;

export const BillAction = lazySchema(() =>
  z.object({
    bill_id: z.string(),
    action_date: z.string(),
    action_text: z.string(),
    category: ActionCategory(),
    action_code: z.string().nullable().default(null),
    action_type: z.string().nullable().default(null),
    recorded_votes: z.array(RecordedVoteRef()).default([]),
    /** Codes of the committees the action names (HSII, SSFR24), when the source names any; absent on actions stored before. */
    committees: z.array(z.string()).optional(),
    provenance: Provenance(),
  }),
);
export type BillAction = z.infer<ReturnType<typeof BillAction>>;

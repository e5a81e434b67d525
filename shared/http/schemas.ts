/**
 * Schemas every route family shares: paging, ids in paths, the error body and
 * the list envelope. Domain schemas live beside their domains.
 */
import * as z from 'zod';
import { BillId } from '#shared/domain/bills/bill-id.ts';
import { MemberId } from '#shared/domain/members/member-id.ts';

export const BillIdParams = z.object({ id: BillId });
export const MemberIdParams = z.object({ id: MemberId });
export const IdParams = z.object({ id: z.string().min(1).max(200) });
export const TokenParams = z.object({ token: z.string().min(1).max(200) });

export const ErrorBody = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** `{items, next_cursor}`: the envelope of every list. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });

export const JobAccepted = z.object({ job: z.string(), run_id: z.string() });

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

export const ErrorBody = z
  .object({
    detail: z.string(),
    code: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error', description: 'Every error reply: a human `detail`, a stable dotted `code`, and for a validation failure the field `errors`' });

/** `{items, next_cursor}`: the envelope of every list. */
export const NextCursor = z
  .string()
  .nullable()
  .meta({ id: 'NextCursor', description: 'Opaque cursor of the next page: pass it back as ?cursor=; null on the last page' });

export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item).describe('This page of the list'), next_cursor: NextCursor });

export const JobAccepted = z.object({ job: z.string(), run_id: z.string() });

/**
 * Schemas every route family shares: paging, ids in paths, the error body and
 * the list envelope. Domain schemas live beside their domains.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BillId } from '#shared/domain/bills/bill-id.ts';
import { MemberId } from '#shared/domain/members/member-id.ts';
import { NextCursor } from '#shared/domain/paging.ts';

export { NextCursor };

export const BillIdParams = lazySchema(() => z.object({ id: BillId().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076') }));
export const MemberIdParams = lazySchema(() => z.object({ id: MemberId().describe('The Bioguide id of the member, such as P000197') }));
export const IdParams = lazySchema(() => z.object({ id: z.string().min(1).max(200).describe('The id') }));
export const TokenParams = lazySchema(() => z.object({ token: z.string().min(1).max(200).describe('The token') }));

export const ErrorBody = lazySchema(() =>
  z
    .object({
      detail: z.string().describe('What went wrong, for people'),
      code: z.string().describe('A stable dotted error code, such as bill.not_found'),
      errors: z
        .array(z.object({ path: z.string().describe('Where the field is: body.x, query.y or path.z'), message: z.string().describe('What is wrong with it') }))
        .optional()
        .describe('The fields that failed validation (422 only)'),
    })
    .meta({ id: 'Error', description: 'Every error reply: a human `detail`, a stable dotted `code`, and for a validation failure the field `errors`' }),
);

/** `{items, next_cursor}`: the envelope of every list. */

export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item).describe('This page of the list'), next_cursor: NextCursor() });

export const JobAccepted = lazySchema(() =>
  z.object({ job: z.string().describe('The name of the job in the job table'), run_id: z.string().describe('The id of the job run') }),
);

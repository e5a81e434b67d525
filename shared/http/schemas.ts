/**
 * Schemas every route family shares: paging, ids in paths, the error body and
 * the list envelope. Domain schemas live beside their domains.
 */
import { z } from 'zod';

export const Paging = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});
export type Paging = z.infer<typeof Paging>;

export const BillId = z
  .string()
  .toLowerCase()
  .regex(/^\d{2,3}-(hr|s|hjres|sjres|hconres|sconres|hres|sres)-\d{1,5}$/, {
    error: 'must look like 118-hr-3076 ({congress}-{type}-{number})',
  });
export const MemberId = z.string().regex(/^[A-Z]\d{6}$/, { error: 'must be a Bioguide id such as P000197' });

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

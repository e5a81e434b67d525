/** Paging of every list: `?limit=` (default 20, at most 100) and an opaque `?cursor=`. */
import * as z from 'zod';

export const Paging = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});
export type Paging = z.infer<typeof Paging>;

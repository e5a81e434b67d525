/** Paging of every list: `?limit=` (default 20, at most 100) and an opaque `?cursor=`. */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const Paging = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(20).describe('How many items a page holds (1-100, default 20)'),
    cursor: z.string().min(1).optional().describe("The previous page's next_cursor; omit it for the first page"),
  }),
);
export type Paging = z.infer<ReturnType<typeof Paging>>;

/** The `next_cursor` of every list: one component of the OpenAPI document. */
export const NextCursor = lazySchema(() =>
  z.string().nullable().meta({ id: 'NextCursor', description: 'Opaque cursor of the next page: pass it back as ?cursor=; null on the last page' }),
);

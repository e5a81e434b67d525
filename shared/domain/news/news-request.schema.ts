/**
 * A pending request for a bill's news fetch, made after each new brief; the news fetcher drains them.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const NewsRequest = lazySchema(() =>
  z.object({
    bill_id: z.string(),
    requested_at: z.string(),
    reason: z.string(),
  }),
);
export type NewsRequest = z.infer<ReturnType<typeof NewsRequest>>;

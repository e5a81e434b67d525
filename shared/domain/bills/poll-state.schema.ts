/**
 * The bill poller's state: the last poll time and the provider's updated-since cursor.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const PollState = lazySchema(() =>
  z.object({
    last_poll_at: z.string(),
    /** The provider's "updated since" lower bound for the next poll. */
    updated_since: z.string(),
  }),
);
export type PollState = z.infer<ReturnType<typeof PollState>>;

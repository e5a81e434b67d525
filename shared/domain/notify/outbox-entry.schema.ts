/**
 * A table outbox entry (docs/data-model.md A18): the messages a state change owes one queue,
 * stored with the change and deleted once sent. Messages are data here; the sender checks them
 * against their queue's schema.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const OutboxEntry = lazySchema(() =>
  z.object({
    /** Deterministic: the state change the messages belong to. */
    id: z.string().min(1),
    queue: z.string(),
    messages: z.array(z.unknown()).min(1),
    created_at: z.string(),
  }),
);
export type OutboxEntry = z.infer<ReturnType<typeof OutboxEntry>>;

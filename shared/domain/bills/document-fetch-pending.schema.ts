/**
 * A document fetch skipped while its source was switched off (docs/data-model.md B5a),
 * kept to be queued again once the sources are back on.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const PendingDocumentFetch = lazySchema(() =>
  z.object({
    bill_id: z.string(),
    /** Why the fetch was asked for (the message's reason), kept for the fetch queued later. */
    reason: z.string(),
    /** Why it was skipped the last time. */
    skipped_because: z.string(),
    pending_since: z.string(),
  }),
);
export type PendingDocumentFetch = z.infer<ReturnType<typeof PendingDocumentFetch>>;

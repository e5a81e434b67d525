/**
 * The vocabulary of an amendment's status (the rule that derives it from the
 * actions is ./amendment-status.ts), apart from the record so the bill's
 * amendment summary (./amendment-summary.ts) can name it without the record.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const AMENDMENT_STATUSES = ['submitted', 'offered', 'agreed_to', 'failed', 'withdrawn', 'tabled', 'fell'] as const;
export const AmendmentStatus = lazySchema(() =>
  z
    .enum(AMENDMENT_STATUSES)
    .describe(
      'Where the amendment stands, from its actions: submitted (printed, not yet offered), offered (offered or proposed on the floor), agreed_to, failed (not agreed to), withdrawn, tabled (a motion to table it was agreed to) or fell (it fell with another question, was ruled out of order or non-germane, or a point of order against it was sustained)',
    ),
);
export type AmendmentStatus = z.infer<ReturnType<typeof AmendmentStatus>>;

/**
 * What a bill record says of its amendments: how many, how many stand at
 * each status, and the date of the newest amendment action. It is part of
 * the bill's public record, so a new amendment, a decision or a new action
 * on one moves the bill on its Congress's change feed (docs/data-model.md
 * B24), where a mirror learns to read GET /api/bills/{id}/amendments again.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { AMENDMENT_STATUSES, type AmendmentStatus } from './amendment-statuses.ts';

export const AmendmentSummary = lazySchema(() =>
  z
    .object({
      count: z.number().int().min(1).describe('How many amendments to the bill are recorded'),
      by_status: z
        .object(
          Object.fromEntries(AMENDMENT_STATUSES.map((s) => [s, z.number().int().min(0).describe(`How many stand at ${s}`)])) as Record<
            AmendmentStatus,
            z.ZodNumber
          >,
        )
        .describe('How many stand at each status (GET /api/bills/{id}/amendments lists them)'),
      latest_action_date: z.string().nullable().describe('The date of the newest action on any of them (YYYY-MM-DD); null when none has one'),
    })
    .meta({ id: 'AmendmentSummary', description: "A bill's amendments counted by status" }),
);
export type AmendmentSummary = z.infer<ReturnType<typeof AmendmentSummary>>;

/** The summary of a bill's amendments; null for a bill with none. */
export function amendmentSummary(amendments: readonly { status: AmendmentStatus; latest_action: { date: string } | null }[]): AmendmentSummary | null {
  if (amendments.length === 0) return null;
  const by_status = Object.fromEntries(AMENDMENT_STATUSES.map((s) => [s, 0])) as Record<AmendmentStatus, number>;
  let latest: string | null = null;
  for (const a of amendments) {
    by_status[a.status] += 1;
    if (a.latest_action && (latest === null || a.latest_action.date > latest)) latest = a.latest_action.date;
  }
  return { count: amendments.length, by_status, latest_action_date: latest };
}

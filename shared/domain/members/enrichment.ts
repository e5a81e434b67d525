/**
 * What became of a member's first-view enrichment (M1b): the profile page
 * says whether Congress.gov's profile (bio, terms, counts) is in, on its
 * way, not to be had offline, or failed, instead of "being gathered" for
 * ever. The claim item (MEMBER#{id} / ENRICH) carries when it was asked for
 * and the outcome of the run that could not enrich.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** The claim item as stored: the outcome is absent until a run that could not enrich notes it. */
export const EnrichmentRecord = lazySchema(() =>
  z.object({
    requested_at: z.string().nullable().default(null),
    outcome: z.enum(['unavailable_offline', 'failed']).nullable().default(null),
    detail: z.string().nullable().default(null),
  }),
);
export type EnrichmentRecord = z.infer<ReturnType<typeof EnrichmentRecord>>;

export const EnrichmentState = lazySchema(() =>
  z
    .enum(['done', 'not_requested', 'pending', 'stalled', 'unavailable_offline', 'failed'])
    .describe(
      "done: Congress.gov's profile is in (enriched_at); not_requested: not asked for; pending: asked for and on its way; stalled: asked for over 15 minutes ago and not run; unavailable_offline: the offline stack holds no Congress.gov profile of this member, so the page shows the bundled congress-legislators data (or what the member's bills record); failed: Congress.gov answered an error (enrichment_detail)",
    ),
);
export type EnrichmentState = z.infer<ReturnType<typeof EnrichmentState>>;

/** An enrichment asked for longer ago than this without an outcome is stalled, not "on its way". */
export const ENRICHMENT_STALLED_MS = 15 * 60 * 1000;

/** The state a profile reports, from the member's enriched_at and its claim item (null: none). */
export function enrichmentState(enrichedAt: string | null, record: EnrichmentRecord | null, now: Date): EnrichmentState {
  if (enrichedAt) return 'done';
  if (!record) return 'not_requested';
  if (record.outcome) return record.outcome;
  const asked = record.requested_at ? Date.parse(record.requested_at) : Number.NaN;
  // A claim written before claims carried their time is as good as stalled: the next one after its hour asks again.
  return Number.isNaN(asked) || now.getTime() - asked > ENRICHMENT_STALLED_MS ? 'stalled' : 'pending';
}

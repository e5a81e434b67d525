/**
 * The change-feed parameters of GET /api/bills and GET /api/members:
 * `sort=updated_asc` orders by the content `updated_at` each item carries,
 * oldest change first, and `changed_since` (RFC 3339, any offset) keeps the
 * items changed strictly after that instant.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const ChangeFeedQuery = lazySchema(() =>
  z.object({
    sort: z
      .enum(['latest_action', 'updated_asc'])
      .optional()
      .describe('latest_action (the default for bills: newest latest action first) or updated_asc: the change feed, oldest content change first'),
    changed_since: z.iso
      .datetime({ offset: true, error: 'must be an RFC 3339 date-time such as 2026-01-02T03:04:05Z' })
      .transform((v) => new Date(v).toISOString())
      .optional()
      .describe('RFC 3339 date-time: only items whose content changed after it (implies sort=updated_asc); resume a sync with the last updated_at you saw'),
  }),
);
export type ChangeFeedQuery = z.infer<ReturnType<typeof ChangeFeedQuery>>;

/** Whether a list query asks for the change feed. */
export const wantsChangeFeed = (q: ChangeFeedQuery): boolean => q.sort === 'updated_asc' || q.changed_since !== undefined;

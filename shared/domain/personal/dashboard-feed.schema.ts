/**
 * The dashboard feed record (docs/data-model.md P8a): per scored day its top bills, the
 * bills with the newest latest action, and the cards of the bills Most Popular shows.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BillCard } from './bill-card.schema.ts';

// Built on first use: the bill cards build the bill schema, which most of the functions importing this module never read.
export const DashboardFeed = lazySchema(() => {
  const Entry = z.object({ bill_id: z.string(), score: z.number() });
  return z.object({
    /** YYYY-MM-DD → that day's top bills, highest score first. */
    trending_days: z.record(z.string(), z.array(Entry)).default({}),
    /** bill id → its latest action date: a superset of the newest FEED_SIZE (trimmed now and then). */
    recent: z.record(z.string(), z.string()).default({}),
    /** The latest action date a bill needs to enter `recent` (the oldest date kept at the last trim). */
    recent_floor: z.string().nullable().default(null),
    /** bill id → the card of a bill Most Popular shows (none before migration 0010). */
    cards: z.record(z.string(), BillCard()).default({}),
    version: z.number().int().default(0),
  });
});
export type DashboardFeed = z.infer<ReturnType<typeof DashboardFeed>>;

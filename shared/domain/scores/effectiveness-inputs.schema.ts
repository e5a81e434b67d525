/**
 * What the effectiveness score reads of stored records: a sponsored bill, a bill action's
 * text and type, a cosponsor's party (each a projection of its record).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BillCategory } from '#shared/domain/bills/bill.schema.ts';

export const SponsoredBill = lazySchema(() =>
  z.object({
    id: z.string(),
    bill_category: BillCategory().nullable().default(null),
    latest_action_text: z.string().nullable().default(null),
  }),
);
export type SponsoredBill = z.infer<ReturnType<typeof SponsoredBill>>;

export const StageActionItem = lazySchema(() => z.object({ action_text: z.string(), action_type: z.string().nullable().default(null) }));

export const CosponsorParty = lazySchema(() => z.object({ party: z.string().nullable().default(null), withdrawn_date: z.string().nullable().default(null) }));

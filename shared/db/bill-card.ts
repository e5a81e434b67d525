/**
 * A bill as the dashboard shows it: the fields of its list summary, parsed
 * as the record parses them (defaults included), and the card of those
 * fields that the dashboard feed carries for the bills Most Popular shows
 * (docs/data-model.md P8b). A card holds the bill's `summary_version`, which
 * every write of one of those fields raises (bills.repository.ts), so of two
 * racing card writes the older one never lands last.
 */
import * as z from 'zod';
import { Bill } from '#shared/domain/bills/bill.schema.ts';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import type { Item } from './dynamo.ts';

/** The fields of a bill the dashboard shows (its list summary). */
export const DashboardBill = lazySchema(() =>
  Bill().pick({
    id: true,
    label: true,
    title: true,
    short_title: true,
    chamber: true,
    introduced_date: true,
    latest_action_date: true,
    latest_action_text: true,
    bill_category: true,
    has_document: true,
    document_status: true,
    topic_tags: true,
  }),
);
export type DashboardBill = z.infer<ReturnType<typeof DashboardBill>>;

/** The attribute of a bill record counting the writes of its summary fields (absent: none since the record was created). */
export const SUMMARY_VERSION = 'summary_version';

/** A bill's card on the feed: its summary fields and the summary version they were read at. */
export const BillCard = lazySchema(() => DashboardBill().extend({ v: z.number().int().default(0) }));
export type BillCard = z.infer<ReturnType<typeof BillCard>>;

/** The attributes a bill read needs to make its card (for a ProjectionExpression). */
export const billCardAttributes = (): readonly string[] => [...Object.keys(DashboardBill().shape), SUMMARY_VERSION];

/** The card of a stored bill item (a whole record, or one read with billCardAttributes()). */
export function billCardFromItem(item: Item): BillCard {
  const version = item[SUMMARY_VERSION];
  return { ...DashboardBill().parse(item), v: typeof version === 'number' ? version : 0 };
}

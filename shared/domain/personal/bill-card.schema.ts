/**
 * A bill as the dashboard shows it (docs/data-model.md P8b): the fields of its list summary,
 * parsed as the record parses them (defaults included), and the card of those fields the
 * dashboard feed carries, with the summary version it was read at.
 */
import * as z from 'zod';
import { Bill } from '#shared/domain/bills/bill.schema.ts';
import { BillStatus } from '#shared/domain/bills/bill-status.ts';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** The fields of a bill the dashboard shows (its list summary). */
export const DashboardBill = lazySchema(() =>
  Bill()
    .pick({
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
    })
    // Optional, without the record's default: a card stored before cards carried the status must not claim "Introduced".
    .extend({ status: BillStatus().optional().catch(undefined) }),
);
export type DashboardBill = z.infer<ReturnType<typeof DashboardBill>>;

/** A bill's card on the feed: its summary fields and the summary version they were read at. */
export const BillCard = lazySchema(() => DashboardBill().extend({ v: z.number().int().default(0) }));
export type BillCard = z.infer<ReturnType<typeof BillCard>>;

/**
 * The compact bill and member shapes that lists of people's features show
 * (dashboard, search, collections, alignment), one place so every list
 * answers the same fields.
 */
import * as z from 'zod';
import { MemberCard, memberCard, type Bill } from '#shared/domain/bills/bill.schema.ts';

export const BillSummary = z.object({
  id: z.string(),
  label: z.string(),
  title: z.string(),
  short_title: z.string().nullable(),
  chamber: z.string(),
  introduced_date: z.string().nullable(),
  latest_action_date: z.string().nullable(),
  latest_action_text: z.string().nullable(),
  bill_category: z.string().nullable(),
  has_document: z.boolean(),
  document_status: z.string(),
  topic_tags: z.array(z.string()),
});
export type BillSummary = z.infer<typeof BillSummary>;

/** A member in a list: the card the name search items carry too. */
export const MemberSummary = MemberCard;
export type MemberSummary = MemberCard;

/** The list fields of a bill (of its record, or of only those fields as the dashboard reads them). */
export const billSummary = (b: Pick<Bill, keyof BillSummary>): BillSummary => ({
  id: b.id,
  label: b.label,
  title: b.title,
  short_title: b.short_title,
  chamber: b.chamber,
  introduced_date: b.introduced_date,
  latest_action_date: b.latest_action_date,
  latest_action_text: b.latest_action_text,
  bill_category: b.bill_category,
  has_document: b.has_document,
  document_status: b.document_status,
  topic_tags: b.topic_tags,
});

/** The list fields of a member. */
export const memberSummary = memberCard;

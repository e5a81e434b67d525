/**
 * The compact bill and member shapes that lists of people's features show
 * (dashboard, search, collections, alignment), one place so every list
 * answers the same fields.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { BillStatus } from '#shared/domain/bills/bill-status.ts';
import { MemberCard, memberCard } from '#shared/domain/members/member.schema.ts';

export const BillSummary = lazySchema(() =>
  z
    .object({
      id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
      label: z.string().describe('The display label, such as H.R. 3076'),
      title: z.string().describe('The official title'),
      short_title: z.string().nullable().describe('The short title; null when the bill has none'),
      chamber: z.string().describe('The chamber: house or senate'),
      introduced_date: z.string().nullable().describe('The date the bill was introduced (YYYY-MM-DD); null when unknown'),
      latest_action_date: z.string().nullable().describe('The date of the latest action (YYYY-MM-DD); null before any action'),
      latest_action_text: z.string().nullable().describe('The text of the latest action; null before any action'),
      bill_category: z.string().nullable().describe('substantive, commemorative or administrative; null until the bill is classified'),
      has_document: z.boolean().describe('Whether a text of the bill is published (a brief may be on its way)'),
      document_status: z.string().describe('brief (a brief exists), pending (text stored, no brief yet) or no_text'),
      topic_tags: z.array(z.string()).describe('Topic tags of the bill from its latest brief (lower-case kebab-case)'),
      status: BillStatus()
        .optional()
        .catch(undefined)
        .describe('Where the bill stands (its status code); absent on a dashboard card stored before cards carried it'),
    })
    .meta({ id: 'BillSummary', description: 'A bill in the lists of personal features (dashboard, search, collections)' }),
);
export type BillSummary = z.infer<ReturnType<typeof BillSummary>>;

/** A member in a list: the card the name search items carry too. */
export const MemberSummary = lazySchema(() => MemberCard());
export type MemberSummary = MemberCard;

/** The list fields of a bill (of its record, or of only those fields as the dashboard reads them). */
export const billSummary = (b: Pick<Bill, Exclude<keyof BillSummary, 'status'>> & { status?: Bill['status'] }): BillSummary => ({
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
  ...(b.status ? { status: b.status } : {}),
});

/** The list fields of a member. */
export const memberSummary = memberCard;

/**
 * What GPO's Bill Status files carry beyond the bill, its actions and its
 * cosponsors: the CRS summaries (one per bill version, with its version code
 * and date), the legislative subjects, the laws the bill became, the
 * committee reports on it and the other titles it is known by. Stored beside
 * the bill (shared/adapters/db/bill-facts.repository.ts), shown on its detail (the
 * other titles are searched, not shown).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const CrsSummary = lazySchema(() =>
  z
    .object({
      version_code: z.string().describe('The CRS version code of the bill text summarised, such as 00 (introduced) or 49 (public law)'),
      action_date: z.string().nullable().describe('The date of the action the summary describes (YYYY-MM-DD); null when the file gives none'),
      action_desc: z.string().nullable().describe('The bill version summarised, such as "Introduced in House"'),
      updated_at: z.string().nullable().describe('When CRS last updated the summary (ISO 8601); null when unknown'),
      text: z.string().describe('The summary as plain text, paragraphs separated by blank lines'),
    })
    .meta({ id: 'CrsSummary', description: 'A Congressional Research Service summary of one version of the bill' }),
);
export type CrsSummary = z.infer<ReturnType<typeof CrsSummary>>;

export const BillLaw = lazySchema(() =>
  z.object({
    type: z.string().describe('Public Law or Private Law'),
    number: z.string().describe('The law number, such as 117-103'),
  }),
);
export type BillLaw = z.infer<ReturnType<typeof BillLaw>>;

export const BillFacts = lazySchema(() =>
  z.object({
    bill_id: z.string(),
    subjects: z.array(z.string()).describe('The legislative subjects CRS assigned, alphabetical'),
    laws: z.array(BillLaw()).describe('The laws the bill became'),
    committee_reports: z.array(z.string()).describe('Citations of the committee reports on the bill, such as H. Rept. 117-118'),
    // Absent from facts stored before titles were kept: those read as none until the next import of the bill.
    other_titles: z
      .array(z.string())
      .default([])
      .describe('The other titles the bill is known by: popular titles and the short titles of the bill and of its portions'),
  }),
);
export type BillFacts = z.infer<ReturnType<typeof BillFacts>>;

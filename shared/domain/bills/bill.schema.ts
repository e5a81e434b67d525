/**
 * The Bill record as stored and served, and the provenance every provider
 * record carries. The ingestion domain owns it; briefs, people's features and
 * notifications read it through shared/adapters/db/bills.repository.ts. The Member
 * record is in ../members/member.schema.ts.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BillStatus, INITIAL_STATUS, StatusTimelineEntry } from './bill-status.ts';
import { BILL_TYPES } from './bill-types.ts';

export { BILL_TYPES };
export const BillType = lazySchema(() => z.enum(BILL_TYPES));
export type BillType = z.infer<ReturnType<typeof BillType>>;

export const BillCategory = lazySchema(() => z.enum(['substantive', 'commemorative', 'administrative']));
export type BillCategory = z.infer<ReturnType<typeof BillCategory>>;

export const Provenance = lazySchema(() =>
  z.object({
    source: z.string(),
    fetched_at: z.string().describe('When it was fetched (ISO 8601, UTC)'),
  }),
);

/** The sponsor as the bill detail shows it, kept on the bill so the detail stays one Query. */
export const SponsorSummary = lazySchema(() =>
  z
    .object({
      id: z.string().describe('The Bioguide id of the sponsor'),
      name: z.string().describe("The sponsor's name as 'Last, First'"),
      party: z.string().nullable().describe('The party initial (D, R, I, \u2026); null when unknown'),
      state: z.string().nullable().describe('The two-letter state code'),
      district: z.number().int().nullable().describe('The House district number; null for senators and at-large seats'),
    })
    .meta({ id: 'SponsorSummary', description: 'The sponsor of a bill, as the bill carries it' }),
);
export type SponsorSummary = z.infer<ReturnType<typeof SponsorSummary>>;

export const Bill = lazySchema(() =>
  z.object({
    id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
    congress: z.number().int().describe('The Congress number, such as 118'),
    type: BillType().describe('The bill type: hr, s, hjres, sjres, hconres, sconres, hres or sres'),
    number: z.number().int().describe('The bill number within its type and Congress'),
    label: z.string().describe('Display label such as "H.R. 3076".'),
    title: z.string().describe('The official title'),
    short_title: z.string().nullable().default(null).describe('The short title; null when the bill has none'),
    chamber: z.enum(['house', 'senate']).describe('The chamber: house or senate'),
    introduced_date: z.string().nullable().default(null).describe('The date the bill was introduced (YYYY-MM-DD); null when unknown'),
    sponsor_id: z.string().nullable().default(null).describe('The Bioguide id of the sponsor; null when unknown'),
    sponsor: SponsorSummary().nullable().default(null).describe('The sponsor; null when unknown'),
    bill_category: BillCategory().nullable().default(null).describe('substantive, commemorative or administrative; null until the bill is classified'),
    policy_area: z.string().nullable().default(null).describe('The policy area Congress.gov assigns; null when none'),
    latest_action_date: z.string().nullable().default(null).describe('The date of the latest action (YYYY-MM-DD); null before any action'),
    latest_action_text: z.string().nullable().default(null).describe('The text of the latest action; null before any action'),
    latest_action_category: z.string().nullable().default(null).describe('The category of the latest action; null before any action'),
    congress_gov_url: z.string().nullable().default(null).describe('Its page on congress.gov; null when unknown'),
    has_document: z.boolean().default(false).describe('Whether a text of the bill is published (a brief may be on its way)'),
    document_status: z
      .enum(['brief', 'pending', 'no_text'])
      .default('no_text')
      .describe('The document indicator: brief (a brief exists), pending (text stored, no brief yet) or no_text.'),
    topic_tags: z
      .array(z.string())
      .default([])
      .describe(
        'Topic tags of the bill from its latest brief (lower-case kebab-case); before a brief, those of its policy area and CRS subjects when a Bill Status file brought them',
      ),
    update_date: z.string().nullable().default(null).describe('When Congress.gov last updated the bill; null when unknown'),
    updated_at: z
      .string()
      .nullable()
      .default(null)
      .describe(
        'When what this API returns for the bill last changed (ISO 8601, UTC): the order of the change feed (sort=updated_asc); null until first computed',
      ),
    status: BillStatus().default(INITIAL_STATUS).describe('Where the bill stands, recomputed from its stored actions whenever actions are saved.'),
    status_timeline: z.array(StatusTimelineEntry()).default([]).describe("Each change of status, oldest first; empty until the bill's actions are stored."),
    provenance: Provenance(),
  }),
);
export type Bill = z.infer<ReturnType<typeof Bill>>;

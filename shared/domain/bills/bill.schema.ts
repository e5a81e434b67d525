/**
 * The Bill and Member records as stored and served. The ingestion domain owns
 * them; briefs, people's features and notifications read them through
 * shared/db/bills.repository.ts and shared/db/members.repository.ts.
 */
import * as z from 'zod';
import { EffectivenessTier, SeniorityTier } from '#shared/domain/scores/tiers.ts';
import { BillStatus, INITIAL_STATUS, StatusTimelineEntry } from './bill-status.ts';

export const BILL_TYPES = ['hr', 's', 'hjres', 'sjres', 'hconres', 'sconres', 'hres', 'sres'] as const;
export const BillType = z.enum(BILL_TYPES);
export type BillType = z.infer<typeof BillType>;

export const BillCategory = z.enum(['substantive', 'commemorative', 'administrative']);
export type BillCategory = z.infer<typeof BillCategory>;

export const Provenance = z.object({
  source: z.string(),
  fetched_at: z.string(),
});

/** The sponsor as the bill detail shows it, kept on the bill so the detail stays one Query. */
export const SponsorSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    party: z.string().nullable(),
    state: z.string().nullable(),
    district: z.number().int().nullable(),
  })
  .meta({ id: 'SponsorSummary', description: 'The sponsor of a bill, as the bill carries it' });
export type SponsorSummary = z.infer<typeof SponsorSummary>;

export const Bill = z.object({
  id: z.string(),
  congress: z.number().int(),
  type: BillType,
  number: z.number().int(),
  label: z.string().describe('Display label such as "H.R. 3076".'),
  title: z.string(),
  short_title: z.string().nullable().default(null),
  chamber: z.enum(['house', 'senate']),
  introduced_date: z.string().nullable().default(null),
  sponsor_id: z.string().nullable().default(null),
  sponsor: SponsorSummary.nullable().default(null),
  bill_category: BillCategory.nullable().default(null),
  policy_area: z.string().nullable().default(null),
  latest_action_date: z.string().nullable().default(null),
  latest_action_text: z.string().nullable().default(null),
  latest_action_category: z.string().nullable().default(null),
  congress_gov_url: z.string().nullable().default(null),
  has_document: z.boolean().default(false),
  document_status: z
    .enum(['brief', 'pending', 'no_text'])
    .default('no_text')
    .describe('The document indicator: brief (a brief exists), pending (text stored, no brief yet) or no_text.'),
  topic_tags: z.array(z.string()).default([]),
  update_date: z.string().nullable().default(null),
  status: BillStatus.default(INITIAL_STATUS).describe('Where the bill stands, recomputed from its stored actions whenever actions are saved.'),
  status_timeline: z.array(StatusTimelineEntry).default([]).describe("Each change of status, oldest first; empty until the bill's actions are stored."),
  provenance: Provenance,
});
export type Bill = z.infer<typeof Bill>;

export const Chamber = z.enum(['house', 'senate']);

export const MemberTerm = z.object({
  chamber: Chamber,
  congress: z.number().int().nullable(),
  start_year: z.number().int().nullable(),
  end_year: z.number().int().nullable(),
  state: z.string().nullable(),
  district: z.number().int().nullable(),
  party: z.string().nullable(),
});
export type MemberTerm = z.infer<typeof MemberTerm>;

export const LeadershipRole = z.object({
  title: z.string(),
  congress: z.number().int().nullable(),
  current: z.boolean(),
});
export type LeadershipRole = z.infer<typeof LeadershipRole>;

export const Member = z.object({
  id: z.string(),
  name: z.string().describe("The name as 'Last, First'."),
  first_name: z.string().nullable().default(null),
  last_name: z.string().nullable().default(null),
  state: z.string().length(2),
  district: z.number().int().nullable().default(null),
  chamber: Chamber.nullable().default(null),
  party: z.string().nullable().default(null),
  photo_url: z.string().nullable().default(null),
  office_address: z.string().nullable().default(null),
  phone: z.string().nullable().default(null),
  website: z.string().nullable().default(null),
  congress_gov_url: z.string().nullable().default(null),
  lis_id: z.string().nullable().default(null),
  birth_year: z.number().int().nullable().default(null).describe('Filled by the first-view enrichment (ingestion); null until then.'),
  terms: z.array(MemberTerm).default([]),
  leadership_roles: z.array(LeadershipRole).default([]),
  sponsored_count: z.number().int().nullable().default(null),
  cosponsored_count: z.number().int().nullable().default(null),
  enriched_at: z.string().nullable().default(null),
  chaired_committees: z
    .array(z.string())
    .nullable()
    .default(null)
    .describe('Full committees the member chairs (sync_members, from congress-legislators); null while unknown.'),
  effectiveness_score: z.number().nullable().default(null).describe('Set by the nightly calculate_effectiveness_scores job; null until its first run.'),
  percentile: z.number().nullable().default(null),
  tier: EffectivenessTier.nullable().default(null),
  seniority_tier: SeniorityTier.nullable().default(null),
  effectiveness_computed_at: z.string().nullable().default(null),
  provenance: Provenance,
});
export type Member = z.infer<typeof Member>;

/** What lists and search show of a member; also copied onto the name search items. */
export const MemberCard = Member.pick({ id: true, name: true, party: true, state: true, district: true, chamber: true, photo_url: true }).meta({
  id: 'MemberCard',
  description: 'A member in a list: name, party, state, district, chamber and photo',
});
export type MemberCard = z.infer<typeof MemberCard>;

/** The card fields of a member (or of a card). */
export const memberCard = (m: MemberCard): MemberCard => ({
  id: m.id,
  name: m.name,
  party: m.party,
  state: m.state,
  district: m.district,
  chamber: m.chamber,
  photo_url: m.photo_url,
});

/** The score fields of a member the effectiveness job has not scored yet (records built from provider data). */
export const NOT_SCORED = { effectiveness_score: null, percentile: null, tier: null, seniority_tier: null, effectiveness_computed_at: null } as const;

/**
 * The Member record as stored and served, with its terms, leadership roles and
 * the card lists show. The ingestion domain owns it; people's features, scores
 * and notifications read it through shared/adapters/db/members.repository.ts.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { EffectivenessTier, SeniorityTier } from '#shared/domain/scores/tiers.ts';
import { Provenance } from '#shared/domain/bills/bill.schema.ts';

export const Chamber = lazySchema(() => z.enum(['house', 'senate']));

export const MemberTerm = lazySchema(() =>
  z.object({
    chamber: Chamber().describe('The chamber: house or senate'),
    congress: z.number().int().nullable().describe('The Congress number, such as 118'),
    start_year: z.number().int().nullable().describe('The first year of the term; null when unknown'),
    end_year: z.number().int().nullable().describe('The last year of the term; null when unknown'),
    state: z.string().nullable().describe('The two-letter state code'),
    district: z.number().int().nullable().describe('The House district number; null for senators and at-large seats'),
    party: z.string().nullable().describe('The party initial (D, R, I, \u2026); null when unknown'),
  }),
);
export type MemberTerm = z.infer<ReturnType<typeof MemberTerm>>;

export const LeadershipRole = lazySchema(() =>
  z.object({
    title: z.string().describe('The leadership position, such as Speaker of the House'),
    congress: z.number().int().nullable().describe('The Congress number, such as 118'),
    current: z.boolean().describe('Whether the role is held now'),
  }),
);
export type LeadershipRole = z.infer<ReturnType<typeof LeadershipRole>>;

export const Member = lazySchema(() =>
  z.object({
    id: z.string().describe('The Bioguide id, such as P000197'),
    name: z.string().describe("The name as 'Last, First'."),
    first_name: z.string().nullable().default(null).describe('The first name; null when unknown'),
    last_name: z.string().nullable().default(null).describe('The last name; null when unknown'),
    nickname: z.string().nullable().default(null).describe('The name the member goes by, such as Bernie for Bernard; null when none (name search finds it)'),
    state: z.string().length(2).describe('The two-letter state code'),
    district: z.number().int().nullable().default(null).describe('The House district number; null for senators and at-large seats'),
    chamber: Chamber().nullable().default(null).describe('The chamber: house or senate'),
    party: z.string().nullable().default(null).describe('The party initial (D, R, I, \u2026); null when unknown'),
    photo_url: z.string().nullable().default(null).describe('A portrait URL; null when none'),
    office_address: z.string().nullable().default(null).describe('The office address; null when unknown'),
    phone: z.string().nullable().default(null).describe('The office phone; null when unknown'),
    website: z.string().nullable().default(null).describe('The official website; null when unknown'),
    congress_gov_url: z.string().nullable().default(null).describe('Its page on congress.gov; null when unknown'),
    lis_id: z.string().nullable().default(null).describe('The Senate LIS id; null for House members or when unknown'),
    birth_year: z.number().int().nullable().default(null).describe('Filled by the first-view enrichment (ingestion); null until then.'),
    terms: z.array(MemberTerm()).default([]).describe('The terms served, oldest first'),
    in_office: z
      .boolean()
      .default(true)
      .describe('Whether the member serves now: false once the last term has ended (died, resigned, term over), though the record stays.'),
    leadership_roles: z.array(LeadershipRole()).default([]).describe('Leadership positions held'),
    sponsored_count: z.number().int().nullable().default(null).describe('Bills sponsored; null until the profile is enriched'),
    cosponsored_count: z.number().int().nullable().default(null).describe('Bills cosponsored; null until the profile is enriched'),
    enriched_at: z.string().nullable().default(null).describe('When the profile was enriched; null until then'),
    updated_at: z
      .string()
      .nullable()
      .default(null)
      .describe(
        'When what this API returns for the member last changed (ISO 8601, UTC): the order of the change feed (sort=updated_asc); null until first computed',
      ),
    chaired_committees: z
      .array(z.string())
      .nullable()
      .default(null)
      .describe('Full committees the member chairs (sync_members, from congress-legislators); null while unknown.'),
    effectiveness_score: z.number().nullable().default(null).describe('Set by the nightly calculate_effectiveness_scores job; null until its first run.'),
    percentile: z.number().nullable().default(null).describe('The percentile of the score within its seniority tier and party; null until scored'),
    tier: EffectivenessTier().nullable().default(null).describe('The effectiveness tier; null until scored'),
    seniority_tier: SeniorityTier().nullable().default(null).describe('The seniority tier; null until scored'),
    effectiveness_computed_at: z.string().nullable().default(null).describe('When the effectiveness score was computed; null until then'),
    provenance: Provenance(),
  }),
);
export type Member = z.infer<ReturnType<typeof Member>>;

/** What lists and search show of a member; also copied onto the name search items. */
export const MemberCard = lazySchema(() =>
  Member().pick({ id: true, name: true, party: true, state: true, district: true, chamber: true, photo_url: true }).meta({
    id: 'MemberCard',
    description: 'A member in a list: name, party, state, district, chamber and photo',
  }),
);
export type MemberCard = z.infer<ReturnType<typeof MemberCard>>;

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

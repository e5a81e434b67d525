/**
 * What the Bills and Members endpoints return: the public shapes (zod, for
 * the OpenAPI document) and the pure functions that build them from records.
 */
import * as z from 'zod';
import { EnrichmentState, enrichmentState, type EnrichmentRecord } from '#shared/domain/members/enrichment.ts';
import { BillLaw, CrsSummary } from './bill-status-facts.schema.ts';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { ActionCategory } from './action-categories.ts';
import type { BillAction } from './action.schema.ts';
import { Bill } from './bill.schema.ts';
import { Member } from '../members/member.schema.ts';
import { StatusTimelineEntry } from './bill-status.ts';
import { Relationship } from './related-bills.ts';
import type { TextVersion } from './text-version.schema.ts';
import type { TextDiff } from '#shared/domain/briefs/section-diff.ts';
import { RollCall } from '#shared/domain/votes/vote.schema.ts';

/** A bill as lists show it, with its status; the detail adds the status timeline (BillDetailFields). */
export const BillView = lazySchema(() =>
  Bill()
    .omit({ provenance: true, status_timeline: true })
    .extend({
      has_document: z.boolean().describe('Whether a text of the bill is published (a brief may be on its way)'),
      data_as_of: z.string().describe('When the data was fetched from its source (ISO 8601, UTC)'),
      is_following: z.boolean().optional().describe('Whether the signed-in caller follows it (signed-in callers only)'),
    })
    .meta({ id: 'BillListItem', description: 'A bill as lists show it: its fields, sponsor and status, without the status timeline' }),
);
export type BillView = z.infer<ReturnType<typeof BillView>>;

/** A related bill as the detail lists it. */
export const RelatedBillView = lazySchema(() =>
  z.object({
    id: z.string().describe("The related bill's id, e.g. 118-s-870."),
    label: z.string().describe('Its display label, e.g. "S. 870".'),
    title: z.string().describe('Its title as Congress.gov lists it.'),
    congress: z.number().int().describe('The Congress it belongs to (a related bill may be of another Congress).'),
    relationships: z.array(Relationship()).describe('Each relationship Congress.gov records between the two bills, identical bills first.'),
    identified_by: z.array(z.string()).describe('Who identified the relationships (House, Senate, CRS), each once.'),
  }),
);
export type RelatedBillView = z.infer<ReturnType<typeof RelatedBillView>>;

/** One side of a reintroduction: the other bill and why the two are taken as one bill reintroduced. */
export const ReintroductionView = lazySchema(() =>
  z.object({
    id: z.string().describe("The other bill's id."),
    label: z.string().describe('Its display label, e.g. "H.R. 29".'),
    title: z.string().describe('Its title.'),
    congress: z.number().int().describe('Its Congress.'),
    reason: z
      .enum(['identical_bill', 'same_sponsor_title', 'identical_title'])
      .describe('Why it is a reintroduction: listed by Congress.gov as an identical bill, same sponsor and (near-)identical title, or identical title.'),
    detected_at: z.string().describe('When the service found the reintroduction (ISO 8601).'),
  }),
);
export type ReintroductionView = z.infer<ReturnType<typeof ReintroductionView>>;

/** What the bill detail shows beyond a list item: how its status got where it is (oldest first), its related bills and reintroductions. */
export const BillDetailFields = lazySchema(() =>
  z.object({
    status_timeline: z.array(StatusTimelineEntry()).describe('Each change of status, oldest first'),
    related_bills: z
      .array(RelatedBillView())
      .describe('Bills Congress.gov relates to this one (identical, companion, procedurally related), newest Congress first.'),
    reintroduction_of: ReintroductionView().nullable().describe('The bill of an earlier Congress this bill reintroduces, or null.'),
    reintroduced_as: z.array(ReintroductionView()).describe('Bills of later Congresses that reintroduce this one, oldest Congress first.'),
    crs_summaries: z
      .array(CrsSummary())
      .describe(
        "The Congressional Research Service's summaries of the bill's versions, oldest first, each with its version code and date (from GPO's Bill Status files; empty when none).",
      ),
    subjects: z.array(z.string()).describe('The legislative subjects CRS assigned, alphabetical (empty when unknown)'),
    laws: z.array(BillLaw()).describe('The laws the bill became, such as Public Law 117-103 (empty when none)'),
    committee_reports: z.array(z.string()).describe('Citations of the committee reports on the bill, such as H. Rept. 117-118 (empty when none)'),
  }),
);

/** A related-bill record as the detail shows it. */
export const relatedBillView = (r: { bill_id: string; label: string; title: string; congress: number; relationships: Relationship[] }): RelatedBillView => ({
  id: r.bill_id,
  label: r.label,
  title: r.title,
  congress: r.congress,
  relationships: r.relationships,
  identified_by: [...new Set(r.relationships.map((x) => x.identified_by))],
});

/** The other bill of a reintroduction, as the detail shows it. */
export const reintroductionView = (
  other: { bill_id: string; label: string; title: string; congress: number },
  rec: { reason: ReintroductionView['reason']; detected_at: string },
): ReintroductionView => ({
  id: other.bill_id,
  label: other.label,
  title: other.title,
  congress: other.congress,
  reason: rec.reason,
  detected_at: rec.detected_at,
});

/** A bill as lists and detail show it: has_document derived, provenance as data_as_of, no timeline (lists stay small). */
export function billView(bill: Bill, extra: { hasText?: boolean; isFollowing?: boolean } = {}): BillView {
  const { provenance, status_timeline: _timeline, ...rest } = bill;
  return {
    ...rest,
    has_document: bill.has_document || bill.document_status !== 'no_text' || Boolean(extra.hasText),
    data_as_of: provenance.fetched_at,
    ...(extra.isFollowing === undefined ? {} : { is_following: extra.isFollowing }),
  };
}

export const ActionView = lazySchema(() =>
  z
    .object({
      action_date: z.string().describe('The date of the action (YYYY-MM-DD)'),
      action_text: z.string().describe('The text of the action'),
      category: ActionCategory().describe('The category: vote, presidential, committee_report, calendar, referral or procedural'),
      action_code: z.string().nullable().describe('The action code Congress.gov gives; null when none'),
      action_type: z.string().nullable().describe('The action type Congress.gov gives; null when none'),
      recorded_votes: z
        .array(
          z.object({
            chamber: z.string().describe('The chamber: house or senate'),
            roll_number: z.number().describe('The roll-call number within the session'),
            session: z.number().describe('The session of the Congress (1 or 2)'),
            url: z.string().describe('The clerk or Senate XML of the roll call'),
          }),
        )
        .describe('The roll calls the action records'),
      committees: z
        .array(z.string())
        .describe('Codes of the committees or subcommittees the action names (HSII, SSFR24): for a referral, where the bill was sent; empty when none'),
      data_as_of: z.string().describe('When the data was fetched from its source (ISO 8601, UTC)'),
      source: z.string().describe('The data source it was read from'),
    })
    .meta({ id: 'BillAction', description: 'One action of a bill, with its category' }),
);

/** An action as the timeline shows it. */
export const actionView = (a: BillAction) => ({
  action_date: a.action_date,
  action_text: a.action_text,
  category: a.category,
  action_code: a.action_code,
  action_type: a.action_type,
  recorded_votes: a.recorded_votes.map((r) => ({ chamber: r.chamber, roll_number: r.roll_number, session: r.session, url: r.url })),
  committees: a.committees ?? [],
  data_as_of: a.provenance.fetched_at,
  source: a.provenance.source,
});

export const TextVersionView = lazySchema(() =>
  z
    .object({
      version_code: z.string().describe('The GPO version code: ih, rh, rfs, eh, enr, \u2026'),
      label: z.string().describe('A human label such as "Introduced in House"'),
      published_date: z.string().nullable().describe('When the version was published (YYYY-MM-DD); null when unknown'),
      format: z.string().describe('The format of the stored original'),
      size: z.number().describe('The size of the stored original, in bytes'),
      fetched_at: z.string().describe('When it was fetched (ISO 8601, UTC)'),
    })
    .meta({ id: 'TextVersion', description: 'One published text version of a bill' }),
);
/** A text version without its storage keys. */
export const textVersionView = (v: TextVersion) => ({
  version_code: v.version_code,
  label: v.label,
  published_date: v.published_date,
  format: v.format,
  size: v.size,
  fetched_at: v.fetched_at,
});

const ValueChangeView = lazySchema(() =>
  z.object({ removed: z.array(z.string()).describe('What was removed'), added: z.array(z.string()).describe('What was added') }),
);
const SectionSummaryView = lazySchema(() =>
  z.object({
    section: z.string().describe('The section reference as printed in the text'),
    heading: z.string().describe('The heading of the section'),
  }),
);
/** The section diff of two text versions (section-diff.ts's TextDiff). */
export const TextDiffView = lazySchema(() =>
  z
    .object({
      sections_added: z.array(SectionSummaryView()).describe('Sections only the newer version has'),
      sections_removed: z.array(SectionSummaryView()).describe('Sections only the older version has'),
      sections_modified: z
        .array(
          SectionSummaryView().extend({
            changes: z
              .object({
                amounts: ValueChangeView().describe('Dollar amounts added and removed'),
                dates: ValueChangeView().describe('Dates added and removed'),
                deadlines: ValueChangeView().describe('Deadlines added and removed'),
              })
              .describe('The amounts, dates and deadlines that changed'),
            added_sentences: z.array(z.string()).describe('Sentences added to the section'),
            removed_sentences: z.array(z.string()).describe('Sentences removed from the section'),
          }),
        )
        .describe('Sections both versions have, with their changes'),
      unchanged_count: z.number().describe('How many sections did not change'),
    })
    .meta({ id: 'TextDiff', description: 'The section-level diff of a text version against the previous one' }),
);
// The schema documents the TextDiff the diff builds: the two must not drift apart.
const _sameDiff: [TextDiff, z.infer<ReturnType<typeof TextDiffView>>] = [{} as z.infer<ReturnType<typeof TextDiffView>>, {} as TextDiff];

/** One text version with its text and the section diff against the previous version (null for the first). */
export const BillTextView = lazySchema(() =>
  TextVersionView().extend({
    bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
    text: z.string().describe('The plain text'),
    previous_version_code: z.string().nullable().describe('The version compared against; null for the first version'),
    diff: TextDiffView().nullable().describe('The section diff against the previous version; null for the first'),
  }),
);

export const FollowedPosition = lazySchema(() =>
  z.object({
    member_id: z.string().describe('The Bioguide id of the member, such as P000197'),
    name: z.string().describe("The member's name as 'Last, First'"),
    title: z.enum(['Sen.', 'Rep.']).describe('Sen. or Rep.'),
    party: z.string().nullable().describe('The party initial (D, R, I, \u2026); null when unknown'),
    state: z.string().nullable().describe('The two-letter state code'),
    position: z.string().describe('How the member voted: Yea, Nay, Present, Not Voting'),
  }),
);
export const RollCallView = lazySchema(() =>
  RollCall()
    .omit({ provenance: true })
    .extend({
      data_as_of: z.string().describe('When the data was fetched from its source (ISO 8601, UTC)'),
      followed_positions: z.array(FollowedPosition()).describe('How the members the caller follows voted (signed-in callers only)'),
    })
    .meta({ id: 'RollCall', description: 'A roll-call vote with its counts and result' }),
);

export const MemberView = lazySchema(() =>
  Member()
    .omit({ provenance: true })
    .extend({
      data_as_of: z.string().describe('When the data was fetched from its source (ISO 8601, UTC)'),
      is_following: z.boolean().optional().describe('Whether the signed-in caller follows it (signed-in callers only)'),
      enrichment_pending: z.boolean().describe("Whether Congress.gov's profile (bio, terms, counts) is asked for and on its way (enrichment_state pending)"),
      enrichment_state: EnrichmentState(),
      enrichment_detail: z.string().nullable().describe('For a failed enrichment, what Congress.gov answered; null otherwise'),
    })
    .meta({ id: 'Member', description: 'A member of Congress as lists and the profile show them' }),
);
/**
 * A member as lists and profiles show it. The profile passes the member's
 * enrichment claim (what became of the first-view enrichment); lists, which
 * do not read it, say done or not_requested from enriched_at alone.
 */
export function memberView(m: Member, extra: { isFollowing?: boolean; enrichment?: EnrichmentRecord | null; now?: Date } = {}) {
  const { provenance, ...rest } = m;
  const state = enrichmentState(m.enriched_at, extra.enrichment ?? null, extra.now ?? new Date());
  return {
    ...rest,
    data_as_of: provenance.fetched_at,
    enrichment_pending: state === 'pending',
    enrichment_state: state,
    enrichment_detail: state === 'failed' ? (extra.enrichment?.detail ?? null) : null,
    ...(extra.isFollowing === undefined ? {} : { is_following: extra.isFollowing }),
  };
}

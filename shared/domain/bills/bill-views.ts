/**
 * What the Bills and Members endpoints return: the public shapes (zod, for
 * the OpenAPI document) and the pure functions that build them from records.
 */
import * as z from 'zod';
import { ActionCategory } from './action-categories.ts';
import type { BillAction } from './action.schema.ts';
import { Bill, Member } from './bill.schema.ts';
import { StatusTimelineEntry } from './bill-status.ts';
import { Relationship } from './related-bills.ts';
import type { TextVersion } from './text-version.schema.ts';
import type { TextDiff } from '#shared/domain/briefs/section-diff.ts';
import { RollCall } from '#shared/domain/votes/vote.schema.ts';

/** A bill as lists show it, with its status; the detail adds the status timeline (BillDetailFields). */
export const BillView = Bill.omit({ provenance: true, status_timeline: true }).extend({
  has_document: z.boolean(),
  data_as_of: z.string(),
  is_following: z.boolean().optional(),
});
export type BillView = z.infer<typeof BillView>;

/** A related bill as the detail lists it. */
export const RelatedBillView = z.object({
  id: z.string().describe("The related bill's id, e.g. 118-s-870."),
  label: z.string().describe('Its display label, e.g. "S. 870".'),
  title: z.string().describe('Its title as Congress.gov lists it.'),
  congress: z.number().int().describe('The Congress it belongs to (a related bill may be of another Congress).'),
  relationships: z.array(Relationship).describe('Each relationship Congress.gov records between the two bills, identical bills first.'),
  identified_by: z.array(z.string()).describe('Who identified the relationships (House, Senate, CRS), each once.'),
});
export type RelatedBillView = z.infer<typeof RelatedBillView>;

/** One side of a reintroduction: the other bill and why the two are taken as one bill reintroduced. */
export const ReintroductionView = z.object({
  id: z.string().describe("The other bill's id."),
  label: z.string().describe('Its display label, e.g. "H.R. 29".'),
  title: z.string().describe('Its title.'),
  congress: z.number().int().describe('Its Congress.'),
  reason: z
    .enum(['identical_bill', 'same_sponsor_title', 'identical_title'])
    .describe('Why it is a reintroduction: listed by Congress.gov as an identical bill, same sponsor and (near-)identical title, or identical title.'),
  detected_at: z.string().describe('When the service found the reintroduction (ISO 8601).'),
});
export type ReintroductionView = z.infer<typeof ReintroductionView>;

/** What the bill detail shows beyond a list item: how its status got where it is (oldest first), its related bills and reintroductions. */
export const BillDetailFields = z.object({
  status_timeline: z.array(StatusTimelineEntry),
  related_bills: z
    .array(RelatedBillView)
    .describe('Bills Congress.gov relates to this one (identical, companion, procedurally related), newest Congress first.'),
  reintroduction_of: ReintroductionView.nullable().describe('The bill of an earlier Congress this bill reintroduces, or null.'),
  reintroduced_as: z.array(ReintroductionView).describe('Bills of later Congresses that reintroduce this one, oldest Congress first.'),
});

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

export const ActionView = z.object({
  action_date: z.string(),
  action_text: z.string(),
  category: ActionCategory,
  action_code: z.string().nullable(),
  action_type: z.string().nullable(),
  recorded_votes: z.array(z.object({ chamber: z.string(), roll_number: z.number(), session: z.number(), url: z.string() })),
  data_as_of: z.string(),
  source: z.string(),
});

/** An action as the timeline shows it. */
export const actionView = (a: BillAction) => ({
  action_date: a.action_date,
  action_text: a.action_text,
  category: a.category,
  action_code: a.action_code,
  action_type: a.action_type,
  recorded_votes: a.recorded_votes.map((r) => ({ chamber: r.chamber, roll_number: r.roll_number, session: r.session, url: r.url })),
  data_as_of: a.provenance.fetched_at,
  source: a.provenance.source,
});

export const TextVersionView = z.object({
  version_code: z.string(),
  label: z.string(),
  published_date: z.string().nullable(),
  format: z.string(),
  size: z.number(),
  fetched_at: z.string(),
});
/** A text version without its storage keys. */
export const textVersionView = (v: TextVersion) => ({
  version_code: v.version_code,
  label: v.label,
  published_date: v.published_date,
  format: v.format,
  size: v.size,
  fetched_at: v.fetched_at,
});

const ValueChangeView = z.object({ removed: z.array(z.string()), added: z.array(z.string()) });
const SectionSummaryView = z.object({ section: z.string(), heading: z.string() });
/** The section diff of two text versions (section-diff.ts's TextDiff). */
export const TextDiffView = z.object({
  sections_added: z.array(SectionSummaryView),
  sections_removed: z.array(SectionSummaryView),
  sections_modified: z.array(
    SectionSummaryView.extend({
      changes: z.object({ amounts: ValueChangeView, dates: ValueChangeView, deadlines: ValueChangeView }),
      added_sentences: z.array(z.string()),
      removed_sentences: z.array(z.string()),
    }),
  ),
  unchanged_count: z.number(),
});
// The schema documents the TextDiff the diff builds: the two must not drift apart.
const _sameDiff: [TextDiff, z.infer<typeof TextDiffView>] = [{} as z.infer<typeof TextDiffView>, {} as TextDiff];

/** One text version with its text and the section diff against the previous version (null for the first). */
export const BillTextView = TextVersionView.extend({
  bill_id: z.string(),
  text: z.string(),
  previous_version_code: z.string().nullable(),
  diff: TextDiffView.nullable(),
});

export const FollowedPosition = z.object({
  member_id: z.string(),
  name: z.string(),
  title: z.enum(['Sen.', 'Rep.']),
  party: z.string().nullable(),
  state: z.string().nullable(),
  position: z.string(),
});
export const RollCallView = RollCall.omit({ provenance: true }).extend({ data_as_of: z.string(), followed_positions: z.array(FollowedPosition) });

export const MemberView = Member.omit({ provenance: true }).extend({
  data_as_of: z.string(),
  is_following: z.boolean().optional(),
  enrichment_pending: z.boolean(),
});
/** A member as lists and profiles show it. */
export function memberView(m: Member, extra: { isFollowing?: boolean } = {}) {
  const { provenance, ...rest } = m;
  return {
    ...rest,
    data_as_of: provenance.fetched_at,
    enrichment_pending: m.enriched_at === null,
    ...(extra.isFollowing === undefined ? {} : { is_following: extra.isFollowing }),
  };
}

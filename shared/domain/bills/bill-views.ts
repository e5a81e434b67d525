/**
 * What the Bills and Members endpoints return: the public shapes (zod, for
 * the OpenAPI document) and the pure functions that build them from records.
 */
import * as z from 'zod';
import { ActionCategory } from './action-categories.ts';
import type { BillAction } from './action.schema.ts';
import { Bill, Member } from './bill.schema.ts';
import { StatusTimelineEntry } from './bill-status.ts';
import type { TextVersion } from './text-version.schema.ts';
import type { TextDiff } from '#shared/domain/briefs/section-diff.ts';
import { RollCall } from '#shared/domain/votes/vote.schema.ts';

/** A bill as lists show it, with its status; the detail adds the status timeline (BillDetailFields). */
export const BillView = Bill.omit({ provenance: true, status_timeline: true })
  .extend({
    has_document: z.boolean(),
    data_as_of: z.string(),
    is_following: z.boolean().optional(),
  })
  .meta({ id: 'BillListItem', description: 'A bill as lists show it: its fields, sponsor and status, without the status timeline' });
export type BillView = z.infer<typeof BillView>;

/** What the bill detail shows beyond a list item: how its status got where it is, oldest first. */
export const BillDetailFields = z.object({ status_timeline: z.array(StatusTimelineEntry) });

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

export const ActionView = z
  .object({
    action_date: z.string(),
    action_text: z.string(),
    category: ActionCategory,
    action_code: z.string().nullable(),
    action_type: z.string().nullable(),
    recorded_votes: z.array(z.object({ chamber: z.string(), roll_number: z.number(), session: z.number(), url: z.string() })),
    data_as_of: z.string(),
    source: z.string(),
  })
  .meta({ id: 'BillAction', description: 'One action of a bill, with its category' });

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

export const TextVersionView = z
  .object({
    version_code: z.string(),
    label: z.string(),
    published_date: z.string().nullable(),
    format: z.string(),
    size: z.number(),
    fetched_at: z.string(),
  })
  .meta({ id: 'TextVersion', description: 'One published text version of a bill' });
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
export const TextDiffView = z
  .object({
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
  })
  .meta({ id: 'TextDiff', description: 'The section-level diff of a text version against the previous one' });
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
export const RollCallView = RollCall.omit({ provenance: true })
  .extend({ data_as_of: z.string(), followed_positions: z.array(FollowedPosition) })
  .meta({ id: 'RollCall', description: 'A roll-call vote with its counts and result' });

export const MemberView = Member.omit({ provenance: true })
  .extend({
    data_as_of: z.string(),
    is_following: z.boolean().optional(),
    enrichment_pending: z.boolean(),
  })
  .meta({ id: 'Member', description: 'A member of Congress as lists and the profile show them' });
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

/**
 * Reply shapes of the personal routes that are not records themselves
 * (alignment, dashboard, search, shares), for the OpenAPI document.
 */
import * as z from 'zod';
import { FollowMode } from '#shared/domain/bills/action-categories.ts';
import { BriefPoint } from '#shared/domain/briefs/brief.schema.ts';
import { Collection } from '#shared/domain/personal/collection.schema.ts';
import { BillSummary, MemberSummary } from '#shared/domain/personal/summaries.ts';

const Tally = z.object({ compared: z.number(), matched: z.number(), percent: z.number().nullable() });

export const AlignmentReply = z.object({
  items: z.array(
    z.object({
      member_id: z.string(),
      member: z.union([MemberSummary, z.object({ id: z.string() })]),
      comparable: z.boolean(),
      note: z.string().nullable(),
      alignment: Tally,
      before_stance: Tally,
      after_stance: Tally,
      procedural_votes: z.number(),
      not_voting: z.number(),
      votes: z.array(
        z.object({
          vote_id: z.string(),
          bill_id: z.string(),
          bill_label: z.string().nullable(),
          date: z.string(),
          question: z.string(),
          result: z.string().nullable(),
          vote_class: z.enum(['passage', 'procedural']),
          position: z.string(),
          position_class: z.enum(['yea', 'nay', 'not_voting']),
          stance: z.enum(['hold_boost', 'hold_veto']),
          wanted: z.enum(['Yea', 'Nay']),
          outcome: z.enum(['matched', 'differed', 'not_voting']),
          bucket: z.enum(['counted', 'procedural', 'not_voting']),
          timing: z.enum(['before_stance', 'after_stance']),
        }),
      ),
    }),
  ),
  stanced_bills: z.number(),
  followed_members: z.number(),
  method: z.string(),
});

const TrendingReply = z.object({
  title: z.literal('Most Popular'),
  trending_source: z.enum(['scores', 'recent_activity']),
  window_days: z.number().nullable(),
  items: z.array(BillSummary.extend({ score: z.number().nullable() })),
});

export const DashboardReply = z.object({
  personalized: z.boolean(),
  most_popular: TrendingReply,
  followed_bills: z.array(BillSummary.extend({ follow_mode: FollowMode.nullable() })).optional(),
  followed_members: z
    .array(
      z.object({
        member: MemberSummary,
        recent_votes: z.array(
          z.object({ vote_id: z.string(), bill_id: z.string().nullable(), date: z.string(), question: z.string(), position: z.string(), result: z.string() }),
        ),
      }),
    )
    .optional(),
  followed_topics: z.array(z.string()).optional(),
});

export const TopicCount = z.object({ topic: z.string(), bill_count: z.number() });

export const SearchReply = z.object({
  q: z.string(),
  bills: z.array(BillSummary),
  members: z.array(MemberSummary),
  topics: z.array(TopicCount),
});

const BillsPage = z.object({ items: z.array(BillSummary.extend({ added_at: z.string() })), next_cursor: z.string().nullable() });

export const CollectionWithBillsReply = Collection.extend({ bills: BillsPage }).meta({
  id: 'CollectionWithBills',
  description: 'A collection of the caller with a page of its bills',
});
export const PublicCollectionReply = Collection.omit({ user_id: true })
  .extend({ bills: BillsPage })
  .meta({ id: 'PublicCollection', description: 'A public collection with a page of its bills, as its share link shows it' });

export const SharedBriefReply = z.object({
  brief: z.object({
    bill_id: z.string(),
    version: z.number(),
    type: z.enum(['full', 'amendment']),
    summary: z.string(),
    points: z.array(BriefPoint),
    topic_tags: z.array(z.string()),
    method: z.enum(['llm', 'extractive']),
    share_token: z.string(),
    created_at: z.string(),
  }),
  bill: BillSummary.nullable(),
});

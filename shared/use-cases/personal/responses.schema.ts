/**
 * Reply shapes of the personal routes that are not records themselves
 * (alignment, dashboard, search, shares), for the OpenAPI document.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { FollowMode } from '#shared/domain/bills/action-categories.ts';
import { BriefPoint } from '#shared/domain/briefs/brief.schema.ts';
import { Collection } from '#shared/domain/personal/collection.schema.ts';
import { BillSummary, MemberSummary } from '#shared/domain/personal/summaries.ts';
import { NextCursor } from '#shared/domain/paging.ts';

const Tally = lazySchema(() =>
  z.object({
    compared: z.number().describe('How many were compared'),
    matched: z.number().describe('How many matched'),
    percent: z.number().nullable().describe('The share, in percent'),
  }),
);

export const AlignmentReply = lazySchema(() =>
  z.object({
    items: z
      .array(
        z.object({
          member_id: z.string().describe('The Bioguide id of the member, such as P000197'),
          member: z
            .union([MemberSummary(), z.object({ id: z.string().describe('The Bioguide id of the member') })])
            .describe('The member (only the id when the member is not stored)'),
          comparable: z.boolean().describe('Whether enough votes could be compared'),
          note: z.string().nullable().describe('Why the alignment cannot be compared, when it cannot'),
          alignment: Tally().describe('Counted votes where the member voted as the caller wanted'),
          before_stance: Tally().describe('Votes before the stance was set'),
          after_stance: Tally().describe('Votes after the stance was set'),
          procedural_votes: z.number().describe('Procedural votes, not counted'),
          not_voting: z.number().describe('Members not voting'),
          votes: z
            .array(
              z.object({
                vote_id: z.string().describe('The roll-call vote id: {chamber}-{congress}-{session}-{roll}'),
                bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
                bill_label: z.string().nullable().describe('The display label of the bill, such as H.R. 3076'),
                date: z.string().describe('The date (YYYY-MM-DD)'),
                question: z.string().describe('The question voted on'),
                result: z.string().nullable().describe('The result as recorded'),
                vote_class: z.enum(['passage', 'procedural']).describe('passage (counted) or procedural (not counted)'),
                position: z.string().describe('How the member voted: Yea, Nay, Present, Not Voting'),
                position_class: z.enum(['yea', 'nay', 'not_voting']).describe('The position as counted: yea, nay or not_voting'),
                stance: z.enum(['hold_boost', 'hold_veto']).describe("The caller's stance on the bill: hold_boost (for) or hold_veto (against)"),
                wanted: z.enum(['Yea', 'Nay']).describe('The vote the caller wanted, from the stance'),
                outcome: z.enum(['matched', 'differed', 'not_voting']).describe('matched, differed or not_voting'),
                bucket: z.enum(['counted', 'procedural', 'not_voting']).describe('Where the vote counts: counted, procedural or not_voting'),
                timing: z.enum(['before_stance', 'after_stance']).describe('Whether the vote came before or after the stance was set'),
              }),
            )
            .describe('The per-vote breakdown'),
        }),
      )
      .describe('Followed members, best aligned first'),
    stanced_bills: z.number().describe('How many followed bills carry a stance'),
    followed_members: z.number().describe('How many members the caller follows'),
    method: z.string().describe('How alignment is computed, in a sentence'),
  }),
);

const TrendingReply = lazySchema(() =>
  z.object({
    title: z.literal('Most Popular').describe('The heading of the list'),
    trending_source: z.enum(['scores', 'recent_activity']).describe('What ranked the most popular bills: trend scores or recent activity'),
    window_days: z.number().nullable().describe('The window, in days'),
    items: z.array(BillSummary().extend({ score: z.number().nullable().describe('The score, 0-100') })).describe('The bills, most popular first'),
  }),
);

export const DashboardReply = lazySchema(() =>
  z.object({
    personalized: z.boolean().describe("Whether the dashboard is the signed-in caller's"),
    most_popular: TrendingReply().describe('The most popular bills by public-interest score'),
    followed_bills: z
      .array(BillSummary().extend({ follow_mode: FollowMode().nullable().describe('How a bill follow notifies: its follow mode') }))
      .optional()
      .describe('Followed bills with recent activity'),
    followed_members: z
      .array(
        z.object({
          member: MemberSummary(),
          recent_votes: z
            .array(
              z.object({
                vote_id: z.string().describe('The roll-call vote id: {chamber}-{congress}-{session}-{roll}'),
                bill_id: z.string().nullable().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
                date: z.string().describe('The date (YYYY-MM-DD)'),
                question: z.string().describe('The question voted on'),
                position: z.string().describe('How the member voted: Yea, Nay, Present, Not Voting'),
                result: z.string().describe('The result as recorded'),
              }),
            )
            .describe('Their latest recorded votes'),
        }),
      )
      .optional()
      .describe('Followed members with recent activity'),
    followed_topics: z
      .array(z.string())
      .optional()
      .describe('Followed topics, newest first, at most as many as the topic vocabulary holds (GET /api/follows?target_type=topic pages them all)'),
  }),
);

export const TopicCount = lazySchema(() =>
  z.object({ topic: z.string().describe('A topic tag such as health'), bill_count: z.number().describe('How many bills it holds') }),
);

export const SearchReply = lazySchema(() =>
  z.object({
    q: z.string().describe('The search words'),
    bills: z
      .array(
        BillSummary().extend({
          match: z
            .object({
              section: z.string().describe('The passage that matched: "CRS summary", "Brief", or a section of the latest text such as "Sec. 3"'),
              snippet: z.string().describe('Words around the match, HTML-escaped, the matched words in <mark>'),
            })
            .nullable()
            .describe('Where the bill matched; null when only its number, titles, subjects or sponsor did'),
        }),
      )
      .describe('Matching bills, most relevant first (or newest first with sort=date)'),
    total: z.number().int().describe('How many bills match in all'),
    next_cursor: NextCursor(),
    members: z.array(MemberSummary()).describe('Matching members'),
    topics: z.array(TopicCount()).describe('Matching topics with their bill counts'),
  }),
);

const BillsPage = lazySchema(() =>
  z.object({
    items: z.array(BillSummary().extend({ added_at: z.string().describe('When the bill was added') })).describe('This page of its bills'),
    next_cursor: NextCursor(),
  }),
);

export const CollectionWithBillsReply = lazySchema(() =>
  Collection()
    .extend({ bills: BillsPage().describe('A page of its bills, newest added first') })
    .meta({
      id: 'CollectionWithBills',
      description: 'A collection of the caller with a page of its bills',
    }),
);
export const PublicCollectionReply = lazySchema(() =>
  Collection()
    .omit({ user_id: true })
    .extend({ bills: BillsPage().describe('A page of its bills, newest added first') })
    .meta({ id: 'PublicCollection', description: 'A public collection with a page of its bills, as its share link shows it' }),
);

export const SharedBriefReply = lazySchema(() =>
  z.object({
    brief: z
      .object({
        bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
        version: z.number().describe('The version number, 1, 2, \u2026 per bill'),
        type: z.enum(['full', 'amendment']).describe('full (one text version) or amendment (the changes between two versions)'),
        summary: z.string().describe('A short summary'),
        points: z.array(BriefPoint()).describe('The points of the brief, each labelled and cited'),
        topic_tags: z.array(z.string()).describe('Topic tags of the bill from its latest brief (lower-case kebab-case)'),
        method: z.enum(['llm', 'extractive']).describe('llm, or extractive (the offline briefer)'),
        share_token: z.string().describe('The token of its share link'),
        created_at: z.string().describe('When it was created (ISO 8601, UTC)'),
      })
      .describe('The shared brief'),
    bill: BillSummary().nullable().describe('Its bill; null when the bill is no longer stored'),
  }),
);

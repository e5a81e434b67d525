/** Routes of the members function group (functions/api/members.ts implements them). */
import * as z from 'zod';
import { Chamber } from '#shared/domain/members/member.schema.ts';
import { BillView, MemberView } from '#shared/domain/bills/bill-views.ts';
import { CommitteeAssignment } from '#shared/domain/committees/committee-views.ts';
import { MemberVote } from '#shared/domain/votes/vote.schema.ts';
import { MemberRecordView } from '#shared/domain/members/report-card.schema.ts';
import { defineRoute, lazySchema, type RouteDef } from '#shared/edges/http/route.ts';
import { MemberIdParams, listOf } from '#shared/edges/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';
import { ChangeFeedQuery } from '#shared/domain/change-feed-query.ts';

const MemberListQuery = lazySchema(() =>
  Paging().extend({
    ...ChangeFeedQuery().shape,
    q: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .optional()
      .describe('The search words: a name in either form or a nickname ("bernie"), or a state\'s name or code ("vermont", "VT") for its sitting members'),
    state: z
      .string()
      .regex(/^[A-Za-z]{2}$/, { error: 'must be a 2-letter state code' })
      .transform((s) => s.toUpperCase())
      .optional()
      .describe('The two-letter state code'),
    chamber: Chamber().optional().describe('The chamber: house or senate'),
    party: z
      .string()
      .regex(/^[A-Za-z]{1,3}$/, { error: 'must be a party code such as D, R or I' })
      .transform((s) => s.toUpperCase())
      .optional()
      .describe('The party initial (D, R, I, \u2026); null when unknown'),
  }),
);

/** A member's profile: the member as lists show them, with their committee seats. */
const MemberDetail = lazySchema(() =>
  MemberView()
    .extend({
      committee_assignments: z
        .array(CommitteeAssignment())
        .describe(
          "The member's committee and subcommittee seats (congress-legislators): full committees first, each followed by its subcommittees; empty when none",
        ),
    })
    .meta({ id: 'MemberDetail', description: "A member's profile with their committee and subcommittee seats" }),
);

// by-zip comes first so /api/members/by-zip/{zip} is never read as a member id.
export const membersByZip = defineRoute({
  operationId: 'membersByZip',
  description:
    'The senators and House members for a 5-digit ZIP: every district the ZIP touches (ambiguous when several); an address narrows it to one district, and an address that cannot be looked up (offline, or the address service failing) leaves every district listed, saying so in address_lookup. Anonymous; 422 for a malformed ZIP or an address outside the ZIP or not found, 503 zip.lookup_unavailable when the ZIP itself cannot be looked up.',
  method: 'GET',
  path: '/api/members/by-zip/{zip}',
  fn: 'members',
  auth: 'none',
  cache: 'public',
  summary:
    'Representatives for a 5-digit ZIP: the senators and House members of every district it touches (ambiguous when several); address picks one district',
  tags: ['members'],
  params: () =>
    z.object({
      zip: z
        .string()
        .regex(/^\d{5}$/, { error: 'must be a 5-digit ZIP code' })
        .describe('A 5-digit ZIP code'),
    }),
  query: () =>
    z.object({
      address: z
        .string()
        .trim()
        .min(3, { error: 'must be a street address' })
        .max(200)
        .optional()
        .describe('A street address, to pick one district of a ZIP that touches several'),
    }),
  response: () =>
    z.object({
      zip: z.string().describe('A 5-digit ZIP code'),
      state: z.string().describe("The ZIP's state (the first, when a ZIP crosses a state line)."),
      district: z
        .number()
        .int()
        .nullable()
        .describe('The district when the ZIP (or the address) is in one; null when ambiguous. At-large and delegate seats are 0.'),
      districts: z
        .array(
          z.object({
            state: z.string().describe('The two-letter state code'),
            district: z.number().int().describe('The House district number; null for senators and at-large seats'),
          }),
        )
        .describe("Every district the ZIP touches, or the address's one."),
      ambiguous: z.boolean().describe('Whether the ZIP touches more than one district'),
      address_lookup: z
        .object({
          status: z
            .enum(['matched', 'not_needed', 'unavailable'])
            .describe(
              'matched: the address picked its district; not_needed: the ZIP is in one district; unavailable: the address could not be looked up (offline, or the service failed), so every district of the ZIP is listed',
            ),
          detail: z.string().nullable().describe('What happened, in plain words; null when matched'),
        })
        .nullable()
        .describe('What became of the address; null when none was given'),
      members: z.array(MemberView()).describe('The senators, and the House members of every district listed.'),
    }),
});

export const listMembers = defineRoute({
  operationId: 'listMembers',
  description:
    'Members of Congress, a page at a time; q matches both "Last, First" and "First Last"; filters by state, chamber and party. With sort=updated_asc (and optionally changed_since) it is the change feed of every member (no other filter): members in the order their content updated_at moved, oldest first, resumable by cursor or by changed_since. Anonymous or signed in (is_following for a signed-in caller); 422 for a change feed with another filter.',
  method: 'GET',
  path: '/api/members',
  fn: 'members',
  auth: 'optional',
  cache: 'public',
  summary: "Members; q matches both 'Last, First' and 'First Last'; filters state, chamber, party",
  tags: ['members'],
  query: MemberListQuery,
  response: () => listOf(MemberView()),
});

export const getMember = defineRoute({
  operationId: 'getMember',
  description:
    "A member's profile: party, state, district, terms, leadership, counts and committee seats; the first view queues its enrichment (bio, terms). Anonymous or signed in; 404 for an unknown member.",
  method: 'GET',
  path: '/api/members/{id}',
  fn: 'members',
  auth: 'optional',
  cache: 'public',
  summary: 'Member profile; the first view queues its enrichment (bio, terms, leadership, counts)',
  tags: ['members'],
  params: () => MemberIdParams(),
  response: () => MemberDetail(),
});

export const listMemberBills = defineRoute({
  operationId: 'listMemberBills',
  description: 'The bills a member sponsored and cosponsored; role=sponsored or role=cosponsored pages through one kind. Anonymous; 404 for an unknown member.',
  method: 'GET',
  path: '/api/members/{id}/bills',
  fn: 'members',
  auth: 'none',
  cache: 'public',
  summary: 'Sponsored and cosponsored bills (role=sponsored|cosponsored pages through one kind)',
  tags: ['members'],
  params: () => MemberIdParams(),
  query: () => Paging().extend({ role: z.enum(['sponsored', 'cosponsored', 'all']).default('all').describe('sponsored or cosponsored') }),
  response: () => listOf(BillView().extend({ role: z.enum(['sponsor', 'cosponsor']).describe('sponsored or cosponsored') })),
});

export const listMemberVotes = defineRoute({
  operationId: 'listMemberVotes',
  description:
    "A member's recorded positions, newest first, a page at a time, with each vote's question, kind and result. Anonymous; 404 for an unknown member.",
  method: 'GET',
  path: '/api/members/{id}/votes',
  fn: 'members',
  auth: 'none',
  cache: 'public',
  summary: "The member's recorded positions, newest first, with each vote's question, kind and result",
  tags: ['members'],
  params: () => MemberIdParams(),
  query: () => Paging(),
  response: () => listOf(MemberVote()),
});

export const getMemberRecord = defineRoute({
  operationId: 'getMemberRecord',
  description:
    "A member's report card per Congress, computed from the roll calls and bills the service holds: votes cast and missed (count and share of their chamber's roll calls while they served: the roll calls that list them), votes with their party's majority, bills sponsored and how far each went, cosponsorships across the aisle; and their current committee seats. Each figure says how many roll calls or bills it rests on and lists the roll calls or bills behind it (missed votes, votes against the party, bills, cosponsorships across the aisle; every position at votes_url). Cards are computed ahead of the read (compute_member_records), a few minutes after a roll call is stored. Anonymous; 404 for an unknown member.",
  method: 'GET',
  path: '/api/members/{id}/record',
  fn: 'members',
  auth: 'none',
  cache: 'public',
  summary: "The member's report card per Congress: votes cast, missed and with the party, bills sponsored, cosponsorships across the aisle, committees",
  tags: ['members'],
  params: () => MemberIdParams(),
  response: () => MemberRecordView(),
});

export const MEMBERS_ROUTES: RouteDef[] = [membersByZip, listMembers, getMember, listMemberBills, listMemberVotes, getMemberRecord];

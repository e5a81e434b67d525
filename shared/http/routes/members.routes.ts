/** Routes of the members function group (functions/api/members.ts implements them). */
import * as z from 'zod';
import { Chamber } from '#shared/domain/bills/bill.schema.ts';
import { BillView, MemberView } from '#shared/domain/bills/bill-views.ts';
import { MemberVote } from '#shared/domain/votes/vote.schema.ts';
import { defineRoute, type RouteDef } from '#shared/http/route.ts';
import { MemberIdParams, listOf } from '#shared/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';

export const MemberListQuery = Paging.extend({
  q: z.string().trim().min(1).max(500).optional(),
  state: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: 'must be a 2-letter state code' })
    .transform((s) => s.toUpperCase())
    .optional(),
  chamber: Chamber.optional(),
  party: z
    .string()
    .regex(/^[A-Za-z]{1,3}$/, { error: 'must be a party code such as D, R or I' })
    .transform((s) => s.toUpperCase())
    .optional(),
});

// by-zip comes first so /api/members/by-zip/{zip} is never read as a member id.
export const membersByZip = defineRoute({
  operationId: 'membersByZip',
  method: 'GET',
  path: '/api/members/by-zip/{zip}',
  fn: 'members',
  auth: 'none',
  summary:
    'Representatives for a 5-digit ZIP: the senators and House members of every district it touches (ambiguous when several); address picks one district',
  tags: ['members'],
  params: z.object({ zip: z.string().regex(/^\d{5}$/, { error: 'must be a 5-digit ZIP code' }) }),
  query: z.object({ address: z.string().trim().min(3, { error: 'must be a street address' }).max(200).optional() }),
  response: z.object({
    zip: z.string(),
    /** The ZIP's state (the first, when a ZIP crosses a state line). */
    state: z.string(),
    /** The district when the ZIP (or the address) is in one; null when ambiguous. At-large and delegate seats are 0. */
    district: z.number().int().nullable(),
    /** Every district the ZIP touches, or the address's one. */
    districts: z.array(z.object({ state: z.string(), district: z.number().int() })),
    ambiguous: z.boolean(),
    /** The senators, and the House members of every district listed. */
    members: z.array(MemberView),
  }),
});

export const listMembers = defineRoute({
  operationId: 'listMembers',
  method: 'GET',
  path: '/api/members',
  fn: 'members',
  auth: 'optional',
  summary: "Members; q matches both 'Last, First' and 'First Last'; filters state, chamber, party",
  tags: ['members'],
  query: MemberListQuery,
  response: listOf(MemberView),
});

export const getMember = defineRoute({
  operationId: 'getMember',
  method: 'GET',
  path: '/api/members/{id}',
  fn: 'members',
  auth: 'optional',
  summary: 'Member profile; the first view queues its enrichment (bio, terms, leadership, counts)',
  tags: ['members'],
  params: MemberIdParams,
  response: MemberView,
});

export const listMemberBills = defineRoute({
  operationId: 'listMemberBills',
  method: 'GET',
  path: '/api/members/{id}/bills',
  fn: 'members',
  auth: 'none',
  summary: 'Sponsored and cosponsored bills (role=sponsored|cosponsored pages through one kind)',
  tags: ['members'],
  params: MemberIdParams,
  query: Paging.extend({ role: z.enum(['sponsored', 'cosponsored', 'all']).default('all') }),
  response: listOf(BillView.extend({ role: z.enum(['sponsor', 'cosponsor']) })),
});

export const listMemberVotes = defineRoute({
  operationId: 'listMemberVotes',
  method: 'GET',
  path: '/api/members/{id}/votes',
  fn: 'members',
  auth: 'none',
  summary: "The member's recorded positions, newest first, with each vote's question, kind and result",
  tags: ['members'],
  params: MemberIdParams,
  query: Paging,
  response: listOf(MemberVote),
});

export const MEMBERS_ROUTES: RouteDef[] = [membersByZip, listMembers, getMember, listMemberBills, listMemberVotes];

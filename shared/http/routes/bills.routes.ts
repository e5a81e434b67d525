/** Routes of the bills function group (functions/api/bills.ts implements them). */
import * as z from 'zod';
import { MemberId } from '#shared/domain/members/member-id.ts';
import { BillCategory, Chamber } from '#shared/domain/bills/bill.schema.ts';
import { ActionView, BillDetailFields, BillTextView, BillView, RollCallView, TextVersionView } from '#shared/domain/bills/bill-views.ts';
import { StatusFilter } from '#shared/domain/bills/bill-status.ts';
import { Cosponsor } from '#shared/domain/bills/cosponsor.schema.ts';
import { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { defineRoute, type RouteDef } from '#shared/http/route.ts';
import { BillIdParams, listOf } from '#shared/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const BillListQuery = Paging.extend({
  has_document: bool.optional(),
  chamber: Chamber.optional(),
  congress: z.coerce.number().int().min(1).max(300).optional(),
  bill_category: BillCategory.optional(),
  topic: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, { error: 'must be a topic tag such as health' })
    .optional(),
  sponsor_id: MemberId.optional(),
  status: StatusFilter.optional(),
});

export const listBills = defineRoute({
  operationId: 'listBills',
  method: 'GET',
  path: '/api/bills',
  fn: 'bills',
  auth: 'optional',
  summary:
    'Bills, newest latest action first, with filters (status: a bill status code or a prefix such as ENACTED); each carries has_document and status (and is_following for users)',
  tags: ['bills'],
  query: BillListQuery,
  response: listOf(BillView),
});

export const getBillDetail = defineRoute({
  operationId: 'getBill',
  method: 'GET',
  path: '/api/bills/{id}',
  fn: 'bills',
  auth: 'optional',
  summary:
    'Bill detail: fields, sponsor, status and status timeline, related bills, reintroduction_of and reintroduced_as (the same bill in earlier and later Congresses), latest brief, has_document, introduced_date (null when unknown), counts',
  tags: ['bills'],
  params: BillIdParams,
  response: BillView.extend({
    ...BillDetailFields.shape,
    latest_brief: Brief.nullable(),
    text_versions: z.array(TextVersionView),
    counts: z.record(z.string(), z.number()),
  }),
});

export const listBillActions = defineRoute({
  operationId: 'listBillActions',
  method: 'GET',
  path: '/api/bills/{id}/actions',
  fn: 'bills',
  auth: 'none',
  summary: 'The action timeline, newest first, each with its category',
  tags: ['bills'],
  params: BillIdParams,
  query: Paging,
  response: listOf(ActionView),
});

export const getBillTextVersions = defineRoute({
  operationId: 'getBillText',
  method: 'GET',
  path: '/api/bills/{id}/text',
  fn: 'bills',
  auth: 'none',
  summary: 'Text versions with their published dates; ?version= returns one text with the section diff against the previous version',
  tags: ['bills'],
  params: BillIdParams,
  query: z.object({
    version: z
      .string()
      .regex(/^[a-z]{1,8}$/, { error: 'must be a version code such as ih or enr' })
      .optional(),
  }),
  response: z.union([listOf(TextVersionView), BillTextView]),
});

export const listBillCosponsors = defineRoute({
  operationId: 'listBillCosponsors',
  method: 'GET',
  path: '/api/bills/{id}/cosponsors',
  fn: 'bills',
  auth: 'none',
  summary: 'Cosponsors with their party',
  tags: ['bills'],
  params: BillIdParams,
  response: listOf(Cosponsor),
});

export const listBillVotes = defineRoute({
  operationId: 'listBillVotes',
  method: 'GET',
  path: '/api/bills/{id}/votes',
  fn: 'bills',
  auth: 'optional',
  summary: 'Roll calls: yea/nay counts, result, positions of the members the caller follows; the first view queues a vote fetch',
  tags: ['bills'],
  params: BillIdParams,
  response: listOf(RollCallView).extend({ vote_fetch_queued: z.boolean() }),
});

export const BILLS_ROUTES: RouteDef[] = [listBills, getBillDetail, listBillActions, getBillTextVersions, listBillCosponsors, listBillVotes];

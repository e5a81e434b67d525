/** Routes of the bills function group (functions/api/bills.ts implements them). */
import * as z from 'zod';
import { MemberId } from '#shared/domain/members/member-id.ts';
import { BillCategory } from '#shared/domain/bills/bill.schema.ts';
import { Chamber } from '#shared/domain/members/member.schema.ts';
import { ActionView, BillDetailFields, BillTextView, BillView, RollCallView, TextVersionView } from '#shared/domain/bills/bill-views.ts';
import { StatusFilter } from '#shared/domain/bills/bill-status.ts';
import { Cosponsor } from '#shared/domain/bills/cosponsor.schema.ts';
import { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { defineRoute, lazySchema, type RouteDef } from '#shared/edges/http/route.ts';
import { BillIdParams, listOf } from '#shared/edges/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';
import { ChangeFeedQuery } from '#shared/domain/change-feed-query.ts';
import { BillForecastResponse, ForecastModelCard } from '#shared/domain/bill-forecast/forecast-views.ts';

const bool = lazySchema(() => z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'));

const BillListQuery = lazySchema(() =>
  Paging().extend({
    ...ChangeFeedQuery().shape,
    has_document: bool().optional().describe('Only bills with (true) or without (false) a published text'),
    chamber: Chamber().optional().describe('The chamber: house or senate'),
    congress: z.coerce.number().int().min(1).max(300).optional().describe('Only bills of this Congress, such as 118'),
    bill_category: BillCategory().optional().describe('Only bills of this category'),
    topic: z
      .string()
      .regex(/^[a-z0-9-]{1,60}$/, { error: 'must be a topic tag such as health' })
      .optional()
      .describe('A topic tag such as health'),
    sponsor_id: MemberId().optional().describe('Only bills this member (a Bioguide id) sponsored'),
    status: StatusFilter().optional().describe('Only bills with this status code, or a status prefix such as ENACTED or PASS_OVER'),
  }),
);

export const listBills = defineRoute({
  operationId: 'listBills',
  description:
    'Bills, the most recent latest action first, a page at a time, filtered by document, chamber, Congress, category, topic, sponsor or status (a status code or a prefix such as ENACTED). With sort=updated_asc (and optionally changed_since) it is the change feed of one Congress (congress is required, no other filter): bills in the order their content updated_at moved, oldest first, resumable by cursor or by changed_since. Anonymous or signed in; a signed-in caller also gets is_following on each bill. 422 for a malformed filter or cursor, or a change feed without congress.',
  method: 'GET',
  path: '/api/bills',
  fn: 'bills',
  auth: 'optional',
  cache: 'public',
  summary:
    'Bills, newest latest action first, with filters (status: a bill status code or a prefix such as ENACTED); each carries has_document and status (and is_following for users)',
  tags: ['bills'],
  query: BillListQuery,
  response: () => listOf(BillView()),
});

export const getBillDetail = defineRoute({
  operationId: 'getBill',
  description:
    'One bill: its fields, sponsor, status with its dated timeline, latest brief, text versions and counts. Anonymous or signed in (a signed-in caller also gets is_following). 404 for an unknown bill, 422 for a malformed bill id.',
  method: 'GET',
  path: '/api/bills/{id}',
  fn: 'bills',
  auth: 'optional',
  cache: 'public',
  summary:
    'Bill detail: fields, sponsor, status and status timeline, related bills, reintroduction_of and reintroduced_as (the same bill in earlier and later Congresses), latest brief, has_document, introduced_date (null when unknown), counts',
  tags: ['bills'],
  params: () => BillIdParams(),
  response: () =>
    BillView()
      .extend({
        ...BillDetailFields().shape,
        latest_brief: Brief().nullable().describe('The latest brief of the bill; null until its text is briefed'),
        text_versions: z.array(TextVersionView()).describe('Its published text versions, oldest first'),
        counts: z.record(z.string(), z.number()).describe('How many actions, cosponsors, votes and briefs it has, by kind'),
      })
      .meta({
        id: 'Bill',
        description: 'A bill with everything its page shows: the list fields, the status timeline, the latest brief, text versions and counts',
      }),
});

export const listBillActions = defineRoute({
  operationId: 'listBillActions',
  description:
    'The actions of a bill, newest first, a page at a time, each with its category (vote, presidential, committee_report, calendar, referral, procedural). Anonymous; 404 for an unknown bill.',
  method: 'GET',
  path: '/api/bills/{id}/actions',
  fn: 'bills',
  auth: 'none',
  cache: 'public',
  summary: 'The action timeline, newest first, each with its category',
  tags: ['bills'],
  params: () => BillIdParams(),
  query: () => Paging(),
  response: () => listOf(ActionView()),
});

export const getBillTextVersions = defineRoute({
  operationId: 'getBillText',
  description:
    'Without ?version, the text versions of a bill with their published dates; with ?version=ih (a version code), that text with its section diff against the previous version. Anonymous; 404 for an unknown bill or version.',
  method: 'GET',
  path: '/api/bills/{id}/text',
  fn: 'bills',
  auth: 'none',
  cache: 'public',
  summary: 'Text versions with their published dates; ?version= returns one text with the section diff against the previous version',
  tags: ['bills'],
  params: () => BillIdParams(),
  query: () =>
    z.object({
      version: z
        .string()
        .regex(/^[a-z]{1,8}$/, { error: 'must be a version code such as ih or enr' })
        .optional()
        .describe('The version number, 1, 2, \u2026 per bill'),
    }),
  response: () => z.union([listOf(TextVersionView()), BillTextView()]),
});

export const listBillCosponsors = defineRoute({
  operationId: 'listBillCosponsors',
  description: 'The cosponsors of a bill with their party, state and the date they joined. Anonymous; 404 for an unknown bill.',
  method: 'GET',
  path: '/api/bills/{id}/cosponsors',
  fn: 'bills',
  auth: 'none',
  cache: 'public',
  summary: 'Cosponsors with their party',
  tags: ['bills'],
  params: () => BillIdParams(),
  response: () => listOf(Cosponsor()),
});

export const listBillVotes = defineRoute({
  operationId: 'listBillVotes',
  description:
    'The roll-call votes on a bill: yea and nay counts, result, and for a signed-in caller the positions of the members they follow. The first view queues a fetch of the votes (vote_fetch_queued). Anonymous or signed in; 404 for an unknown bill.',
  method: 'GET',
  path: '/api/bills/{id}/votes',
  fn: 'bills',
  auth: 'optional',
  cache: 'public',
  summary: 'Roll calls: yea/nay counts, result, positions of the members the caller follows; the first view queues a vote fetch',
  tags: ['bills'],
  params: () => BillIdParams(),
  response: () => listOf(RollCallView()).extend({ vote_fetch_queued: z.boolean().describe('Whether this read queued a fetch of the votes') }),
});

export const getBillForecast = defineRoute({
  operationId: 'getBillForecast',
  description:
    "A bill's latest forecast: its probabilities to be reported by a committee, to pass its chamber and to become law (p_reported, p_passed_chamber, p_enacted) given how far it has got, as of a date, in plain words too, with the three facts about the bill that moved them most and the model version. forecast is null (with not_forecast saying why) until the bill is scored: nightly, and when its status or cosponsors change. Anonymous; 404 for an unknown bill.",
  method: 'GET',
  path: '/api/bills/{id}/forecast',
  fn: 'bills',
  auth: 'none',
  cache: 'public',
  summary: "The bill's odds of being reported, passing its chamber and becoming law, with the three factors that moved them most",
  tags: ['bills'],
  params: () => BillIdParams(),
  response: () => BillForecastResponse(),
});

export const getForecastModel = defineRoute({
  operationId: 'getForecastModel',
  description:
    'The forecast model card: its features grouped into factors, the Congresses it was trained on, its figures on Congresses its trainer did not see (AUC, Brier skill, calibration table), and the public track record of the forecasts the service published (running Brier score and calibration of those whose events resolved). Anonymous.',
  method: 'GET',
  path: '/api/forecast/model',
  fn: 'bills',
  auth: 'none',
  cache: 'public',
  summary: 'The forecast model card and the track record of its resolved forecasts',
  tags: ['bills'],
  response: () => ForecastModelCard(),
});

export const BILLS_ROUTES: RouteDef[] = [
  listBills,
  getBillDetail,
  listBillActions,
  getBillTextVersions,
  listBillCosponsors,
  listBillVotes,
  getBillForecast,
  getForecastModel,
];

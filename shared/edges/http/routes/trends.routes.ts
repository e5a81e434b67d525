/** Routes of the trends function group (functions/api/trends.ts implements them). */
import * as z from 'zod';
import { TrendDay } from '#shared/domain/scores/trend-day.schema.ts';
import { MAX_TREND_DAYS } from '#shared/domain/scores/trend-decisions.ts';
import { defineRoute, lazySchema, type RouteDef } from '#shared/edges/http/route.ts';
import { BillIdParams, MemberIdParams } from '#shared/edges/http/schemas.ts';

const TrendQuery = lazySchema(() => z.object({ days: z.coerce.number().int().min(1).max(MAX_TREND_DAYS).default(MAX_TREND_DAYS).describe('How many days') }));

export const getBillTrend = defineRoute({
  operationId: 'getBillTrend',
  description:
    'Public-interest scores (0-100) of a bill, newest day first, each with its per-signal breakdown (search trends, news search, news RSS) and the signals that were missing. Anonymous; 404 for an unknown bill.',
  method: 'GET',
  path: '/api/bills/{id}/trend',
  fn: 'trends',
  auth: 'none',
  cache: 'public',
  summary: 'Public-interest scores of the bill, newest day first, each with its per-signal breakdown and missing signals',
  tags: ['bills'],
  params: () => BillIdParams(),
  query: TrendQuery,
  response: () =>
    z.object({
      bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
      items: z.array(TrendDay()).describe('One score a day, newest first'),
    }),
});

export const getMemberTrend = defineRoute({
  operationId: 'getMemberTrend',
  description:
    'Public-interest scores (0-100) of a member, newest day first, each with its per-signal breakdown and the signals that were missing. Anonymous; 404 for an unknown member.',
  method: 'GET',
  path: '/api/members/{id}/trend',
  fn: 'trends',
  auth: 'none',
  cache: 'public',
  summary: 'Public-interest scores of the member, newest day first, each with its per-signal breakdown and missing signals',
  tags: ['members'],
  params: () => MemberIdParams(),
  query: TrendQuery,
  response: () =>
    z.object({
      member_id: z.string().describe('The Bioguide id of the member, such as P000197'),
      items: z.array(TrendDay()).describe('One score a day, newest first'),
    }),
});

export const TRENDS_ROUTES: RouteDef[] = [getBillTrend, getMemberTrend];

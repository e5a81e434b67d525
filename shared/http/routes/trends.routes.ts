/** Routes of the trends function group (functions/api/trends.ts implements them). */
import * as z from 'zod';
import { TrendDay } from '#shared/db/trend-scores.repository.ts';
import { MAX_TREND_DAYS } from '#shared/domain/scores/trend-decisions.ts';
import { defineRoute, type RouteDef } from '#shared/http/route.ts';
import { BillIdParams, MemberIdParams } from '#shared/http/schemas.ts';

export const TrendQuery = z.object({ days: z.coerce.number().int().min(1).max(MAX_TREND_DAYS).default(MAX_TREND_DAYS) });

export const getBillTrend = defineRoute({
  operationId: 'getBillTrend',
  method: 'GET',
  path: '/api/bills/{id}/trend',
  fn: 'trends',
  auth: 'none',
  summary: 'Public-interest scores of the bill, newest day first, each with its per-signal breakdown and missing signals',
  tags: ['bills'],
  params: BillIdParams,
  query: TrendQuery,
  response: z.object({ bill_id: z.string(), items: z.array(TrendDay) }),
});

export const getMemberTrend = defineRoute({
  operationId: 'getMemberTrend',
  method: 'GET',
  path: '/api/members/{id}/trend',
  fn: 'trends',
  auth: 'none',
  summary: 'Public-interest scores of the member, newest day first, each with its per-signal breakdown and missing signals',
  tags: ['members'],
  params: MemberIdParams,
  query: TrendQuery,
  response: z.object({ member_id: z.string(), items: z.array(TrendDay) }),
});

export const TRENDS_ROUTES: RouteDef[] = [getBillTrend, getMemberTrend];

/** Routes of the committees function group (functions/api/committees.ts implements them): committees and the schedule. */
import * as z from 'zod';
import { BillId } from '#shared/domain/bills/bill-id.ts';
import { CommitteeChamber } from '#shared/domain/committees/committee.schema.ts';
import { CommitteeId } from '#shared/domain/committees/committee-id.ts';
import { CommitteeDetail, CommitteeListItem } from '#shared/domain/committees/committee-views.ts';
import { ChangeFeedQuery } from '#shared/domain/change-feed-query.ts';
import { MeetingId } from '#shared/domain/schedule/meeting-id.ts';
import { MeetingStatus, MeetingType } from '#shared/domain/schedule/meeting.schema.ts';
import { BillScheduleView, MeetingDetailView, MeetingView } from '#shared/domain/schedule/meeting-views.ts';
import { Paging } from '#shared/domain/paging.ts';
import { defineRoute, lazySchema, type RouteDef } from '#shared/edges/http/route.ts';
import { listOf } from '#shared/edges/http/schemas.ts';

const fn = 'committees' as const;
const Date = () => z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
const changedSince = () => ChangeFeedQuery().shape.changed_since;

const CommitteeListQuery = lazySchema(() =>
  Paging().extend({
    chamber: CommitteeChamber().optional().describe('Only this chamber: house, senate or joint'),
    sort: z
      .enum(['code', 'updated_asc'])
      .optional()
      .describe('code (the default: each full committee, then its subcommittees) or updated_asc: the change feed, oldest content change first'),
    changed_since: changedSince(),
  }),
);

export const listCommittees = defineRoute({
  operationId: 'listCommittees',
  description:
    'Every current committee and subcommittee (congress-legislators), a page at a time: each full committee followed by its subcommittees; filter chamber. With sort=updated_asc (and optionally changed_since) it is the change feed of every committee (retired ones included), oldest content change first, where a change of its members moves it too (no other filter; its members are in GET /api/committees/{id} and the bulk file). Anonymous; 422 for a change feed with a chamber.',
  method: 'GET',
  path: '/api/committees',
  fn,
  auth: 'none',
  cache: 'public',
  summary: 'Committees and subcommittees (filter chamber), or their change feed (sort=updated_asc)',
  tags: ['committees'],
  query: CommitteeListQuery,
  response: () => listOf(CommitteeListItem()),
});

export const getCommittee = defineRoute({
  operationId: 'getCommittee',
  description:
    "A committee or subcommittee with its members (party, side, rank, title), its subcommittees, the latest bills referred to it or reported by it, and its (and its subcommittees') meetings from now on. Anonymous or signed in (is_following for a signed-in caller); 404 committee.not_found for an unknown code, 422 for a malformed one.",
  method: 'GET',
  path: '/api/committees/{id}',
  fn,
  auth: 'optional',
  cache: 'public',
  summary: 'A committee: members, subcommittees, recent referrals and reports, upcoming meetings',
  tags: ['committees'],
  params: () => z.object({ id: CommitteeId().describe('The committee code, such as HSAG or HSAG15') }),
  response: () => CommitteeDetail(),
});

const MeetingListQuery = lazySchema(() =>
  Paging().extend({
    from: Date()
      .optional()
      .describe("The first day (YYYY-MM-DD, Washington time); this week's Monday when from and to are both absent, else six days before to"),
    to: Date().optional().describe('The last day, included (YYYY-MM-DD); the Sunday of this week when both are absent, else six days after from'),
    chamber: z.enum(['house', 'senate']).optional().describe('Only this chamber'),
    committee: CommitteeId().optional().describe('Only meetings of this committee (a full committee includes its subcommittees)'),
    bill: BillId().optional().describe('Only meetings that take up this bill, {congress}-{type}-{number}'),
    type: MeetingType().optional().describe('Only this type: hearing, markup, meeting or floor'),
    status: MeetingStatus().optional().describe('Only this status: scheduled, postponed, cancelled, rescheduled or held'),
    sort: z
      .enum(['starts_at', 'updated_asc'])
      .optional()
      .describe('starts_at (the default: earliest first within the window) or updated_asc: the change feed of every meeting, oldest content change first'),
    changed_since: changedSince(),
  }),
);

export const listMeetings = defineRoute({
  operationId: 'listMeetings',
  description:
    'Hearings, markups, business meetings and floor days starting within a window of dates (this week in Washington by default), earliest first, a page at a time (a page filtered by committee or bill may hold fewer items than the limit); filters chamber, committee, bill, type and status. Each meeting is merged from every source that told of it, with its version. With sort=updated_asc (and optionally changed_since) it is the change feed of every meeting (no other filter). Anonymous; 422 for to before from, or a change feed with a filter.',
  method: 'GET',
  path: '/api/meetings',
  fn,
  auth: 'none',
  cache: 'public',
  summary: 'Meetings in a window of dates (default this week): filters chamber, committee, bill, type, status; or their change feed',
  tags: ['schedule'],
  query: MeetingListQuery,
  response: () => listOf(MeetingView()),
});

export const getMeeting = defineRoute({
  operationId: 'getMeeting',
  description:
    'One meeting with its change history: when it was first seen, and each change since (what moved, from what to what, when, and whether it raised the version). Anonymous; 404 meeting.not_found, 422 for a malformed id.',
  method: 'GET',
  path: '/api/meetings/{id}',
  fn,
  auth: 'none',
  cache: 'public',
  summary: 'One meeting with its change history',
  tags: ['schedule'],
  params: () => z.object({ id: MeetingId().describe('The meeting id, such as house-115955, senate-338684 or house-floor-2026-03-27') }),
  response: () => MeetingDetailView(),
});

export const getCommitteeCalendar = defineRoute({
  operationId: 'getCommitteeCalendar',
  description:
    "The committee's (and its subcommittees') hearings, markups and meetings as an RFC 5545 calendar to subscribe to: from 90 days ago on, one event per meeting with a stable UID, SEQUENCE its version (it grows with each change), STATUS:CANCELLED for a cancelled meeting, times in UTC and a URL to the meeting's page. Anonymous; ETag and 304; 404 committee.not_found.",
  method: 'GET',
  path: '/api/committees/{id}/calendar.ics',
  fn,
  auth: 'none',
  cache: 'public',
  summary: "A committee's meetings as an iCalendar feed",
  tags: ['committees'],
  params: () => z.object({ id: CommitteeId().describe('The committee code, such as SSFR or HSAG15') }),
  produces: 'text/calendar',
});

export const getBillCalendar = defineRoute({
  operationId: 'getBillCalendar',
  description:
    "The hearings, markups and floor days that take up the bill, as an RFC 5545 calendar to subscribe to (the bill page's Add to calendar): from 90 days ago on, one event per meeting with a stable UID, SEQUENCE its version (it grows with each change), STATUS:CANCELLED for a cancelled meeting, times in UTC and a URL to the meeting's page. Anonymous; ETag and 304; 404 bill.not_found.",
  method: 'GET',
  path: '/api/bills/{id}/calendar.ics',
  fn,
  auth: 'none',
  cache: 'public',
  summary: "A bill's meetings as an iCalendar feed",
  tags: ['committees'],
  params: () => z.object({ id: BillId().describe('The bill id, {congress}-{type}-{number} such as 119-s-5038') }),
  produces: 'text/calendar',
});

export const getBillSchedule = defineRoute({
  operationId: 'getBillSchedule',
  description:
    'What is coming for a bill: the hearings, markups and floor days that take it up from today (Washington) on, earliest first (at most 50), with the URLs of its public calendar (https and webcal), which brings later meetings and every change by itself. Anonymous; 404 bill.not_found, 422 for a malformed id.',
  method: 'GET',
  path: '/api/bills/{id}/schedule',
  fn,
  auth: 'none',
  cache: 'public',
  summary: "A bill's coming meetings and its calendar's URLs",
  tags: ['schedule'],
  params: () => z.object({ id: BillId().describe('The bill id, {congress}-{type}-{number} such as 119-s-5038') }),
  response: () => BillScheduleView(),
});

export const COMMITTEES_ROUTES: RouteDef[] = [listCommittees, getCommittee, listMeetings, getMeeting, getCommitteeCalendar, getBillCalendar, getBillSchedule];

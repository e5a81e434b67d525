/**
 * The tools of the MCP endpoint, as rows that point at the route table: a
 * tool's description, input schema (path and query schemas merged) and output
 * schema are its route's, so nothing is written twice, and calling it runs the
 * route's own pipeline (auth, rate limit, validation). `auth: 'user'` routes
 * are the personal tools: they need the caller's bearer token.
 *
 * Each row loads its route's module when a tools/list or tools/call first
 * needs it: `initialize`, the first request of every MCP session, and
 * notifications read no route definition (bench/results/mcp.md).
 */
import type * as z from 'zod';
import type { RouteDef } from './route.ts';

export interface McpToolRow {
  /** The tool name agents call: snake_case, stable. */
  name: string;
  /** The route the tool runs, from its module. */
  route: () => Promise<RouteDef>;
  /** A short title for people choosing tools. */
  title: string;
  /** Where a route answers more than one shape, the one shape the tool answers (MCP output schemas are objects). */
  output?: () => Promise<z.ZodType>;
  /** Query values the tool always sends (they narrow a route to the tool's one shape). */
  required?: readonly string[];
}

const bills = () => import('./routes/bills.routes.ts');
const amendments = () => import('./routes/amendments.routes.ts');
const members = () => import('./routes/members.routes.ts');
const personal = () => import('./routes/personal.routes.ts');
const committees = () => import('./routes/committees.routes.ts');

export const MCP_TOOLS: readonly McpToolRow[] = [
  { name: 'search', route: async () => (await import('./routes/search.routes.ts')).search, title: 'Search bills, members and topics' },
  { name: 'list_bills', route: async () => (await bills()).listBills, title: 'List bills, or the change feed (sort=updated_asc, changed_since)' },
  { name: 'get_bill', route: async () => (await bills()).getBillDetail, title: 'A bill: status, timeline, latest action, latest brief' },
  { name: 'list_bill_actions', route: async () => (await bills()).listBillActions, title: "A bill's action timeline" },
  {
    name: 'get_bill_briefs',
    route: async () => (await import('./routes/llm.routes.ts')).listBillBriefs,
    title: "A bill's briefs with citations and their verification state",
  },
  {
    name: 'get_bill_text',
    route: async () => (await bills()).getBillTextVersions,
    title: 'The text of one version of a bill, by section',
    output: async () => (await import('#shared/domain/bills/bill-views.ts')).BillTextView(),
    required: ['version'],
  },
  { name: 'list_bill_votes', route: async () => (await bills()).listBillVotes, title: 'Roll-call votes on a bill' },
  {
    name: 'list_bill_amendments',
    route: async () => (await amendments()).listBillAmendments,
    title: "A bill's amendments: sponsor, purpose, status, roll calls",
  },
  { name: 'get_amendment', route: async () => (await amendments()).getAmendment, title: 'An amendment: actions, text, roll calls with member positions' },
  {
    name: 'get_bill_forecast',
    route: async () => (await bills()).getBillForecast,
    title: "A bill's odds of being reported, passing its chamber and becoming law, with the three factors that moved them most",
  },
  { name: 'get_forecast_model', route: async () => (await bills()).getForecastModel, title: 'The forecast model card and its public track record' },
  { name: 'list_members', route: async () => (await members()).listMembers, title: 'Members of Congress by name, state, chamber or party' },
  { name: 'list_member_votes', route: async () => (await members()).listMemberVotes, title: "A member's recorded positions" },
  {
    name: 'get_member_record',
    route: async () => (await members()).getMemberRecord,
    title: "A member's report card per Congress: votes cast, missed and with the party, bills sponsored, cosponsorships across the aisle",
  },
  { name: 'find_representatives', route: async () => (await members()).membersByZip, title: 'The senators and House members for a ZIP code' },
  { name: 'list_committees', route: async () => (await committees()).listCommittees, title: 'Committees and subcommittees, by chamber' },
  {
    name: 'get_committee',
    route: async () => (await committees()).getCommittee,
    title: 'A committee: members with side, rank and title, subcommittees, recent referrals and reports, upcoming meetings',
  },
  {
    name: 'list_meetings',
    route: async () => (await committees()).listMeetings,
    title: 'Hearings, markups, business meetings and floor days in a window of dates (this week by default)',
  },
  { name: 'get_meeting', route: async () => (await committees()).getMeeting, title: 'One meeting with its change history' },
  {
    name: 'list_bill_meetings',
    route: async () => (await committees()).listMeetings,
    title: "A bill's meetings: hearings, markups and floor days that take it up (pass from and to for a window other than this week)",
    required: ['bill'],
  },
  {
    name: 'get_bill_schedule',
    route: async () => (await committees()).getBillSchedule,
    title: "A bill's coming hearings, markups and floor days from today on, and its calendar's URLs to subscribe to",
  },
  { name: 'list_follows', route: async () => (await personal()).listFollows, title: 'What the signed-in user follows (needs a bearer token)' },
  {
    name: 'get_alignment',
    route: async () => (await personal()).alignment,
    title: "How followed members' votes line up with the user's stances (needs a bearer token)",
  },
];

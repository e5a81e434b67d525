/**
 * The tools of the MCP endpoint, as rows that point at the route table: a
 * tool's description, input schema (path and query schemas merged) and output
 * schema are its route's, so nothing is written twice, and calling it runs the
 * route's own pipeline (auth, rate limit, validation). `auth: 'user'` routes
 * are the personal tools: they need the caller's bearer token.
 */
import type * as z from 'zod';
import { BillTextView } from '#shared/domain/bills/bill-views.ts';
import type { RouteDef } from './route.ts';
import { getBillDetail, getBillTextVersions, listBillActions, listBillVotes, listBills } from './routes/bills.routes.ts';
import { listBillBriefs } from './routes/llm.routes.ts';
import { listMemberVotes, listMembers, membersByZip } from './routes/members.routes.ts';
import { alignment, listFollows } from './routes/personal.routes.ts';
import { search } from './routes/search.routes.ts';

export interface McpToolRow {
  /** The tool name agents call: snake_case, stable. */
  name: string;
  route: RouteDef;
  /** A short title for people choosing tools. */
  title: string;
  /** Where a route answers more than one shape, the one shape the tool answers (MCP output schemas are objects). */
  output?: () => z.ZodType;
  /** Query values the tool always sends (they narrow a route to the tool's one shape). */
  required?: readonly string[];
}

export const MCP_TOOLS: readonly McpToolRow[] = [
  { name: 'search', route: search, title: 'Search bills, members and topics' },
  { name: 'list_bills', route: listBills, title: 'List bills, or the change feed (sort=updated_asc, changed_since)' },
  { name: 'get_bill', route: getBillDetail, title: 'A bill: status, timeline, latest action, latest brief' },
  { name: 'list_bill_actions', route: listBillActions, title: "A bill's action timeline" },
  { name: 'get_bill_briefs', route: listBillBriefs, title: "A bill's briefs with citations and their verification state" },
  { name: 'get_bill_text', route: getBillTextVersions, title: 'The text of one version of a bill, by section', output: BillTextView, required: ['version'] },
  { name: 'list_bill_votes', route: listBillVotes, title: 'Roll-call votes on a bill' },
  { name: 'list_members', route: listMembers, title: 'Members of Congress by name, state, chamber or party' },
  { name: 'list_member_votes', route: listMemberVotes, title: "A member's recorded positions" },
  { name: 'find_representatives', route: membersByZip, title: 'The senators and House members for a ZIP code' },
  { name: 'list_follows', route: listFollows, title: 'What the signed-in user follows (needs a bearer token)' },
  { name: 'get_alignment', route: alignment, title: "How followed members' votes line up with the user's stances (needs a bearer token)" },
];

/** Members: list and name search, profile, bills, votes, report cards and the ZIP lookup. */
import { memberChangesView } from '#shared/use-cases/bills/change-feed-reads.ts';
import { wantsChangeFeed } from '#shared/domain/change-feed-query.ts';
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import * as routes from '#shared/edges/http/routes/members.routes.ts';
import { listMembersView, memberBillsView, memberDetailView, memberVotesView, representativesForZip } from '#shared/use-cases/members/member-reads.ts';
import { memberRecordView } from '#shared/use-cases/members/member-record.ts';

export const handler = apiFunction('members', [
  implement(routes.membersByZip, async ({ params, query }) => representativesForZip(params.zip, query.address)),
  implement(routes.listMembers, async ({ query, user }) => {
    const { q, limit, cursor, sort, changed_since, ...filters } = query;
    if (wantsChangeFeed({ sort, changed_since })) return memberChangesView({ q, ...filters }, { changed_since, limit, cursor }, user?.id);
    return listMembersView(q, filters, { limit, cursor }, user?.id);
  }),
  implement(routes.getMember, async ({ params, user }) => memberDetailView(params.id, user?.id)),
  implement(routes.listMemberBills, async ({ params, query }) => memberBillsView(params.id, query.role, query)),
  implement(routes.listMemberVotes, async ({ params, query }) => memberVotesView(params.id, query)),
  implement(routes.getMemberRecord, async ({ params }) => memberRecordView(params.id)),
]);

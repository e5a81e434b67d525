/** Committees and the schedule: the committee list and detail, the meetings of a window and one meeting with its history; the committee and bill calendars. */
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import * as routes from '#shared/edges/http/routes/committees.routes.ts';
import { calendar } from '#shared/edges/http/reply.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { billCalendar, committeeCalendar } from '#shared/use-cases/schedule/calendar-reads.ts';
import { committeeChangesView, committeeDetailView, listCommitteesView } from '#shared/use-cases/committees/committee-reads.ts';
import { listMeetingsView, meetingChangesView, meetingDetailView } from '#shared/use-cases/schedule/meeting-reads.ts';

/** A change feed takes no other filter: a 422 naming the ones given. */
function feedOnly(filters: Record<string, unknown>, feed: string): void {
  const used = Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  if (used.length === 0) return;
  throw new InvalidInputError(
    `The ${feed} change feed (sort=updated_asc or changed_since) takes no other filter; drop ${used.join(', ')}`,
    used.map((k) => ({ path: `query.${k}`, message: 'not applied by the change feed' })),
    'list.change_feed_filter',
  );
}

const wantsFeed = (q: { sort?: string; changed_since?: string }) => q.sort === 'updated_asc' || q.changed_since !== undefined;

export const handler = apiFunction('committees', [
  implement(routes.listCommittees, async ({ query }) => {
    const { chamber, sort, changed_since, limit, cursor } = query;
    if (!wantsFeed({ sort, changed_since })) return listCommitteesView(chamber, { limit, cursor });
    feedOnly({ chamber }, 'committee');
    return committeeChangesView({ changed_since, limit, cursor });
  }),
  implement(routes.getCommittee, async ({ params, user }) => committeeDetailView(params.id, user?.id)),
  implement(routes.listMeetings, async ({ query }) => {
    const { sort, changed_since, limit, cursor, ...filters } = query;
    if (!wantsFeed({ sort, changed_since })) return listMeetingsView({ ...filters, limit, cursor });
    feedOnly(filters, 'meeting');
    return meetingChangesView({ changed_since, limit, cursor });
  }),
  implement(routes.getMeeting, async ({ params }) => meetingDetailView(params.id)),
  implement(routes.getCommitteeCalendar, async ({ params }) => calendar(await committeeCalendar(params.id))),
  implement(routes.getBillCalendar, async ({ params }) => calendar(await billCalendar(params.id))),
]);

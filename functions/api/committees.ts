/** Committees and the schedule: the committee list and detail, the meetings of a window and one meeting with its history; a bill's coming meetings; the committee and bill calendars. */
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import * as routes from '#shared/edges/http/routes/committees.routes.ts';
import { calendar } from '#shared/edges/http/reply.ts';
import { onlyFeedFilters } from '#shared/use-cases/bills/feed-filters.ts';
import { billScheduleView } from '#shared/use-cases/schedule/bill-schedule.ts';
import { billCalendar, committeeCalendar } from '#shared/use-cases/schedule/calendar-reads.ts';
import { committeeChangesView, committeeDetailView, listCommitteesView } from '#shared/use-cases/committees/committee-reads.ts';
import { listMeetingsView, meetingChangesView, meetingDetailView } from '#shared/use-cases/schedule/meeting-reads.ts';

const wantsFeed = (q: { sort?: string; changed_since?: string }) => q.sort === 'updated_asc' || q.changed_since !== undefined;

export const handler = apiFunction('committees', [
  implement(routes.listCommittees, async ({ query }) => {
    const { chamber, sort, changed_since, limit, cursor } = query;
    if (!wantsFeed({ sort, changed_since })) return listCommitteesView(chamber, { limit, cursor });
    onlyFeedFilters({ chamber }, 'committee');
    return committeeChangesView({ changed_since, limit, cursor });
  }),
  implement(routes.getCommittee, async ({ params, user }) => committeeDetailView(params.id, user?.id)),
  implement(routes.listMeetings, async ({ query }) => {
    const { sort, changed_since, limit, cursor, ...filters } = query;
    if (!wantsFeed({ sort, changed_since })) return listMeetingsView({ ...filters, limit, cursor });
    onlyFeedFilters(filters, 'meeting');
    return meetingChangesView({ changed_since, limit, cursor });
  }),
  implement(routes.getMeeting, async ({ params }) => meetingDetailView(params.id)),
  implement(routes.getCommitteeCalendar, async ({ params }) => calendar(await committeeCalendar(params.id))),
  implement(routes.getBillCalendar, async ({ params }) => calendar(await billCalendar(params.id))),
  implement(routes.getBillSchedule, async ({ params }) => billScheduleView(params.id)),
]);

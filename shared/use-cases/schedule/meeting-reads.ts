/**
 * Reads of the schedule: GET /api/meetings (a window of dates, by default
 * this week in Washington, Monday to Sunday; filtered by chamber, committee,
 * bill, type and status; or the change feed of meetings) and
 * GET /api/meetings/{id} with its change history.
 *
 * listMeetingsView: a committee or bill filter reads that listing's pointers
 * (S4, S5) and applies the other filters to the records; otherwise the
 * window of every meeting (S3) is read with chamber, type and status filtered
 * by the Query. Dates are Eastern calendar dates, `to` included.
 */
import { listMeetingChanges, listMeetingsByStart, listPointedMeetings, type MeetingFilter } from '#shared/adapters/db/meeting-listing.repository.ts';
import { getMeetingWithHistory } from '#shared/adapters/db/meetings.repository.ts';
import { addDays, easternWallTime, easternWeekStart } from '#shared/domain/schedule/eastern-time.ts';
import { meetingChangeView, meetingView } from '#shared/domain/schedule/meeting-views.ts';
import { InvalidInputError, NotFoundError } from '#shared/errors/app-error.ts';

export interface MeetingListQuery extends MeetingFilter {
  from?: string;
  to?: string;
  committee?: string;
  bill?: string;
  limit: number;
  cursor?: string;
}

/** The window of dates asked for, as instants; this week (Monday to Sunday, Eastern) by default. */
export function meetingWindow(q: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const monday = easternWeekStart(now);
  const fromDate = q.from ?? (q.to ? addDays(q.to, -6) : monday);
  const toDate = q.to ?? (q.from ? addDays(q.from, 6) : addDays(monday, 6));
  if (toDate < fromDate) {
    throw new InvalidInputError('to is before from', [{ path: 'query.to', message: 'must be on or after from' }], 'meetings.window');
  }
  return { from: easternWallTime(fromDate, '00:00:00'), to: easternWallTime(toDate, '23:59:59') };
}

/** GET /api/meetings. */
export async function listMeetingsView(q: MeetingListQuery, now = new Date()) {
  const window = meetingWindow(q, now);
  const filter: MeetingFilter = { chamber: q.chamber, type: q.type, status: q.status };
  const { committee, bill } = q;
  const page = committee
    ? await listPointedMeetings(
        'committee',
        committee,
        window,
        filter,
        (m) => m.committees.some((c) => c.startsWith(committee)) && (!bill || m.bill_ids.includes(bill)),
        q.limit,
        q.cursor,
      )
    : bill
      ? await listPointedMeetings('bill', bill, window, filter, (m) => m.bill_ids.includes(bill), q.limit, q.cursor)
      : await listMeetingsByStart(window, filter, q.limit, q.cursor);
  return { items: page.items.map(meetingView), next_cursor: page.next_cursor };
}

/** GET /api/meetings?sort=updated_asc[&changed_since=]: every meeting by content change. */
export async function meetingChangesView(q: { changed_since?: string; limit: number; cursor?: string }) {
  const page = await listMeetingChanges(q.changed_since, q.limit, q.cursor);
  return { items: page.items.map(meetingView), next_cursor: page.next_cursor };
}

/** GET /api/meetings/{id}: the meeting and what moved, when; 404 meeting.not_found. */
export async function meetingDetailView(meetingId: string) {
  const found = await getMeetingWithHistory(meetingId);
  if (!found) throw new NotFoundError(`No meeting ${meetingId}`, 'meeting.not_found');
  return { ...meetingView(found.meeting), history: found.changes.map(meetingChangeView) };
}

/**
 * The dispatcher's entry for a meeting event (a meeting first scheduled,
 * rescheduled, postponed, cancelled or moved; apply-observations.ts owes it
 * in the save's transaction):
 *   1. read the meeting (unknown: nothing to tell); one that has moved on
 *      since is told as it stands now, under the event's version (a later
 *      version that is news has its own event; one that is not, such as a new
 *      witness, must not swallow the news of this one);
 *   2. find the followers of its bills and of its committees and their full
 *      committees (one concurrent batch of follower queries), one per user: a
 *      bill follow keeps its mode (stance), a committee follow counts as
 *      neutral, as member follows do;
 *   3. render the scheduled content once (what, when, where, the meeting's
 *      page) and fan it out as every event is, with the alert category
 *      `calendar`, so alert filters, quiet hours, digests and the 30-minute
 *      de-duplication (keyed on the meeting and its version) apply.
 */
import { getBills } from '#shared/adapters/db/bills.repository.ts';
import { followersOfMany } from '#shared/adapters/db/follows.repository.ts';
import { getStoredMeeting } from '#shared/adapters/db/meetings.repository.ts';
import type { MeetingEvent } from '#shared/adapters/messaging/messages.ts';
import type { Meeting } from '#shared/domain/schedule/meeting.schema.ts';
import type { NotificationContent } from '#shared/domain/notify/notification.schema.ts';
import { mergeRecipients } from '#shared/domain/notify/recipients.ts';
import { billIdentifier } from '#shared/domain/notify/render.ts';
import type { FollowTargetType } from '#shared/domain/personal/follow.schema.ts';
import { logger } from '#shared/platform/logger.ts';
import { listedCommittees } from '#shared/use-cases/schedule/apply-observations.ts';
import { fanOut, type DispatchSummary } from './dispatch-event.ts';

/** The content every recipient of one meeting event gets. */
export async function meetingEventContent(event: MeetingEvent, meeting: Meeting): Promise<NotificationContent> {
  const bills = await getBills(meeting.bill_ids);
  const labels = new Map(bills.map((b) => [b.id, b.label]));
  const only = meeting.bill_ids.length === 1 ? bills.find((b) => b.id === meeting.bill_ids[0]) : undefined;
  return {
    event_id: event.event_id,
    kind: 'scheduled',
    occurred_at: event.occurred_at,
    // A meeting of one bill is told as news of that bill; one of several (or none) as the committee's.
    bill_id: only?.id ?? null,
    bill_label: only?.label ?? null,
    bill_title: only?.title ?? null,
    summary: null,
    action_category: 'calendar',
    action_text: null,
    action_date: null,
    status: null,
    previous_status: null,
    text_version: null,
    items: [],
    meeting: {
      id: meeting.id,
      version: event.version,
      change: event.change,
      type: meeting.type,
      status: meeting.status,
      chamber: meeting.chamber,
      title: meeting.title,
      committees: meeting.committees,
      starts_at: meeting.starts_at,
      all_day: meeting.all_day,
      previous_starts_at: event.previous_starts_at,
      location: meeting.location,
      bills: meeting.bill_ids.map((id) => ({ id, label: labels.get(id) ?? billIdentifier(null, id) })),
    },
    ...(event.demo ? { demo: true as const } : {}),
  };
}

/** Dispatches one meeting event to the followers of its bills and committees. */
export async function dispatchMeetingEvent(event: MeetingEvent, now: Date): Promise<DispatchSummary> {
  const stored = await getStoredMeeting(event.meeting_id);
  if (!stored) {
    logger.warn('dispatch-meeting: unknown meeting', { meeting: event.meeting_id, version: event.version });
    return { recipients: 0, batches: 0 };
  }
  const meeting = stored.meeting;
  const targets: { type: FollowTargetType; id: string }[] = [
    ...meeting.bill_ids.map((id) => ({ type: 'bill' as const, id })),
    ...listedCommittees(meeting.committees).map((id) => ({ type: 'committee' as const, id })),
  ];
  const found = await followersOfMany(targets);
  const recipients = mergeRecipients(
    found.filter((f) => f.type === 'bill').flatMap((f) => f.followers),
    found.filter((f) => f.type !== 'bill').flatMap((f) => f.followers),
  );
  if (recipients.length === 0) return { recipients: 0, batches: 0 };
  return fanOut(await meetingEventContent(event, meeting), recipients, now);
}

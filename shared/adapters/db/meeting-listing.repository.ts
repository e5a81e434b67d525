/**
 * Meeting listings (docs/data-model.md S3-S6): every meeting by start in a
 * window (one Query of gsi1, chamber, type and status filtered there); a
 * committee's or a bill's meetings by start (one Query of its pointers, then
 * a BatchGet of the records, each checked to still name the committee or bill
 * and to start in the window); and the change feed of meetings (gsi4).
 */
import type { Meeting, MeetingStatus, MeetingType } from '#shared/domain/schedule/meeting.schema.ts';
import { batchGet, queryPage, type Page } from './dynamo.ts';
import { cond, query, type Condition } from './expressions.ts';
import { meetingKeys, type MeetingPointerKind } from './keys/meeting.keys.ts';
import { meetingFromItem } from './meetings.repository.ts';

export interface MeetingWindow {
  /** Inclusive instants (ISO 8601). */
  from: string;
  to: string;
}

export interface MeetingFilter {
  chamber?: 'house' | 'senate';
  type?: MeetingType;
  status?: MeetingStatus;
}

// '~' sorts after every meeting id, so `{to}#~` closes a window that includes meetings starting exactly at `to`.
const range = (w: MeetingWindow): readonly [string, string] => [meetingKeys.startBound(w.from), `${meetingKeys.startBound(w.to)}#~`];

function filterCondition(f: MeetingFilter): Condition | undefined {
  const parts = (['chamber', 'type', 'status'] as const).flatMap((k) => (f[k] ? [cond.eq(k, f[k])] : []));
  return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : cond.and(...parts);
}

/** S3: meetings starting in the window, earliest first. */
export async function listMeetingsByStart(window: MeetingWindow, filter: MeetingFilter, limit: number, cursor?: string): Promise<Page<Meeting>> {
  const page = await queryPage(
    {
      ...query({ index: 'sortedListings', pk: meetingKeys.byStart.partition, skBetween: range(window) }, { filter: filterCondition(filter) }),
      ScanIndexForward: true,
      Limit: limit,
    },
    cursor,
  );
  return { items: page.items.map(meetingFromItem), next_cursor: page.next_cursor };
}

const matches = (m: Meeting, f: MeetingFilter) => (['chamber', 'type', 'status'] as const).every((k) => !f[k] || m[k] === f[k]);
const within = (m: Meeting, w: MeetingWindow) => Date.parse(m.starts_at) >= Date.parse(w.from) && Date.parse(m.starts_at) <= Date.parse(w.to);

/**
 * S4, S5: a committee's (with its subcommittees') or a bill's meetings in the
 * window, earliest first. `still` says whether a record still belongs to the
 * listing (a pointer a crash left behind is skipped).
 */
export async function listPointedMeetings(
  kind: MeetingPointerKind,
  target: string,
  window: MeetingWindow,
  filter: MeetingFilter,
  still: (m: Meeting) => boolean,
  limit: number,
  cursor?: string,
): Promise<Page<Meeting>> {
  const page = await queryPage(
    { ...query({ pk: meetingKeys.pointerPartition(kind, target), skBetween: range(window) }), ScanIndexForward: true, Limit: limit },
    cursor,
  );
  const ids = page.items.map((i) => String(i.meeting_id));
  const byId = new Map((await batchGet(ids.map(meetingKeys.meta))).map((i) => [String(i.id), meetingFromItem(i)]));
  const items = ids.flatMap((id) => {
    const m = byId.get(id);
    return m && still(m) && within(m, window) && matches(m, filter) ? [m] : [];
  });
  return { items: [...new Map(items.map((m) => [m.id, m])).values()], next_cursor: page.next_cursor };
}

/** S6: meetings whose content changed after `since`, oldest change first. */
export async function listMeetingChanges(since: string | undefined, limit: number, cursor?: string): Promise<Page<Meeting>> {
  const page = await queryPage(
    {
      ...query({ index: 'changeFeed', pk: meetingKeys.byContentChange.partition, skAfter: since ? `${since}#~` : undefined }),
      ScanIndexForward: true,
      Limit: limit,
    },
    cursor,
  );
  return { items: page.items.map(meetingFromItem), next_cursor: page.next_cursor };
}

/**
 * Meetings (docs/data-model.md S1-S6):
 *   MEETING#{id} / META                              the meeting record
 *   MEETING#{id} / CHANGE#{revision:000000}          its change history, oldest first (one entry per save that changed it)
 *   gsi1 MEETINGS / {starts_at, UTC}#{id}            every meeting by start (sortedListings)
 *   gsi4 MEETINGCHANGES / {updated_at}#{id}          every meeting by content change (changeFeed)
 *   MEETINGSOF#{committee|bill}#{code or bill id} / {starts_at, UTC}#{id}
 *                                                    a committee's (and its subcommittees') or a bill's meetings by start
 */
import { META, onIndex, type ItemKey } from './key.ts';

const partition = (meetingId: string) => `MEETING#${meetingId}`;
const CHANGE = 'CHANGE#';
const BY_START = 'MEETINGS';
const CHANGES = 'MEETINGCHANGES';
export type MeetingPointerKind = 'committee' | 'bill';
const pointerPartition = (kind: MeetingPointerKind, target: string) => `MEETINGSOF#${kind}#${target}`;
/** The sort key of a start: its UTC instant (ISO 8601), which sorts in time order whatever the offset it was written with. */
const startKey = (startsAt: string, meetingId: string) => `${new Date(startsAt).toISOString()}#${meetingId}`;

export const meetingKeys = {
  partition,
  meta: (meetingId: string): ItemKey => ({ pk: partition(meetingId), sk: META }),
  /** True for the record among the items of a meeting's partition. */
  isMeta: (item: { sk?: unknown }) => item.sk === META,
  /** S2: the history entry of the save that wrote `revision` of the record (a save's number is unique and grows). */
  change: (meetingId: string, revision: number): ItemKey => ({ pk: partition(meetingId), sk: `${CHANGE}${String(revision).padStart(6, '0')}` }),
  changePrefix: CHANGE,
  /** The sort key bound of a start instant (inclusive ranges over byStart and pointers). */
  startBound: (instant: string) => new Date(instant).toISOString(),

  /** S3: every meeting by start. */
  byStart: {
    index: 'sortedListings',
    partition: BY_START,
    keys: (m: { id: string; starts_at: string }) => onIndex('sortedListings', BY_START, startKey(m.starts_at, m.id)),
  },
  /** S6: every meeting by content change. */
  byContentChange: {
    index: 'changeFeed',
    partition: CHANGES,
    keys: (m: { id: string }, updatedAt: string) => onIndex('changeFeed', CHANGES, `${updatedAt}#${m.id}`),
  },
  /** S4, S5: a pointer from a committee or bill to one meeting, sorted by its start. */
  pointerPartition,
  pointer: (kind: MeetingPointerKind, target: string, m: { id: string; starts_at: string }): ItemKey => ({
    pk: pointerPartition(kind, target),
    sk: startKey(m.starts_at, m.id),
  }),
} as const;

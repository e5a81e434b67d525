/**
 * Meetings in the single table (docs/data-model.md S1-S6). MEETING#{id} /
 * META holds the record with every source's observation; its change history
 * sits beside it (one Query reads both). Pointer items list a committee's or
 * a bill's meetings by start. A save writes the new pointers first, then the
 * record and its history entry in one transaction (conditional on the
 * revision it read, with the outbox entry of its alert when it owes one),
 * then deletes pointers the meeting no longer has; the
 * record lists every pointer that may exist (`index_keys`), so pointers a
 * crash left behind are deleted by the next save of the meeting, and readers
 * check each pointed record anyway.
 */
import { Meeting, MeetingChange } from '#shared/domain/schedule/meeting.schema.ts';
import type { OutboxEntry } from '#shared/domain/notify/outbox-entry.schema.ts';
import { outboxPut } from './outbox.repository.ts';
import { batchGet, batchWrite, conditional, queryAll, transactionReasons, type Item } from './dynamo.ts';
import { cond, expressions, query, update } from './expressions.ts';
import { meetingKeys, type MeetingPointerKind } from './keys/meeting.keys.ts';
import type { ItemKey } from './keys/key.ts';
import { CONTENT_HASH } from './content-version.ts';
import { entityItem } from './entities.ts';
import * as table from './table-client.ts';

/** A stored meeting with the bookkeeping its next save needs. */
export interface StoredMeeting {
  meeting: Meeting;
  revision: number;
  /** Every pointer item that may exist for it, as "pk|sk". */
  index_keys: string[];
  content_hash: string;
}

/** The record lost its conditional write to a concurrent save; read it again and retry. */
export class MeetingSaveConflict extends Error {
  override name = 'MeetingSaveConflict';
}

const encodeKey = (k: ItemKey) => `${k.pk}|${k.sk}`;
const decodeKey = (s: string): ItemKey => {
  const at = s.indexOf('|');
  return { pk: s.slice(0, at), sk: s.slice(at + 1) };
};

export const meetingFromItem = (item: Item): Meeting => Meeting().parse(item);

function storedFromItem(item: Item): StoredMeeting {
  return {
    meeting: meetingFromItem(item),
    revision: Number(item.revision ?? 0),
    index_keys: Array.isArray(item.index_keys) ? (item.index_keys as string[]) : [],
    content_hash: String(item[CONTENT_HASH] ?? ''),
  };
}

/** S1: the stored meeting, strongly consistent (a save reads it before writing). */
export async function getStoredMeeting(meetingId: string): Promise<StoredMeeting | null> {
  const out = await table.getItem({ Key: meetingKeys.meta(meetingId), ConsistentRead: true });
  return out.Item ? storedFromItem(out.Item) : null;
}

/** S1, S2: a meeting and its change history (oldest first), in one Query; null when unknown. */
export async function getMeetingWithHistory(meetingId: string): Promise<{ meeting: Meeting; changes: MeetingChange[] } | null> {
  const items = await queryAll(query({ pk: meetingKeys.partition(meetingId) }));
  const meta = items.find(meetingKeys.isMeta);
  if (!meta) return null;
  const changes = items.filter((i) => String(i.sk).startsWith(meetingKeys.changePrefix)).map((i) => MeetingChange().parse(i));
  return { meeting: meetingFromItem(meta), changes };
}

/** Many meetings by id (BatchGet), in no particular order; unknown ids are left out. */
export async function getMeetings(ids: readonly string[]): Promise<Meeting[]> {
  if (ids.length === 0) return [];
  return (await batchGet([...new Set(ids)].map(meetingKeys.meta))).map(meetingFromItem);
}

/** The pointer items a meeting should have: its committees (and their full committees) and its bills. */
export function pointerKeysOf(m: Meeting, committeesAndParents: readonly string[]): ItemKey[] {
  const pointer = (kind: MeetingPointerKind, target: string) => meetingKeys.pointer(kind, target, m);
  return [...committeesAndParents.map((c) => pointer('committee', c)), ...m.bill_ids.map((b) => pointer('bill', b))];
}

export interface MeetingSave {
  previous: StoredMeeting | null;
  meeting: Meeting;
  /** The history entry of this save, when its content changed. */
  change: MeetingChange | null;
  content_hash: string;
  pointers: ItemKey[];
  /** The messages the save owes (its followers' alert), written in the same transaction. */
  outbox?: OutboxEntry | null;
}

/**
 * Writes one meeting's new state: pointers, then the record and its history
 * entry (conditional on the revision read), then the stale pointers' removal.
 * Throws MeetingSaveConflict when another save came first.
 */
export async function saveMeeting(save: MeetingSave): Promise<void> {
  const { previous, meeting } = save;
  const wanted = save.pointers.map(encodeKey);
  const known = new Set(previous?.index_keys ?? []);
  await batchWrite(
    save.pointers
      .filter((k) => !known.has(encodeKey(k)))
      .map((k) => ({ put: entityItem('meeting_pointer', k, { meeting_id: meeting.id, starts_at: meeting.starts_at }) })),
  );
  const revision = (previous?.revision ?? 0) + 1;
  const indexKeys = [...new Set([...wanted, ...known])];
  const item: Item = entityItem('meeting', meetingKeys.meta(meeting.id), {
    ...meeting,
    revision,
    index_keys: indexKeys,
    [CONTENT_HASH]: save.content_hash,
    ...meetingKeys.byStart.keys(meeting),
    ...meetingKeys.byContentChange.keys(meeting, meeting.updated_at),
  });
  const guard = previous ? cond.eq('revision', previous.revision) : cond.itemAbsent();
  try {
    await table.transactWrite([
      { Put: { Item: item, ...expressions({ condition: guard }) } },
      ...(save.change
        ? [{ Put: { Item: entityItem('meeting_change', meetingKeys.change(meeting.id, revision), { meeting_id: meeting.id, ...save.change }) } }]
        : []),
      ...(save.outbox ? [outboxPut(save.outbox)] : []),
    ]);
  } catch (err) {
    if (transactionReasons(err)?.[0] === 'ConditionalCheckFailed') throw new MeetingSaveConflict(`meeting ${meeting.id} changed during the save`);
    throw err;
  }
  await dropStalePointers(meeting.id, revision, indexKeys, wanted);
}

/**
 * Deletes the pointers of `had` the meeting no longer wants, then records
 * that only `wanted` remain (conditional on the revision, so a newer save's
 * list is never overwritten). A no-op when nothing is stale.
 */
export async function dropStalePointers(meetingId: string, revision: number, had: readonly string[], wanted: readonly string[]): Promise<number> {
  const keep = new Set(wanted);
  const stale = had.filter((k) => !keep.has(k));
  if (stale.length === 0) return 0;
  await batchWrite(stale.map((k) => ({ delete: decodeKey(k) })));
  await conditional(() =>
    table.updateItem({ Key: meetingKeys.meta(meetingId), ...update({ set: { index_keys: [...wanted] } }, cond.eq('revision', revision)) }),
  );
  return stale.length;
}

export const pointerKeyStrings = (keys: readonly ItemKey[]): string[] => keys.map(encodeKey);

/**
 * Bill notes in the single table (data-model P3): USER#{uid} / NOTE#{bill_id}.
 * The key makes a note unique per (user, bill); a PUT upserts it and keeps
 * the first created_at with if_not_exists, so no read precedes the write.
 */
import { Note } from '#shared/domain/personal/note.schema.ts';
import { conditional, queryAll } from './dynamo.ts';
import { noteKeys } from './keys/note.keys.ts';
import { userKeys } from './keys/user.keys.ts';
import { cond, expressions, query } from './expressions.ts';
import * as table from './table-client.ts';
import { entityTag } from './entities.ts';

/** The user's note on a bill, or null. */
export async function getNote(userId: string, billId: string): Promise<Note | null> {
  const out = await table.getItem({ Key: noteKeys.note(userId, billId), ConsistentRead: true });
  return out.Item ? Note().parse(out.Item) : null;
}

/** Every note of a user (one Query on their partition), in key order. */
export async function listNotes(userId: string): Promise<Note[]> {
  const items = await queryAll(query({ pk: userKeys.partition(userId), skPrefix: noteKeys.prefix }));
  return items.map((i) => Note().parse(i));
}

/** Creates or replaces the note; returns it and whether it was new. */
export async function putNote(
  userId: string,
  billId: string,
  input: { content: string; pinned: boolean },
  now = new Date().toISOString(),
): Promise<{ note: Note; created: boolean }> {
  const out = await table.updateItem({
    Key: noteKeys.note(userId, billId),
    ...expressions({
      update: {
        set: { ...entityTag('note'), user_id: userId, bill_id: billId, content: input.content, pinned: input.pinned, updated_at: now },
        setIfNotExists: { created_at: now },
      },
    }),
    ReturnValues: 'ALL_NEW',
  });
  const note = Note().parse(out.Attributes);
  return { note, created: note.created_at === now };
}

/** Deletes the note; false when there was none. */
export async function deleteNote(userId: string, billId: string): Promise<boolean> {
  return conditional(() => table.deleteItem({ Key: noteKeys.note(userId, billId), ...expressions({ condition: cond.itemExists() }) }));
}

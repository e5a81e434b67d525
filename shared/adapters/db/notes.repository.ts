/**
 * Bill notes in the single table (data-model P3): USER#{uid} / NOTE#{bill_id}.
 * The key makes a note unique per (user, bill); a PUT upserts it and keeps
 * the first created_at with if_not_exists, so no read precedes the write.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { Note } from '#shared/domain/personal/note.schema.ts';
import { conditional, queryAll } from './dynamo.ts';
import { noteKeys } from './keys/note.keys.ts';
import { userKeys } from './keys/user.keys.ts';
import { tableName } from './table.ts';
import { cond, expressions, query } from './expressions.ts';

/** The user's note on a bill, or null. */
export async function getNote(userId: string, billId: string): Promise<Note | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: noteKeys.note(userId, billId), ConsistentRead: true }));
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
  const out = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: noteKeys.note(userId, billId),
      ...expressions({
        update: {
          set: { entity: 'note', user_id: userId, bill_id: billId, content: input.content, pinned: input.pinned, updated_at: now },
          setIfNotExists: { created_at: now },
        },
      }),
      ReturnValues: 'ALL_NEW',
    }),
  );
  const note = Note().parse(out.Attributes);
  return { note, created: note.created_at === now };
}

/** Deletes the note; false when there was none. */
export async function deleteNote(userId: string, billId: string): Promise<boolean> {
  return conditional(() =>
    dynamo().send(new DeleteCommand({ TableName: tableName(), Key: noteKeys.note(userId, billId), ...expressions({ condition: cond.itemExists() }) })),
  );
}

/**
 * Bill note use cases: one note per (user, bill).
 * read: the caller's note on a bill, 404 when they have none.
 * save: 1. the bill must exist (404); 2. upsert the note (created_at kept);
 *   3. answer it with whether it is new.
 * remove: delete the caller's note, 404 when they have none.
 * list: the caller's notes, pinned first, then most recently updated; or the
 *   note on one bill as a list of none or one (a read that never 404s).
 */
import type { User } from '#shared/domain/users/user.schema.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { deleteNote, getNote, listNotes, putNote } from '#shared/adapters/db/notes.repository.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { orderNotes, type Note, type NoteInput } from '#shared/domain/personal/note.schema.ts';

/** The caller's note on a bill. */
export async function readNote(user: User, billId: string): Promise<Note> {
  const note = await getNote(user.id, billId);
  if (!note) throw new NotFoundError(`No note on ${billId}`, 'note.not_found');
  return note;
}

/** Creates or replaces the caller's note on a bill. */
export async function saveNote(user: User, billId: string, input: NoteInput): Promise<{ note: Note; created: boolean }> {
  if (!(await getBill(billId))) throw new NotFoundError(`No bill ${billId}`, 'bill.not_found');
  return putNote(user.id, billId, input);
}

/** Deletes the caller's note on a bill. */
export async function removeNote(user: User, billId: string): Promise<void> {
  if (!(await deleteNote(user.id, billId))) throw new NotFoundError(`No note on ${billId}`, 'note.not_found');
}

/** The caller's note on one bill as a list: empty when there is none. */
export async function notesOnBill(user: User, billId: string): Promise<Note[]> {
  const note = await getNote(user.id, billId);
  return note ? [note] : [];
}

/** The caller's notes, pinned first. */
export async function listUserNotes(user: User): Promise<Note[]> {
  return orderNotes(await listNotes(user.id));
}

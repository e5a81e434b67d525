/**
 * The Bill note: one per (user, bill), with content and a pinned flag.
 * Stored at USER#{uid} / NOTE#{bill_id} (data-model P3).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** Notes are plain text; 10,000 characters keeps an item far below DynamoDB's 400 KB. */
export const NOTE_CONTENT_MAX = 10_000;

export const Note = lazySchema(() =>
  z
    .object({
      user_id: z.string().describe('The id of the user'),
      bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
      content: z.string().describe('The note text'),
      pinned: z.boolean().describe('Whether the note is pinned to the top of the list'),
      created_at: z.string().describe('When it was created (ISO 8601, UTC)'),
      updated_at: z.string().describe('When it was last changed (ISO 8601, UTC)'),
    })
    .meta({ id: 'Note', description: "The signed-in user's private note on a bill" }),
);
export type Note = z.infer<ReturnType<typeof Note>>;

export const NoteInput = lazySchema(() =>
  z.object({
    content: z
      .string()
      .max(NOTE_CONTENT_MAX, { error: `must be at most ${NOTE_CONTENT_MAX} characters` })
      .describe('The note text'),
    pinned: z.boolean().default(false).describe('Whether the note is pinned to the top of the list'),
  }),
);
export type NoteInput = z.infer<ReturnType<typeof NoteInput>>;

/** Pinned notes first, then the most recently updated. */
export function orderNotes(notes: Note[]): Note[] {
  return [...notes].sort((a, b) => {
    if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
    return a.updated_at === b.updated_at ? a.bill_id.localeCompare(b.bill_id) : a.updated_at < b.updated_at ? 1 : -1;
  });
}

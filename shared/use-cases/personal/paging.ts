/**
 * Pages over a list already held in memory (a user's follows, notes, topics:
 * bounded lists that are sorted after reading, so DynamoDB's key order
 * cannot page them). The cursor is the offset, sealed by the shared cursor
 * codec; a cursor this API did not issue is a 422, never a 500.
 */
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { openCursor, sealCursor } from '#shared/platform/cursor-codec.ts';

const SCOPE = 'in-memory list offset';

/** One page of `items` in the API's `{items, next_cursor}` envelope. */
export function pageOf<T>(items: T[], paging: { limit: number; cursor?: string | undefined }): { items: T[]; next_cursor: string | null } {
  const start = paging.cursor ? offsetOf(paging.cursor) : 0;
  const end = start + paging.limit;
  return { items: items.slice(start, end), next_cursor: end < items.length ? sealCursor(end, SCOPE) : null };
}

function offsetOf(cursor: string): number {
  const offset = openCursor(cursor, SCOPE);
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
    throw new InvalidInputError('The cursor is not valid', [{ path: 'query.cursor', message: 'not a cursor this API issued' }]);
  }
  return offset;
}

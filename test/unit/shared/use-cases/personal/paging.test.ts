import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { pageOf } from '#shared/use-cases/personal/paging.ts';

describe('in-memory paging', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];

  it('walks a list page by page with opaque cursors and ends with a null cursor', () => {
    const first = pageOf(items, { limit: 2 });
    expect(first.items).toEqual(['a', 'b']);
    const second = pageOf(items, { limit: 2, cursor: first.next_cursor ?? undefined });
    expect(second.items).toEqual(['c', 'd']);
    const last = pageOf(items, { limit: 2, cursor: second.next_cursor ?? undefined });
    expect(last).toEqual({ items: ['e'], next_cursor: null });
  });

  it('answers a single page with a null cursor when everything fits', () => {
    expect(pageOf(items, { limit: 20 })).toEqual({ items, next_cursor: null });
  });

  it('issues cursors that do not read as an offset', () => {
    const cursor = pageOf(items, { limit: 2 }).next_cursor ?? '';
    expect(Buffer.from(cursor, 'base64url').toString('latin1')).not.toMatch(/o:2|^2$/);
    expect(() => pageOf(items, { limit: 2, cursor: Buffer.from('o:4').toString('base64url') })).toThrow(InvalidInputError);
  });

  it('refuses a cursor it did not issue as invalid input', () => {
    expect(() => pageOf(items, { limit: 2, cursor: 'bm9wZQ' })).toThrow(InvalidInputError);
    try {
      pageOf(items, { limit: 2, cursor: 'garbage!' });
    } catch (err) {
      expect(err instanceof InvalidInputError && err.errors).toEqual([{ path: 'query.cursor', message: 'not a cursor this API issued' }]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { collectPages, type Page } from '#shared/adapters/db/dynamo.ts';

/** A listing of 0..total-1 served in pages of at most `pageSize`, recording each limit asked for. */
function listing(total: number, pageSize: number) {
  const asked: number[] = [];
  const page = async (limit: number, cursor?: string): Promise<Page<number>> => {
    asked.push(limit);
    const start = cursor ? Number(cursor) : 0;
    const end = Math.min(total, start + Math.min(limit, pageSize));
    return { items: Array.from({ length: end - start }, (_, i) => start + i), next_cursor: end < total ? String(end) : null };
  };
  return { page, asked };
}

describe('collectPages', () => {
  it('follows cursors until it has max items, asking each page only for what is missing', async () => {
    const { page, asked } = listing(50, 8);
    expect(await collectPages(page, 20)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(asked).toEqual([20, 12, 4]);
  });

  it('stops at the end of the listing, and never returns more than max', async () => {
    expect(await collectPages(listing(5, 2).page, 20)).toEqual([0, 1, 2, 3, 4]);
    const greedy = async (): Promise<Page<number>> => ({ items: [1, 2, 3, 4], next_cursor: 'more' });
    expect(await collectPages(greedy, 3)).toEqual([1, 2, 3]);
  });
});

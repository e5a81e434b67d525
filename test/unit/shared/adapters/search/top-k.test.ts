import { describe, expect, it } from 'vitest';
import { seededRandom } from '#bench/support/query-words.ts';
import { TopK } from '#shared/adapters/search/top-k.ts';

/** The k best by a full sort: highest key first; on a tie the lower row id, or the higher with newerFirst. */
function bySort(offers: [number, number][], k: number, newerFirst: boolean): number[] {
  return [...offers]
    .sort(([ra, ka], [rb, kb]) => kb - ka || (newerFirst ? rb - ra : ra - rb))
    .slice(0, k)
    .map(([rid]) => rid);
}

describe('the top-k heap', () => {
  it('keeps the k best of many offers, best first, as a full sort would', () => {
    const r = seededRandom(3);
    for (const k of [0, 1, 7, 50]) {
      for (const newerFirst of [false, true]) {
        // Keys from a small set, so ties are many and the tie-break decides.
        const offers = Array.from({ length: 1000 }, (_, i): [number, number] => [i + 1, Math.floor(r() * 20)]);
        const heap = new TopK(k, newerFirst);
        for (const [rid, key] of offers) heap.offer(rid, key);
        expect(heap.sorted(), `k ${k}, newerFirst ${newerFirst}`).toEqual(bySort(offers, k, newerFirst));
      }
    }
  });

  it('breaks a tie to the lower row id, or to the higher one for a date page', () => {
    const relevance = new TopK(2, false);
    const date = new TopK(2, true);
    for (const rid of [5, 3, 9]) {
      relevance.offer(rid, 1);
      date.offer(rid, 1);
    }
    expect(relevance.sorted()).toEqual([3, 5]);
    expect(date.sorted()).toEqual([9, 5]);
  });

  it('holds fewer than k when fewer are offered', () => {
    const heap = new TopK(10, false);
    heap.offer(1, 0.5);
    heap.offer(2, 2.5);
    expect(heap.sorted()).toEqual([2, 1]);
  });
});

import { describe, expect, it } from 'vitest';
import { rankTrending, TRENDING_WINDOWS_DAYS, windowDates } from '#shared/domain/personal/trending-window.ts';
import { SEARCH_QUERY_MAX, topicMatches } from '#shared/domain/personal/search-query.ts';

const today = new Date('2026-03-10T12:00:00Z');

describe('trending windows', () => {
  it('falls back through 1, 3, 7 and 30 days', () => {
    expect(TRENDING_WINDOWS_DAYS).toEqual([1, 3, 7, 30]);
  });

  it('reads each day once as the window widens, newest first', () => {
    expect(windowDates(1, 0, today)).toEqual(['2026-03-10', '2026-03-09']);
    expect(windowDates(3, 1, today)).toEqual(['2026-03-08', '2026-03-07']);
    expect(windowDates(7, 3, today)).toEqual(['2026-03-06', '2026-03-05', '2026-03-04', '2026-03-03']);
    const all = TRENDING_WINDOWS_DAYS.flatMap((w, i) => windowDates(w, TRENDING_WINDOWS_DAYS[i - 1] ?? 0, today));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(31);
    expect(all.at(-1)).toBe('2026-02-08');
  });

  it('keeps each bill once with its best score and ranks highest first', () => {
    const ranked = rankTrending(
      [
        { bill_id: 'a', score: 40, date: '2026-03-10' },
        { bill_id: 'b', score: 90, date: '2026-03-09' },
        { bill_id: 'a', score: 70, date: '2026-03-09' },
        { bill_id: 'c', score: 70, date: '2026-03-10' },
      ],
      10,
    );
    expect(ranked.map((r) => [r.bill_id, r.score])).toEqual([
      ['b', 90],
      ['c', 70],
      ['a', 70],
    ]);
    expect(rankTrending(ranked, 1)).toHaveLength(1);
  });
});

describe('search query rules', () => {
  it('caps queries at 500 characters', () => {
    expect(SEARCH_QUERY_MAX).toBe(500);
  });

  it('matches a topic when every word of the query is in the tag', () => {
    expect(topicMatches('health', 'health')).toBe(true);
    expect(topicMatches('Armed forces', 'armed-forces-and-national-security')).toBe(true);
    expect(topicMatches('forces taxation', 'armed-forces-and-national-security')).toBe(false);
    expect(topicMatches('H.R. 3076', 'health')).toBe(false);
    expect(topicMatches('   ', 'health')).toBe(false);
  });
});

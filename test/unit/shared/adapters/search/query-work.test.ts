/**
 * The work of one query, counted rather than timed (issue 32.7: no search may
 * cost more than 50 ms of CPU at 350,000 bills, whatever its text; a query's
 * first run also reads its words from the file). Over a word source that
 * counts what the ranker asks of it: correcting typos asks the file nothing
 * (the spelling list is in memory), a query reads at most QUERY_MAX_BYTES of
 * postings (its commonest groups left out), a group every bill holds is never
 * read, and its heads weigh at most HEAD_MAX_POSTINGS postings beyond its
 * rarest word's (a prefix alone takes a few candidates of each completion).
 */
import { describe, expect, it } from 'vitest';
import { HEAD_MAX_POSTINGS, LOOKUP_BUDGET } from '#shared/adapters/search/bounded-page.ts';
import { DocColumns, newestFirst } from '#shared/adapters/search/doc-columns.ts';
import type { Postings } from '#shared/adapters/search/posting-codec.ts';
import { QUERY_MAX_BYTES, WordRanker, type WordQuery, type WordSource } from '#shared/adapters/search/word-ranker.ts';
import { WordSizes } from '#shared/adapters/search/word-sizes.ts';
import { oneEditAway } from '#shared/domain/search/search-query.ts';

const NOW = new Date('2026-06-01T00:00:00Z');
const request = { filters: {}, sort: 'relevance' as const, offset: 0, limit: 10 };
const words = (...ws: string[]): WordQuery => ws.map((w) => [{ words: [w] }]);

/** Bill `rid`'s columns: a House bill of the 104th Congress, of a year from 1995 to 2025. */
const billRow = (rid: number) =>
  ({
    rid,
    length: 40 + (rid % 997),
    date: `${1995 + (rid % 31)}-0${1 + (rid % 9)}-15`,
    congress: 104,
    chamber: 'house',
    type: 'hr',
    status: 'introduced',
    sponsor_id: null,
    has_document: false,
  }) as const;

/** `bills` bills; each word held by the bills whose row id its step divides; sizes in bytes as the file keeps them (two a posting). */
function counting(
  bills: number,
  steps: Record<string, number>,
  spelling: boolean,
  common: string[] = [],
  listed: (word: string) => boolean = () => true,
  universal: string[] | null = null,
) {
  const cols = new DocColumns();
  for (let rid = 1; rid <= bills; rid++) cols.set(billRow(rid));
  const postings = new Map<string, Postings>(
    Object.entries(steps).map(([w, step]) => {
      const rids = Uint32Array.from({ length: Math.floor(bills / step) }, (_, i) => (i + 1) * step);
      return [w, { rids, freqs: rids.map((rid) => 1 + (rid % 7)) }];
    }),
  );
  const bytes = (w: string) => 2 * (postings.get(w)?.rids.length ?? 0);
  const asked = { postings: [] as string[], known: [] as string[] };
  const source: WordSource = {
    postings: (w) => {
      asked.postings.push(w);
      return postings.get(w) ?? null;
    },
    known: (ws) => {
      asked.known.push(...ws);
      return new Map(ws.filter((w) => postings.has(w)).map((w) => [w, bytes(w)]));
    },
    completions: () => new Map(),
    staleRids: () => [],
    columns: () => cols,
    savedDateOrder: () => null,
    recentWords: () => [],
    commonWords: () => common,
    digitRuns: () => null,
    universalWords: () => (universal ? new Set(universal) : null),
    wordSizes: () => (spelling ? WordSizes.of([...postings.keys()].filter(listed).map((w) => [w, bytes(w)] as const)) : null),
    topicRids: () => [],
  };
  return { source, asked, cols };
}

describe('the work of one query', () => {
  it("corrects typos from the spelling list in memory: none of a word's one-edit variants is asked of the file", () => {
    const { source, asked } = counting(1_000, { health: 3, housing: 5 }, true);
    const ranker = new WordRanker(source);
    const variants = oneEditAway('helath');
    expect(variants.length).toBeGreaterThan(250);
    expect(ranker.known(variants)).toEqual(new Map([['health', 2 * 333]]));
    expect(ranker.lastFileLookups).toBe(0);
    // A word of the list's shape that is not on it has no postings: the file is not asked for them either.
    expect(ranker.search(words('qwxzv'), request, NOW)).toEqual({ rids: [], total: 0 });
    expect(asked).toEqual({ postings: [], known: [] });
  });

  it('asks the file when it keeps no spelling list (a file compacted before it existed)', () => {
    const { source, asked } = counting(1_000, { health: 3 }, false);
    expect(new WordRanker(source).known(oneEditAway('helath')).get('health')).toBe(2 * 333);
    expect(asked.known.length).toBeGreaterThan(250);
  });

  it('reads at most QUERY_MAX_BYTES of postings: the rarest groups first, the commonest left out unread', () => {
    // Eight words each in half to a fifth of 400,000 bills: their postings are megabytes together.
    const steps = { one: 2, two: 2, three: 3, four: 3, five: 4, six: 4, seven: 5, eight: 5 };
    const { source, asked } = counting(400_000, steps, true);
    const ranker = new WordRanker(source);
    const page = ranker.search(words(...Object.keys(steps)), request, NOW);
    expect(ranker.lastBytes).toBeLessThanOrEqual(QUERY_MAX_BYTES);
    expect(ranker.lastLeftOut).toBeGreaterThan(0);
    // The rarest (seven, eight: 80,000 bills each) are matched; the commonest (one, two) never read.
    expect(asked.postings).toEqual(expect.arrayContaining(['seven', 'eight']));
    expect(asked.postings).not.toContain('one');
    expect(asked.postings).not.toContain('two');
    expect(page.rids.length).toBe(10);
    expect(page.rids.every((rid) => rid % 5 === 0)).toBe(true);
  });

  it('always reads the rarest group, however large', () => {
    const { source } = counting(700_000, { every: 1 }, true);
    const ranker = new WordRanker(source);
    expect(ranker.search(words('every'), request, NOW).total).toBe(700_000);
    expect(ranker.lastBytes).toBeGreaterThan(QUERY_MAX_BYTES);
    expect(ranker.lastLeftOut).toBe(0);
  });

  it("weighs at most HEAD_MAX_POSTINGS postings in the heads of a query's words beyond its rarest, and still finds a page", () => {
    const steps = { alpha: 2, beta: 3, gamma: 3, delta: 4 };
    const { source } = counting(400_000, steps, true);
    const ranker = new WordRanker(source);
    const page = ranker.search(words(...Object.keys(steps)), request, NOW);
    expect(ranker.lastLookups).toBeGreaterThan(0);
    expect(ranker.lastWeighed).toBeGreaterThan(0);
    expect(ranker.lastWeighed).toBeLessThanOrEqual(HEAD_MAX_POSTINGS);
    expect(page.rids.length).toBe(10);
    expect(page.rids.every((rid) => rid % 12 === 0)).toBe(true);
  });

  it('sizes a pair of common words from the list, and reads a pair not on it whatever the budget: it may hold nothing', () => {
    // " aa bb" is on the list and large; " bb cc" is not (no bill holds it), so the query matches nothing.
    const { source, asked } = counting(400_000, { ' aa bb': 1, dd: 2, aa: 1, bb: 1, cc: 1 }, true, ['aa', 'bb', 'cc'], (w) => w !== ' bb cc');
    const ranker = new WordRanker(source);
    const page = ranker.search(words(' aa bb', ' bb cc', 'dd'), request, NOW);
    expect(page).toEqual({ rids: [], total: 0 });
    expect(ranker.lastLeftOut).toBe(1);
    // The pair no bill holds is read first, and answers before "dd" is read.
    expect(asked.postings).toEqual([' bb cc']);
    expect(asked.known).toEqual([]);
  });

  it('stops reading the pairs of quoted phrases at the first that leaves no bill: the rest are never read', () => {
    // Pairs not on the list of sizes (each under LISTED_PAIR_BYTES): " aa bb" on every 6th bill, " bb cc" on every
    // 10th (both: every 30th), " cc dd" on every 7th (with both: none of 200), " dd ee" on every 2nd.
    const steps = { ' aa bb': 6, ' bb cc': 10, ' cc dd': 7, ' dd ee': 2 };
    const { source, asked } = counting(200, steps, true, ['aa', 'bb', 'cc', 'dd', 'ee'], () => false);
    const ranker = new WordRanker(source);
    expect(ranker.search(words(...Object.keys(steps)), request, NOW)).toEqual({ rids: [], total: 0 });
    expect(asked.postings).toEqual([' aa bb', ' bb cc', ' cc dd']);
    // Pairs that do meet are matched and scored as before: every 30th bill holds the first two.
    const both = ranker.search(words(' aa bb', ' bb cc'), { ...request, limit: 50 }, NOW);
    expect(both.total).toBe(6);
    expect(both.rids.every((rid) => rid % 30 === 0)).toBe(true);
    // The scratch marks were cleared: the same query answers the same.
    expect(ranker.search(words(' aa bb', ' bb cc'), { ...request, limit: 50 }, NOW)).toEqual(both);
  });

  it('drops a group every bill holds unread: a pair all 700,000 bills hold decodes no postings', () => {
    const steps = { ' to amend': 1, rare: 7 };
    const { source, asked, cols } = counting(700_000, steps, true, ['to', 'amend'], () => true, [' to amend']);
    const ranker = new WordRanker(source);
    // Alone, it matches every bill, newest first.
    expect(ranker.search(words(' to amend'), request, NOW)).toEqual({ rids: [...newestFirst(cols).slice(0, 10)], total: 700_000 });
    expect(ranker.lastDropped).toBe(1);
    expect(ranker.lastDecoded).toBe(0);
    expect(ranker.search(words(' to amend'), { ...request, filters: { congress: 105 } }, NOW).total).toBe(0);
    // Beside a rarer word it constrains nothing: the word's bills, and only its postings read.
    const page = ranker.search(words(' to amend', 'rare'), request, NOW);
    expect(page.total).toBe(100_000);
    expect(page.rids.every((rid) => rid % 7 === 0)).toBe(true);
    expect(ranker.lastDecoded).toBe(100_000);
    expect(asked.postings).toEqual(['rare']);
    // A file without the list reads and decodes the pair's 700,000 postings.
    const older = new WordRanker(counting(700_000, steps, true, ['to', 'amend']).source);
    expect(older.search(words(' to amend'), request, NOW).total).toBe(700_000);
    expect(older.lastDecoded).toBe(700_000);
  });

  it('reads a word every compacted bill holds once a bill written since lacks it', () => {
    const { source, asked } = counting(100_000, { every: 1 }, true, [], () => true, ['every']);
    const ranker = new WordRanker(source);
    expect(ranker.search(words('every'), request, NOW).total).toBe(100_000);
    // Written since compaction, newer than every compacted bill.
    const row = { ...billRow(100_001), date: '2026-05-01' };
    ranker.written(row, 'every 1');
    expect(ranker.search(words('every'), request, NOW)).toEqual({ rids: expect.arrayContaining([100_001]), total: 100_001 });
    expect(ranker.lastDropped).toBe(1);
    ranker.written({ ...row, rid: 100_002 }, 'other 1');
    expect(ranker.search(words('every'), request, NOW).total).toBe(100_001);
    expect(ranker.lastDropped).toBe(0);
    expect(asked.postings).toEqual(['every']);
  });

  it('scores a few candidates of each completion for a prefix alone, where a query of several groups takes whole heads', () => {
    // Eight completions of "ba" in a twelfth to a nineteenth of 400,000 bills: each candidate is looked up in all eight.
    const steps = Object.fromEntries(Array.from({ length: 8 }, (_, k) => [`ba${String.fromCharCode(97 + k)}`, 12 + k]));
    const { source } = counting(400_000, { ...steps, tri: 8 }, true);
    const ranker = new WordRanker(source);
    const prefix: WordQuery = [[{ words: Object.keys(steps) }]];
    const page = ranker.search(prefix, request, NOW);
    expect(page.rids.length).toBe(10);
    // At most 128 candidates of each completion (8 times a page of 10), 8 lookups each, and none to estimate the
    // total (every bill holding a completion matches); whole heads (2,048 bills each) would take the LOOKUP_BUDGET.
    expect(ranker.lastLookups).toBeGreaterThan(0);
    expect(ranker.lastLookups).toBeLessThanOrEqual(8 * 128 * 8);
    ranker.search([...prefix, [{ words: ['tri'] }]], request, NOW);
    expect(ranker.lastLookups).toBeGreaterThan(LOOKUP_BUDGET / 2);
  });
});

import { describe, expect, it } from 'vitest';
import { matchExpression, oneEditAway, parseQuery, spellings, type TermCounter } from '#shared/domain/search/search-query.ts';
import { bestPassage } from '#shared/domain/search/snippet.ts';
import { recencyFactor, RECENCY_BOOST } from '#shared/domain/search/search-document.ts';

const known =
  (counts: Record<string, number>): TermCounter =>
  (terms) =>
    new Map(terms.filter((t) => counts[t]).map((t) => [t, counts[t] ?? 0]));

describe('parseQuery', () => {
  it('keeps a quoted phrase as a phrase and drops stop words outside quotes', () => {
    expect(parseQuery('"rural broadband" for the farmers ')).toEqual([
      { kind: 'phrase', tokens: ['rural', 'broadband'], prefix: false },
      { kind: 'word', tokens: ['farmers'], prefix: false },
    ]);
  });

  it('matches the last bare word as a prefix while it is being typed', () => {
    expect(parseQuery('clean wat').at(-1)).toEqual({ kind: 'word', tokens: ['wat'], prefix: true });
    expect(parseQuery('clean water ').at(-1)?.prefix).toBe(false);
  });

  it('keeps stop words when the query has nothing else', () => {
    expect(parseQuery('of the').map((t) => t.tokens[0])).toEqual(['of', 'the']);
  });
});

describe('typo tolerance', () => {
  it('widens an unknown word of five letters or more to the known words one edit away, most common first', () => {
    const count = known({ broadband: 40, broadbend: 2 });
    expect(spellings('braodband', count)).toEqual(['broadband']);
    expect(spellings('broadbanc', count)).toEqual(['broadband']);
  });

  it('leaves a known word, a short word and a number alone', () => {
    const count = known({ water: 5, wafer: 9 });
    expect(spellings('water', count)).toEqual(['water']);
    expect(spellings('wter', count)).toEqual(['wter']);
    expect(spellings('20240', count)).toEqual(['20240']);
  });

  it('asks the vocabulary whether it knows a word, without counting its bills, when it can', () => {
    const counted: string[][] = [];
    const counts: Record<string, number> = { states: 130_000 };
    const count: TermCounter = Object.assign(
      (terms: string[]) => {
        counted.push(terms);
        return known(counts)(terms);
      },
      { has: (t: string) => (counts[t] ?? 0) > 0 },
    );
    expect(spellings('states', count)).toEqual(['states']);
    expect(counted).toEqual([]);
    expect(spellings('stetes', count)).toEqual(['states']);
    expect(counted).toHaveLength(1);
  });

  it('lists deletions, substitutions, insertions and transpositions', () => {
    const edits = oneEditAway('abc');
    expect(edits).toEqual(expect.arrayContaining(['ab', 'xbc', 'abcd', 'bac']));
    expect(edits).not.toContain('abc');
  });

  it('builds an FTS5 expression of phrases, alternatives and a prefix', () => {
    const count = known({ veterans: 10, health: 50 });
    expect(matchExpression(parseQuery('"mental health" vetrans hea'), count)).toBe('"mental health" AND "veterans" AND "hea"*');
  });
});

describe('snippets', () => {
  it('quotes the passage with most matches, the matched words marked and the text escaped', () => {
    const match = bestPassage(
      [
        { label: 'Sec. 1', body: 'Short title <b>' },
        { label: 'Sec. 2', body: 'Grants for rural broadband & rural towers' },
      ],
      parseQuery('rural broadband '),
    );
    expect(match).toEqual({ section: 'Sec. 2', snippet: 'Grants for <mark>rural</mark> <mark>broadband</mark> &amp; <mark>rural</mark> towers' });
  });

  it('quotes nothing when no passage has a word of the query', () => {
    expect(bestPassage([{ label: 'Sec. 1', body: 'nothing here' }], parseQuery('broadband '))).toBeNull();
  });
});

describe('recency', () => {
  it('weighs the newest bill at most a quarter more than the oldest', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(recencyFactor('1973-01-01', now)).toBe(1);
    expect(recencyFactor('2026-01-01', now)).toBe(1 + RECENCY_BOOST);
  });
});

import { describe, expect, it } from 'vitest';
import {
  MAX_PHRASE_WORDS,
  MAX_QUERY_TERMS,
  matchExpression,
  oneEditAway,
  parseQuery,
  resolveTerms,
  spellingsOf,
  TYPO_MAX_LENGTH,
  TYPO_MAX_WORDS,
  type Vocabulary,
} from '#shared/domain/search/search-query.ts';
import { bestPassage } from '#shared/domain/search/snippet.ts';
import { recencyFactor, RECENCY_BOOST } from '#shared/domain/search/search-document.ts';

/** A vocabulary of these words, recording every look-up. */
function vocabularyOf(counts: Record<string, number>): Vocabulary & { asked: string[][] } {
  const asked: string[][] = [];
  const lookup = (words: string[]) => {
    asked.push(words);
    return new Map(words.filter((w) => counts[w]).map((w) => [w, counts[w] ?? 0]));
  };
  return Object.assign(lookup, { asked });
}

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

  it('bounds a query whatever its text: terms kept once, at most 8, phrases of at most 10 words (issue 32.7)', () => {
    expect(parseQuery(`${'"and for other purposes" '.repeat(20)}`)).toEqual([{ kind: 'phrase', tokens: ['and', 'for', 'other', 'purposes'], prefix: false }]);
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    expect(parseQuery(words)).toHaveLength(MAX_QUERY_TERMS);
    const phrase = parseQuery(`"${Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ')}"`);
    expect(phrase[0]?.tokens).toHaveLength(MAX_PHRASE_WORDS);
  });

  it('measures words after normalisation: U+3316 is six letters, U+FDFA eighteen', () => {
    expect(parseQuery('\u3316'.repeat(10))[0]?.tokens[0]).toHaveLength(60);
    expect(parseQuery('\uFDFA').map((t) => t.tokens[0])).toHaveLength(4);
  });
});

describe('typo tolerance', () => {
  it('widens an unknown word of five letters or more to the known words one edit away, most common first', () => {
    const vocabulary = vocabularyOf({ broadband: 40, broadbend: 2 });
    expect(spellingsOf(['braodband', 'broadbanc'], vocabulary)).toEqual(
      new Map([
        ['braodband', ['broadband']],
        ['broadbanc', ['broadband']],
      ]),
    );
  });

  it('leaves a known word, a short word, a number and a non-Latin word alone', () => {
    const vocabulary = vocabularyOf({ water: 5, wafer: 9 });
    const out = spellingsOf(['water', 'wter', '20240', 'вода́вода'], vocabulary);
    expect([...out.values()]).toEqual([['water'], ['wter'], ['20240'], ['вода́вода']]);
  });

  it('asks the vocabulary twice per query at most, whatever its words (issue 32.7)', () => {
    const vocabulary = vocabularyOf({ states: 130_000 });
    const words = Array.from({ length: 8 }, (_, i) => `stetes${'abcdefghijklmn'.slice(0, i + 6)}`);
    spellingsOf(['stetes', ...words], vocabulary);
    expect(vocabulary.asked).toHaveLength(2);
    // The first look-up: the correctable words; the second: the variants of the first TYPO_MAX_WORDS unknown ones.
    expect(vocabulary.asked[0]).toEqual(['stetes', ...words]);
    expect(vocabulary.asked[1]).toContain('states');
  });

  it('bounds the variants: at most TYPO_MAX_WORDS words of at most TYPO_MAX_LENGTH Latin letters', () => {
    const vocabulary = vocabularyOf({});
    const long = 'q'.repeat(TYPO_MAX_LENGTH + 1);
    spellingsOf([long, '\u30ad\u30ed\u30e1\u30fc\u30c8\u30eb'.repeat(10)], vocabulary);
    expect(vocabulary.asked).toEqual([]);
    const words = Array.from({ length: 8 }, (_, i) => 'abcdefghijklmnopqrst'.slice(i, i + 12));
    spellingsOf(words, vocabulary);
    const variants = vocabulary.asked[1] ?? [];
    // Per word of L letters: L deletions, L - 1 transpositions, 26 L substitutions, 26 (L + 1) insertions.
    expect(variants.length).toBeLessThanOrEqual(TYPO_MAX_WORDS * (12 + 11 + 26 * 12 + 26 * 13));
    // The fifth word ("efghijklmnop") is matched as typed: none of its variants is asked.
    expect(variants).not.toContain('fghijklmnop');
  });

  it('lists deletions, substitutions, insertions and transpositions', () => {
    const edits = oneEditAway('abc');
    expect(edits).toEqual(expect.arrayContaining(['ab', 'xbc', 'abcd', 'bac']));
    expect(edits).not.toContain('abc');
  });

  it("builds an FTS5 expression of phrases, alternatives and a prefix's completions", () => {
    const vocabulary = vocabularyOf({ veterans: 10, health: 50 });
    const resolved = resolveTerms(parseQuery('"mental health" vetrans hea'), vocabulary, (p) => (p === 'hea' ? ['health', 'hearing'] : []));
    expect(matchExpression(resolved)).toBe('"mental health" AND "veterans" AND ("health" OR "hearing")');
    expect(matchExpression(resolved, true)).toBe('"mental health" OR "veterans" OR ("health" OR "hearing")');
  });

  it('matches nothing when a prefix has no completion', () => {
    const resolved = resolveTerms(parseQuery('health zzq'), vocabularyOf({ health: 1 }), () => []);
    expect(matchExpression(resolved)).toBeNull();
    expect(matchExpression(resolved, true)).toBe('"health"');
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

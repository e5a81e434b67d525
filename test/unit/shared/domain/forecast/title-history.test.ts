import { describe, expect, it } from 'vitest';
import { encodeCongressTitles, priorVersions, titleHash, titleKeys } from '#shared/domain/forecast/title-history.ts';
import { titleTokens } from '#shared/domain/forecast/title-tokens.ts';

describe('title history', () => {
  it('matches a reintroduced bill by its titles, years and punctuation aside', () => {
    expect(titleKeys('To amend title 38, United States Code.', 'Veterans Act of 2015')).toEqual(
      titleKeys('To amend title 38 United States Code', 'Veterans Act of 2017'),
    );
    expect(titleKeys('To amend title 38.', null)).toHaveLength(1);
    expect(titleHash('t:a title')).toMatch(/^[A-Za-z0-9_-]{4}$/);
  });

  it('finds the furthest stage earlier versions reached within the window, and how long ago', () => {
    const keys = titleKeys('To designate the facility of the United States Postal Service located at 1 Main Street', null);
    const history = {
      '111': encodeCongressTitles([{ keys, level: 3 }]),
      '113': encodeCongressTitles([
        { keys, level: 1 },
        { keys: titleKeys('Another bill', null), level: 2 },
      ]),
    };
    expect(priorVersions(history, keys, 114, 3)).toEqual({ count: 2, level: 3, gap: 1 });
    expect(priorVersions(history, keys, 114, 2)).toEqual({ count: 1, level: 1, gap: 1 });
    expect(priorVersions(history, titleKeys('A new bill', null), 114, 3)).toEqual({ count: 0, level: null, gap: null });
  });
});

describe('title tokens', () => {
  it('reads the drafting formula, bigrams and short-title words, keeping title numbers', () => {
    const t = titleTokens('A bill to amend title 38, United States Code, to improve care at 1234 Main Street.', null);
    expect(t).toContain('^to amend title');
    expect(t).toContain('title 38');
    expect(t).toContain('at #');
    expect(t).not.toContain('1234');
    expect(t).toContain('s:(none)');
    expect(titleTokens('To name a post office.', 'Post Office Act')).toContain('s:office');
  });
});

/**
 * A bill's words as the word postings hold them (docs/search.md): each distinct word with its frequency weighted by column, the
 * bill's length, and the order of the words in each column, from which the
 * postings of two-word phrases of common words ("tax code") are drawn, as
 * Lucene's common-grams do. Pure.
 */
import { SEARCH_COLUMNS, type SearchDocument } from './search-document.ts';
import { tokens } from './search-query.ts';

export interface BillWords {
  /** Distinct words in order of first use, with their weighted frequencies. */
  freqs: Map<string, number>;
  /** Tokens over all columns: BM25's row length. */
  length: number;
  /** Each column's words, as places in `freqs`' order. */
  columns: number[][];
}

/** The postings key of a two-word phrase: a leading space, which no word has, keeps it out of every word's prefix range. */
export const pairKey = (first: string, second: string): string => ` ${first} ${second}`;

export function billWords(doc: Pick<SearchDocument, (typeof SEARCH_COLUMNS)[number]['name']>): BillWords {
  const freqs = new Map<string, number>();
  const place = new Map<string, number>();
  let length = 0;
  const columns = SEARCH_COLUMNS.map((column) => {
    const words = tokens(doc[column.name]);
    length += words.length;
    return words.map((w) => {
      freqs.set(w, (freqs.get(w) ?? 0) + column.weight);
      let at = place.get(w);
      if (at === undefined) {
        at = place.size;
        place.set(w, at);
      }
      return at;
    });
  });
  return { freqs, length, columns };
}

/** "word 12 other 5\t0 1\t\t1 0 1": words with frequencies, then each column's places, tab-separated. */
export function encodeBillWords(b: BillWords): string {
  return [[...b.freqs].map(([w, f]) => `${w} ${f}`).join(' '), ...b.columns.map((c) => c.join(' '))].join('\t');
}

export interface DecodedBillWords {
  freqs: [string, number][];
  /** The bill's two-word phrases whose both words are common, with their frequencies weighted by column. */
  pairs(common: ReadonlySet<string>): Map<string, number>;
}

export function decodeBillWords(encoded: string): DecodedBillWords {
  const [head = '', ...columns] = encoded.split('\t');
  const parts = head ? head.split(' ') : [];
  const freqs: [string, number][] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) freqs.push([parts[i] ?? '', Number(parts[i + 1])]);
  return {
    freqs,
    pairs(common) {
      const out = new Map<string, number>();
      if (common.size === 0) return out;
      const isCommon = freqs.map(([w]) => common.has(w));
      columns.forEach((column, c) => {
        if (!column) return;
        const weight = SEARCH_COLUMNS[c]?.weight ?? 0;
        const places = column.split(' ').map(Number);
        for (let i = 1; i < places.length; i++) {
          const a = places[i - 1] ?? 0;
          const b = places[i] ?? 0;
          if (!isCommon[a] || !isCommon[b]) continue;
          const key = pairKey(freqs[a]?.[0] ?? '', freqs[b]?.[0] ?? '');
          out.set(key, (out.get(key) ?? 0) + weight);
        }
      });
      return out;
    },
  };
}

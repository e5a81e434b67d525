/**
 * A bill's titles as exact keys (issue 32.1: a bill's short or popular title
 * finds that bill first). A title's key is its words once normalised, without
 * the words every title shares ("act", "of", "the"...) and without a year, so
 * "Line Item Veto Act", "line item veto" and "The Line Item Veto Act of 1995"
 * have one key; the year a title names is kept beside it, to prefer the bill
 * of the year a query names. The index stores each key as a 53-bit hash. Pure.
 */
import type { SearchDocument } from './search-document.ts';
import { tokens } from './search-query.ts';

/** Words that do not tell titles apart: they never decide which bill a title names. */
const NOISE: ReadonlySet<string> = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with', 'act', 'acts']);
/** A year as titles name it ("Act of 2017", "Appropriations Act, 2000"). */
const YEAR = /^(17|18|19|20)\d\d$/u;

/** How a title names its bill: its own short title, or another title it is known by (popular, official, a later stage's). */
export const TITLE_KIND = { other: 1, short: 2 } as const;
export type TitleKind = (typeof TITLE_KIND)[keyof typeof TITLE_KIND];

export interface TitleKey {
  /** The key's hash, as the index stores it. */
  hash: number;
  /** The year the title names, or null. */
  year: number | null;
}

export interface DocumentTitleKey extends TitleKey {
  kind: TitleKind;
}

/** cyrb53: a fast 53-bit string hash (public domain); a safe integer, so SQLite stores it exactly. */
export function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The key of a title or of a query; null when it has no telling word ("The Act of 2017"). */
export function titleKey(text: string): TitleKey | null {
  const words = tokens(text);
  const year = words.find((w) => YEAR.test(w));
  const telling = words.filter((w) => !NOISE.has(w) && !YEAR.test(w));
  if (telling.length === 0) return null;
  return { hash: hash53(telling.join(' ')), year: year === undefined ? null : Number(year) };
}

/** A document's title keys, once each (a key both its short title and another title have counts as the short title's). */
export function documentTitleKeys(doc: Pick<SearchDocument, 'short_title' | 'title'>): DocumentTitleKey[] {
  const out = new Map<number, DocumentTitleKey>();
  const add = (text: string, kind: TitleKind) => {
    const key = titleKey(text);
    if (key && (out.get(key.hash)?.kind ?? 0) < kind) out.set(key.hash, { ...key, kind });
  };
  add(doc.short_title, TITLE_KIND.short);
  for (const line of doc.title.split('\n')) add(line, TITLE_KIND.other);
  return [...out.values()];
}

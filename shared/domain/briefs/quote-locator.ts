/**
 * The quote locator: where a brief's quote is in the stored plain text of its
 * text version, as offsets into that text. The one place a quote is matched:
 * the citation check stores its answer on each point (citation.start/end), and
 * the API and the web app's "Show in the text" read those offsets, so what a
 * brief counts as quoted is exactly what the app can show. Matching ignores
 * case, runs of whitespace (line breaks included) and typographic quote and
 * dash variants; the quote's own surrounding quote marks and a trailing
 * ellipsis are not part of it. Pure.
 */
import type { TextSpan } from '#shared/domain/bills/text-outline.ts';

/** Minimum length of a quote that can support a fact (shorter ones match almost anywhere). */
export const MIN_QUOTE_CHARS = 12;

const SINGLE_QUOTES = new Set(['\u2018', '\u2019', '\u201a', '\u201b', '`']);
const DOUBLE_QUOTES = new Set(['\u201c', '\u201d', '\u201e', '\u201f']);
const isDash = (c: string) => c >= '\u2010' && c <= '\u2015';

/** One character as matching sees it (one UTF-16 unit in, one out, so offsets map back one to one). */
function fold(c: string): string {
  if (SINGLE_QUOTES.has(c)) return "'";
  if (DOUBLE_QUOTES.has(c)) return '"';
  if (isDash(c)) return '-';
  const lower = c.toLowerCase();
  return lower.length === 1 ? lower : c;
}

/** Whitespace as \s reads it, by code: faster than a regular expression per character on a text of megabytes. */
const isSpace = (code: number) =>
  code === 32 ||
  (code >= 9 && code <= 13) ||
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x2028 ||
  code === 0x2029 ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000 ||
  code === 0xfeff;

/** A text folded for matching, with the offset in the original of each folded character. */
function folded(text: string): { chars: string; at: Uint32Array } {
  const out: string[] = [];
  const at = new Uint32Array(text.length);
  let n = 0;
  let space = false;
  for (let i = 0; i < text.length; i++) {
    if (isSpace(text.charCodeAt(i))) {
      space = n > 0;
      continue;
    }
    if (space) {
      out.push(' ');
      at[n++] = i;
      space = false;
    }
    out.push(fold(text[i] ?? ''));
    at[n++] = i;
  }
  return { chars: out.join(''), at: at.subarray(0, n) };
}

/** The quote as matched: folded, without its own surrounding quote marks or a trailing ellipsis. */
export function quoteKey(quote: string): string {
  let key = folded(quote).chars;
  for (let before = ''; before !== key;) {
    before = key;
    key = key.replace(/^["'\s]+|["'\s]+$/g, '').replace(/(?:\u2026|\.\.\.)$/, '');
  }
  return key;
}

export interface QuoteLocator {
  /**
   * Where the quote is: its first occurrence inside `within` when given and found there, else its first occurrence
   * anywhere; null when it is not in the text word for word, or too short to stand for a fact.
   */
  locate(quote: string, within?: TextSpan | null): TextSpan | null;
}

/** A locator over one text (folded once; each quote is then one string search). */
export function quoteLocator(text: string): QuoteLocator {
  const { chars, at } = folded(text);
  const span = (index: number, length: number): TextSpan => ({ start: at[index] ?? 0, end: (at[index + length - 1] ?? 0) + 1 });
  return {
    locate(quote, within) {
      const key = quoteKey(quote);
      if (key.length < MIN_QUOTE_CHARS) return null;
      let first: TextSpan | null = null;
      for (let index = chars.indexOf(key); index !== -1; index = chars.indexOf(key, index + 1)) {
        const found = span(index, key.length);
        if (!within || (within.start <= found.start && found.end <= within.end)) return found;
        first ??= found;
      }
      return first;
    },
  };
}

/** The located passage as a citation shows it: the text's own words, its line breaks read as spaces. */
export const passageAt = (text: string, span: TextSpan): string => text.slice(span.start, span.end).replace(/\s+/g, ' ');

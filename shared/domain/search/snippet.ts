/**
 * Which passage of a bill a hit quotes, and the snippet: the passage with the
 * most matches of the query's words, cut around its first match, with the
 * matched words in <mark> and everything else HTML-escaped. Pure.
 */
import type { SearchSection } from './search-document.ts';
import { tokens, type QueryTerm } from './search-query.ts';

/** Words either side of the first match in a snippet. */
export const SNIPPET_WORDS = 12;

const escapeHtml = (s: string) => s.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;').replace(/"/gu, '&quot;');

function matcher(terms: QueryTerm[]): (token: string) => boolean {
  const exact = new Set(terms.flatMap((t) => (t.prefix ? [] : t.tokens)));
  const prefixes = terms.filter((t) => t.prefix).map((t) => t.tokens[0] ?? '');
  return (token) => exact.has(token) || prefixes.some((p) => token.startsWith(p));
}

/** The best passage for the query, or null when no passage has any of its words. */
export function bestPassage(sections: SearchSection[], terms: QueryTerm[]): { section: string; snippet: string } | null {
  const hit = matcher(terms);
  // One section (the index's passage): its first match is all a snippet needs, not its count.
  if (sections.length === 1) {
    const only = sections[0] as SearchSection;
    const words = only.body.split(/\s+/u);
    return words.some((w) => tokens(w).some(hit)) ? { section: only.label, snippet: snippet(only.body, hit) } : null;
  }
  let best: { section: SearchSection; count: number } | null = null;
  for (const section of sections) {
    const count = tokens(section.body).filter(hit).length;
    if (count > 0 && (!best || count > best.count)) best = { section, count };
  }
  return best ? { section: best.section.label, snippet: snippet(best.section.body, hit) } : null;
}

/** The words around the first match, matches marked. */
export function snippet(body: string, hit: (token: string) => boolean): string {
  const words = body.split(/\s+/u).filter(Boolean);
  const first = Math.max(
    0,
    words.findIndex((w) => tokens(w).some(hit)),
  );
  const from = Math.max(0, first - SNIPPET_WORDS);
  const to = Math.min(words.length, first + SNIPPET_WORDS + 1);
  const shown = words.slice(from, to).map((w) => (tokens(w).some(hit) ? `<mark>${escapeHtml(w)}</mark>` : escapeHtml(w)));
  return `${from > 0 ? '… ' : ''}${shown.join(' ')}${to < words.length ? ' …' : ''}`;
}

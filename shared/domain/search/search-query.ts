/**
 * How a search box query becomes a full-text match (docs/architecture.md,
 * "Search"): words are ANDed, "quoted phrases" stay phrases, the last bare
 * word matches as a prefix (type-ahead), and a longer word the index does not
 * know is widened to the known words one edit away (one typo tolerated).
 * Pure: the engine adapter supplies the vocabulary check.
 */

/** Words dropped from a query unless quoted: they are in most titles and only slow the match. */
export const STOP_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
/** A word shorter than this is never corrected: too many short words are one edit apart. */
export const TYPO_MIN_LENGTH = 5;
/** Corrections kept per misspelt word, most frequent first. */
export const TYPO_MAX_VARIANTS = 4;
/** The shortest prefix matched as a prefix (the index keeps prefixes of 2 and 3 characters). */
export const PREFIX_MIN_LENGTH = 2;
/** Words of one query the engine matches; the rest are ignored. */
export const MAX_QUERY_TERMS = 8;

/** One part of a query: a bare word (maybe a prefix) or a quoted phrase. */
export interface QueryTerm {
  kind: 'word' | 'phrase';
  /** The lower-case tokens (one for a word). */
  tokens: string[];
  prefix: boolean;
}

/** The index's tokenizer for ASCII text (FTS5 unicode61 folds case and splits on anything not a letter or digit). */
export function tokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Splits a query into words and quoted phrases; stop words go unless every word is one. */
export function parseQuery(q: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  const re = /"([^"]*)"?|([^\s"]+)/gu;
  for (const m of q.matchAll(re)) {
    if (m[1] !== undefined) {
      const t = tokens(m[1]);
      if (t.length === 1) terms.push({ kind: 'word', tokens: t, prefix: false });
      else if (t.length > 1) terms.push({ kind: 'phrase', tokens: t, prefix: false });
    } else if (m[2] !== undefined) {
      for (const t of tokens(m[2])) terms.push({ kind: 'word', tokens: [t], prefix: false });
    }
  }
  const kept = terms.filter((t) => t.kind === 'phrase' || !STOP_WORDS.has(t.tokens[0] ?? ''));
  // A query of stop words only ("the who") is searched as typed, without a prefix.
  const onlyStopWords = kept.length === 0;
  const chosen = (onlyStopWords ? terms : kept).slice(0, MAX_QUERY_TERMS);
  // Type-ahead: the word being typed is the last one, unless the query ends in a space or a quote.
  const last = chosen.at(-1);
  const lastBare = /[^\s"]$/u.test(q);
  if (last && last.kind === 'word' && lastBare && (last.tokens[0] ?? '').length >= PREFIX_MIN_LENGTH && !onlyStopWords) {
    chosen[chosen.length - 1] = { ...last, prefix: true };
  }
  return chosen;
}

/** Every string one edit (deletion, substitution, insertion or transposition) from `word`. */
export function oneEditAway(word: string): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail.charAt(1) + tail.charAt(0) + tail.slice(2));
    for (const c of letters) {
      out.add(head + c + tail);
      if (tail) out.add(head + c + tail.slice(1));
    }
  }
  out.delete(word);
  return [...out];
}

/**
 * How many bills carry a term: the adapter answers from the index's vocabulary. `has`, when
 * given, tells whether the index knows one term without counting its bills (counting walks
 * the term's whole posting list, which for a common word is most of a query's time).
 */
export type TermCounter = ((terms: string[]) => Map<string, number>) & { has?: (term: string) => boolean };

/** A word with its spellings to match: itself, plus known words one edit away when it is unknown. */
export function spellings(word: string, count: TermCounter): string[] {
  if (word.length < TYPO_MIN_LENGTH || /^\d+$/u.test(word)) return [word];
  if (count.has ? count.has(word) : (count([word]).get(word) ?? 0) > 0) return [word];
  const variants = [...count(oneEditAway(word)).entries()]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TYPO_MAX_VARIANTS)
    .map(([t]) => t);
  return variants.length > 0 ? variants : [word];
}

const quoted = (t: string) => `"${t}"`;

/** The FTS5 MATCH expression of a query; null when it has no word. `any` ORs the terms (to pick a section to quote). */
export function matchExpression(terms: QueryTerm[], count: TermCounter, any = false): string | null {
  const parts = terms.map((t) => {
    if (t.kind === 'phrase') return quoted(t.tokens.join(' '));
    const word = t.tokens[0] ?? '';
    if (t.prefix) return `${quoted(word)}*`;
    const forms = spellings(word, count);
    return forms.length === 1 ? quoted(forms[0] ?? word) : `(${forms.map(quoted).join(' OR ')})`;
  });
  if (parts.length === 0) return null;
  return parts.join(any ? ' OR ' : ' AND ');
}

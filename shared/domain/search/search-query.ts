/**
 * How a search box query becomes what the engine matches (docs/search.md): words are ANDed, "quoted phrases" stay phrases, the last bare
 * word matches as a prefix (type-ahead: its most common completions), and an
 * unknown longer word is widened to the known words one edit away (one typo
 * tolerated). Every part is bounded, whatever the text (issue 32.7): a query
 * keeps at most MAX_QUERY_TERMS terms and a phrase MAX_PHRASE_WORDS words,
 * each measured after normalisation; a word longer than any indexed word
 * matches nothing; corrections are tried for at most TYPO_MAX_WORDS Latin
 * words of at most TYPO_MAX_LENGTH letters, all looked up at once. Pure: the
 * engine adapter supplies the vocabulary.
 */

/** Words dropped from a query unless quoted: they are in most titles and only slow the match. */
export const STOP_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
/** A word shorter than this is never corrected: too many short words are one edit apart. */
export const TYPO_MIN_LENGTH = 5;
/** Nor a longer one than this: no real word is one edit from a long unknown one often enough to pay for its variants. */
export const TYPO_MAX_LENGTH = 20;
/** Words of one query that may be corrected (the first unknown ones); the others match as typed. */
export const TYPO_MAX_WORDS = 4;
/** Corrections kept per misspelt word, most frequent first. */
export const TYPO_MAX_VARIANTS = 4;
/** The shortest prefix matched as a prefix (the index keeps prefixes of 2 and 3 characters). */
export const PREFIX_MIN_LENGTH = 2;
/** Terms (words and phrases) of one query the engine matches; the rest are ignored. */
export const MAX_QUERY_TERMS = 8;
/** Words of one quoted phrase the engine matches: a longer phrase is matched by its first ones. */
export const MAX_PHRASE_WORDS = 10;
/** The longest word, once normalised, that can be in the index; a longer one matches nothing. */
export const MAX_TOKEN_LENGTH = 64;

/** One part of a query: a bare word (maybe a prefix) or a quoted phrase. */
export interface QueryTerm {
  kind: 'word' | 'phrase';
  /** The lower-case tokens (one for a word). */
  tokens: string[];
  prefix: boolean;
}

/** The index's tokenizer (FTS5 unicode61 folds case and accents, and splits on anything not a letter or digit). */
export function tokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const sameTerm = (a: QueryTerm, b: QueryTerm) => a.kind === b.kind && a.tokens.join(' ') === b.tokens.join(' ');

/**
 * Splits a query into words and quoted phrases; stop words go unless every word is one. A term
 * repeated is kept once, a phrase keeps its first MAX_PHRASE_WORDS words, and the query its first
 * MAX_QUERY_TERMS terms.
 */
export function parseQuery(q: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  const add = (term: QueryTerm) => {
    if (!terms.some((t) => sameTerm(t, term))) terms.push(term);
  };
  const re = /"([^"]*)"?|([^\s"]+)/gu;
  for (const m of q.matchAll(re)) {
    if (m[1] !== undefined) {
      const t = tokens(m[1]).slice(0, MAX_PHRASE_WORDS);
      if (t.length === 1) add({ kind: 'word', tokens: t, prefix: false });
      else if (t.length > 1) add({ kind: 'phrase', tokens: t, prefix: false });
    } else if (m[2] !== undefined) {
      for (const t of tokens(m[2])) add({ kind: 'word', tokens: [t], prefix: false });
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

/** True when a term holds a word longer than any in the index: the query can match nothing. */
export const hasUnmatchableWord = (terms: QueryTerm[]): boolean => terms.some((t) => t.tokens.some((w) => w.length > MAX_TOKEN_LENGTH));

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Whether an unknown word may be corrected: Latin letters only, neither too short nor too long. */
export const correctable = (word: string): boolean => word.length >= TYPO_MIN_LENGTH && word.length <= TYPO_MAX_LENGTH && /^[a-z]+$/u.test(word);

/**
 * Whether a word is of Latin letters only. The index keeps every such word, and every common word,
 * with its size in memory (issue 32.7): a correction's thousands of one-edit variants and a
 * prefix's completions then ask the file nothing.
 */
export const latinWord = (word: string): boolean => word.length <= MAX_TOKEN_LENGTH && /^[a-z]+$/u.test(word);

/** Every string of letters one edit (deletion, substitution, insertion or transposition) from `word`. */
export function oneEditAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail.charAt(1) + tail.charAt(0) + tail.slice(2));
    for (const c of LETTERS) {
      out.add(head + c + tail);
      if (tail) out.add(head + c + tail.slice(1));
    }
  }
  out.delete(word);
  return [...out];
}

/**
 * The index's vocabulary, asked once for many words: those it knows, each with a measure of how
 * many bills hold it (more is more common; only the order matters).
 */
export type Vocabulary = (words: string[]) => Map<string, number>;

/**
 * Each word's spellings to match: itself, or, when the index does not know it and it is
 * correctable (and among the first TYPO_MAX_WORDS such), the known words one edit away, most
 * common first. Two vocabulary look-ups for the whole query, whatever its words.
 */
export function spellingsOf(words: string[], vocabulary: Vocabulary): Map<string, string[]> {
  const out = new Map(words.map((w) => [w, [w]]));
  const candidates = [...new Set(words.filter(correctable))];
  if (candidates.length === 0) return out;
  const known = vocabulary(candidates);
  const unknown = candidates.filter((w) => !known.has(w)).slice(0, TYPO_MAX_WORDS);
  if (unknown.length === 0) return out;
  const variantsOf = new Map(unknown.map((w) => [w, oneEditAway(w)]));
  const found = vocabulary([...new Set([...variantsOf.values()].flat())]);
  for (const [word, variants] of variantsOf) {
    const best = variants
      .filter((v) => found.has(v))
      .sort((a, b) => (found.get(b) ?? 0) - (found.get(a) ?? 0) || a.localeCompare(b))
      .slice(0, TYPO_MAX_VARIANTS);
    if (best.length > 0) out.set(word, best);
  }
  return out;
}

/**
 * A term with what it matches: its alternatives, each a run of tokens (the word, its corrections,
 * a prefix's completions, or the phrase). A term without alternatives matches nothing.
 */
export interface ResolvedTerm {
  term: QueryTerm;
  forms: string[][];
}

/** Resolves every term: corrections through the vocabulary, a prefix through its completions. */
export function resolveTerms(terms: QueryTerm[], vocabulary: Vocabulary, completions: (prefix: string) => string[]): ResolvedTerm[] {
  const spelt = spellingsOf(
    terms.filter((t) => t.kind === 'word' && !t.prefix).map((t) => t.tokens[0] ?? ''),
    vocabulary,
  );
  return terms.map((term) => {
    const word = term.tokens[0] ?? '';
    if (term.kind === 'phrase') return { term, forms: [term.tokens] };
    if (term.prefix) return { term, forms: completions(word).map((w) => [w]) };
    return { term, forms: (spelt.get(word) ?? [word]).map((w) => [w]) };
  });
}

const quoted = (t: string[]) => `"${t.join(' ')}"`;

/** The FTS5 MATCH expression of a query; null when it can match nothing. `any` ORs the terms (to pick a section to quote). */
export function matchExpression(resolved: ResolvedTerm[], any = false): string | null {
  const parts = resolved
    .filter((r) => r.forms.length > 0)
    .map((r) => (r.forms.length === 1 ? quoted(r.forms[0] ?? []) : `(${r.forms.map(quoted).join(' OR ')})`));
  if (parts.length === 0 || (!any && parts.length < resolved.length)) return null;
  return parts.join(any ? ' OR ' : ' AND ');
}

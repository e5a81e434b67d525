/**
 * Which search queries an article mentions. Several queries share one news
 * search call (OR syntax), so each returned article is attributed back to
 * the queries whose terms its text contains. The grammar is the subset the
 * query builders write and the news search API understands: quoted phrases,
 * bare words, AND (also implicit between terms), OR, and parentheses.
 * Matching ignores case, accents and punctuation ("H.R. 3076" = "hr 3076").
 */

type Node = { kind: 'term'; words: string } | { kind: 'and' | 'or'; parts: Node[] };

/** Lower case, accents folded, dots and apostrophes dropped, other punctuation as spaces. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const TOKEN = /"([^"]*)"|\(|\)|[^\s()"]+/g;

function tokenize(query: string): string[] {
  return [...query.matchAll(TOKEN)].map((m) => (m[1] !== undefined ? `"${m[1]}"` : m[0]));
}

/** Parses a query; unbalanced parentheses are closed at the end rather than rejected. */
export function parseQuery(query: string): Node {
  const tokens = tokenize(query);
  let i = 0;
  const parseOr = (): Node => {
    const parts = [parseAnd()];
    while (tokens[i] === 'OR') {
      i++;
      parts.push(parseAnd());
    }
    return parts.length === 1 ? (parts[0] as Node) : { kind: 'or', parts };
  };
  const parseAnd = (): Node => {
    const parts: Node[] = [];
    while (i < tokens.length && tokens[i] !== 'OR' && tokens[i] !== ')') {
      if (tokens[i] === 'AND') {
        i++;
        continue;
      }
      const atom = parseAtom();
      if (atom) parts.push(atom);
    }
    return parts.length === 1 ? (parts[0] as Node) : { kind: 'and', parts };
  };
  const parseAtom = (): Node | null => {
    const token = tokens[i++] as string;
    if (token === '(') {
      const inner = parseOr();
      if (tokens[i] === ')') i++;
      return inner;
    }
    const words = normaliseText(token.replace(/^"|"$/g, ''));
    return words ? { kind: 'term', words } : null;
  };
  const root = parseOr();
  if (i >= tokens.length) return root;
  // A stray ')' ends parsing early; what follows is read as further alternatives.
  i++;
  return { kind: 'or', parts: [root, parseOr()] };
}

function evaluate(node: Node, padded: string): boolean {
  if (node.kind === 'term') return padded.includes(` ${node.words} `);
  if (node.kind === 'and') return node.parts.length > 0 && node.parts.every((p) => evaluate(p, padded));
  return node.parts.some((p) => evaluate(p, padded));
}

/** True when the text satisfies the query (an empty query matches nothing). */
export function mentions(query: string, text: string): boolean {
  return evaluate(parseQuery(query), ` ${normaliseText(text)} `);
}

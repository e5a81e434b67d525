/**
 * The hostile queries of `npm run bench:search-adversarial` (issue 32.7), each
 * at most 500 characters: long words, many words, non-Latin words, characters
 * that normalisation multiplies, many quoted phrases, phrases of the commonest
 * words, short prefixes and typos. Seeded, so every run sends the same text;
 * shared with the profiling of one query (bench/search-adversarial-profile.ts).
 */
import { seededRandom } from './query-words.ts';

/** The longest query GET /api/search takes (SEARCH_QUERY_MAX). */
export const MAX_CHARS = 500;

const r = seededRandom(32);
const letters = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
const LATIN = 'abcdefghijklmnopqrstuvwxyz';
const CYRILLIC = 'абвгдежзийклмнопрстуфхцчшщыэюя';
const fill = (unit: string, sep = '') => {
  let out = '';
  while ((out + sep + unit).length <= MAX_CHARS) out += (out ? sep : '') + unit;
  return out;
};

/** The hostile queries: a name and its text, each at most 500 characters. */
export function hostileQueries(common: string[]): [string, string][] {
  const top = common.slice(0, 40);
  const queries: [string, string][] = [
    ['8 Latin words of 60 letters', Array.from({ length: 8 }, () => letters(LATIN, 60)).join(' ')],
    ['one Latin word of 500 letters', letters(LATIN, MAX_CHARS)],
    ['83 unknown 5-letter words', Array.from({ length: 83 }, () => letters(LATIN, 5)).join(' ')],
    ['8 Cyrillic words of 60 letters', Array.from({ length: 8 }, () => letters(CYRILLIC, 60)).join(' ')],
    ['one Cyrillic word of 500 letters', letters(CYRILLIC, MAX_CHARS)],
    ['500 CJK characters', letters('法案税収健康教育農業', MAX_CHARS)],
    ['U+3316 x 500 (6 letters each)', '\u3316'.repeat(MAX_CHARS)],
    ['U+3316 x 9, 8 words (54 letters each)', Array.from({ length: 8 }, () => '\u3316'.repeat(9)).join(' ')],
    ['U+FDFA x 500 (18 letters each)', '\uFDFA'.repeat(MAX_CHARS)],
    ['U+FDFA x 3, 8 words (54 letters each)', Array.from({ length: 8 }, () => '\uFDFA'.repeat(3)).join(' ')],
    ['8 quoted phrases of common words', Array.from({ length: 8 }, (_, i) => `"${top.slice(i * 4, i * 4 + 4).join(' ')}"`).join(' ')],
    ['many quoted phrases', fill('"and for other purposes"', ' ')],
    ['one quoted phrase of common words', `"${fill('to amend', ' ').slice(0, MAX_CHARS - 2)}"`],
    ['quoted phrases of one common word pair', fill('"to amend"', ' ')],
    ['8 commonest words', top.slice(0, 8).join(' ')],
    ['7 commonest words and a 2-letter prefix', `${top.slice(0, 7).join(' ')} co`],
    [
      'typos of 8 common words',
      top
        .slice(0, 8)
        .map((w) => (w.length > 4 ? w.slice(0, 1) + w.slice(2, 3) + w.slice(1, 2) + w.slice(3) : w))
        .join(' '),
    ],
    ['typos of 8 long words (20 letters)', Array.from({ length: 8 }, () => letters(LATIN, 20)).join(' ')],
    ...['co', 're', 'pr', 'st', 'in', 'de', 'ba', 'am'].map((p): [string, string] => [`2-letter prefix "${p}"`, p]),
    ['the commonest word', top[0] ?? 'united'],
    ['8 numbers', '1 2 3 4 5 6 7 8'],
    ['stop words only', fill('the of and', ' ')],
    ['punctuation only', fill('"" ** -- ((', ' ')],
  ];
  return queries;
}

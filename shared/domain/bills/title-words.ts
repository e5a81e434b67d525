/** The searchable words of a bill title: lower case, at least 3 letters, no stop words, at most 30. */
const STOP = new Set(
  'the and for act with from that this into other such its are was were has have will shall any all may not nor but than upon under purposes purpose certain amend amended provide provides relating'.split(
    ' ',
  ),
);

/**
 * The longest index word. Words become keys (WORD#{word}), and normalising
 * can multiply a text's length ("ﬃ" is "ffi", "⒇" is "20"), so the bound is
 * on the normalised word; no real title has a longer one.
 */
export const MAX_WORD_LENGTH = 64;

const normalisedWords = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/);

/** Distinct index words of a text, in order of first appearance; words over MAX_WORD_LENGTH are never indexed. */
export function titleWords(text: string): string[] {
  const words = normalisedWords(text).filter((w) => w.length >= 3 && w.length <= MAX_WORD_LENGTH && !STOP.has(w));
  return [...new Set(words)].slice(0, 30);
}

/** True when a search text holds a word longer than any index word once normalised (a query no title can match). */
export const hasOverlongWord = (text: string): boolean => normalisedWords(text).some((w) => w.length > MAX_WORD_LENGTH);

/** The searchable words of a bill title: lower case, at least 3 letters, no stop words, at most 30. */
const STOP = new Set(
  'the and for act with from that this into other such its are was were has have will shall any all may not nor but than upon under purposes purpose certain amend amended provide provides relating'.split(
    ' ',
  ),
);

/** Distinct index words of a text, in order of first appearance. */
export function titleWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length >= 3 && !STOP.has(w));
  return [...new Set(words)].slice(0, 30);
}

/**
 * The text of a published schedule as a person reads it: CRLF line ends,
 * tabs, no-break spaces (U+00A0, which senate.gov puts in its `<matter>`)
 * and runs of spaces all read as one space, and the ends are trimmed. Words,
 * letter case and punctuation stay as the source spells them.
 */
export function readableText(text: string | null | undefined): string {
  return (text ?? '').replace(/[\s\u00a0\u2007\u202f\ufeff]+/gu, ' ').trim();
}

/** readableText, or null when nothing is left. */
export const readableOrNull = (text: string | null | undefined): string | null => readableText(text) || null;

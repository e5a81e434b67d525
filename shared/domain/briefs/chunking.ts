/**
 * Splits a long bill into parts that fit the model's context, by whole
 * sections (a section longer than a part is cut at paragraph boundaries).
 * Token counts are estimated at four characters a token, the usual ratio
 * for English legislative text. Pure.
 */
import type { BillSection } from './section-parser.ts';

export const CHARS_PER_TOKEN = 4;

/** Estimated tokens of a text. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

function splitLongSection(section: BillSection, maxChars: number): BillSection[] {
  const pieces: BillSection[] = [];
  let current = '';
  for (const para of section.text.split(/\n(?=\s*\S)/)) {
    if (current && current.length + para.length + 1 > maxChars) {
      pieces.push({ ...section, text: current });
      current = '';
    }
    // A single paragraph longer than a part is cut hard; its quotes stay verbatim within each piece.
    for (let i = 0; i < para.length; i += maxChars) {
      const slice = para.slice(i, i + maxChars);
      if (current && current.length + slice.length + 1 > maxChars) {
        pieces.push({ ...section, text: current });
        current = '';
      }
      current = current ? `${current}\n${slice}` : slice;
    }
  }
  if (current) pieces.push({ ...section, text: current });
  return pieces;
}

/** Groups sections into parts of at most `maxTokens` estimated tokens each. */
export function chunkSections(sections: readonly BillSection[], maxTokens: number): BillSection[][] {
  const maxChars = maxTokens * CHARS_PER_TOKEN;
  const parts: BillSection[][] = [];
  let current: BillSection[] = [];
  let size = 0;
  for (const section of sections.flatMap((s) => (s.text.length > maxChars ? splitLongSection(s, maxChars) : [s]))) {
    if (current.length && size + section.text.length > maxChars) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(section);
    size += section.text.length;
  }
  if (current.length) parts.push(current);
  return parts;
}

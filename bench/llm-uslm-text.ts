/**
 * A small USLM XML → plain text rendering for the LLM benchmark: block
 * elements become lines, "SEC. 2." numbers stay on their heading line, tags
 * are dropped. (The service's own rendering belongs to ingestion; this only
 * feeds the benchmark realistic text.)
 */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
  '&#x2019;': '’',
  '&#x201c;': '“',
  '&#x201d;': '”',
  '&#x2014;': '—',
};

/** The plain text of a USLM document. */
export function uslmToText(xml: string): string {
  return xml
    .replace(/<\?xml[^>]*>|<!DOCTYPE[^>]*>/g, '')
    .replace(/<meta>[\s\S]*?<\/meta>/g, '')
    .replace(
      /<(section|subsection|paragraph|subparagraph|clause|title|chapter|division|content|p|preamble|longTitle|enactingFormula|quotedContent)\b[^>]*>/g,
      '\n',
    )
    .replace(/<\/(heading|content|p|chapeau|continuation)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&[#a-z0-9]+;/gi, (e) => ENTITIES[e] ?? ' ')
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

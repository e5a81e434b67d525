/**
 * Plain text of a bill document by markup alone, for GPO's HTML and plain
 * text (and XML the structural parser, shared/adapters/providers/bill-text/,
 * cannot read): block elements become line breaks, markup, the metadata block
 * and running heads are dropped, entities decoded, so "SEC. 2." and section
 * headings survive in reading order.
 */
const BLOCK =
  /<\/?(section|subsection|paragraph|subparagraph|clause|subclause|item|subitem|title|subtitle|chapter|part|division|p|div|congress|session|docNumber|dc:type|preface|br|tr|li|h\d|quotedContent|quoted-block|text|header|enum|toc|content|chapeau|continuation|preamble|recital|resolvingClause|enactingClause|longTitle|docTitle|officialTitle|legis-body|pre|form|action)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  sect: '§',
  para: '¶',
};

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1]?.toLowerCase() === 'x' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** The normalised plain-text rendering of an XML or HTML bill document. */
export function documentToPlainText(doc: string): string {
  const body = doc
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!DOCTYPE[\s\S]*?>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    // Metadata, and the printed page's running heads (slug line, distribution code), are not text.
    .replace(/<(meta|metadata|dublinCore|form-metadata|head|style|script|slugLine|distributionCode|distribution-code)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<(num|enum)\b[^>]*>([\s\S]*?)<\/\1>/gi, '\n$2 ')
    // A heading stays on its number's line ("SEC. 3. RULE OF CONSTRUCTION.") and ends it.
    .replace(/<\/heading>/gi, '\n')
    .replace(BLOCK, '\n')
    .replace(/<[^>]+>/g, '');
  return decode(body)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line, i, lines) => line.length > 0 || (i > 0 && (lines[i - 1] ?? '').length > 0))
    .join('\n')
    .trim();
}

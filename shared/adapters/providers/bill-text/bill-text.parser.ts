/**
 * A fetched bill document as the plain text briefs quote and its outline:
 * GPO's XML (USLM or the classic bill DTD) is read by its markup
 * (./bill-xml.parser.ts); GPO's HTML and plain text, or XML of neither
 * dialect, by the markup-free rendering, whose outline the reader takes from
 * the printed headings (shared/domain/briefs/section-parser.ts).
 */
import type { OutlinedText } from '#shared/domain/bills/text-outline.ts';
import type { TextFormat } from '#shared/domain/bills/text-version.schema.ts';
import { documentToPlainText } from '#shared/domain/bills/plain-text.ts';
import { parseBillXml } from './bill-xml.parser.ts';

/** The plain text and outline of a document fetched in `format`. */
export function parseBillText(body: Buffer | string, format: TextFormat): OutlinedText {
  const doc = typeof body === 'string' ? body : body.toString('utf8');
  if (format === 'uslm' || format === 'xml') {
    const parsed = parseBillXml(doc);
    if (parsed && parsed.outline.pieces.length > 0) return { text: parsed.text, outline: parsed.outline };
  }
  return { text: documentToPlainText(doc), outline: null };
}

/**
 * The XML parser settings shared by the roll-call, bill-status and text
 * readers: attributes kept with an @_ prefix, values kept as strings, and
 * external DTDs never resolved (fast-xml-parser does not fetch them).
 */
import { XMLParser } from 'fast-xml-parser';

/**
 * A parser that turns the named tags into arrays even when they occur once;
 * `skipTags` are kept as unparsed text (sections a reader never looks at,
 * which can be most of a large document).
 */
export function xmlParser(arrayTags: string[] = [], skipTags: string[] = []): XMLParser {
  const arrays = new Set(arrayTags);
  return new XMLParser({
    stopNodes: skipTags.map((t) => `*.${t}`),
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    isArray: (name) => arrays.has(name),
  });
}

/** The text of a parsed node: a string, or the #text of an element with attributes. */
export function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (typeof node === 'object' && '#text' in node) return String((node as { '#text': unknown })['#text']);
  return '';
}

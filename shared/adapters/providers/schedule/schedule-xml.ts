/**
 * Reading a schedule's XML: checked well-formed first (fast-xml-parser's
 * validator; the parser alone accepts broken markup), then parsed with
 * attributes under an @_ prefix, values kept as strings, character
 * references decoded (&#8212;, &#xA0;) and the named tags always arrays. A
 * payload that is not XML, or whose root is not the expected one, is a
 * ProviderError naming what was found.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';

export type XmlNode = Record<string, unknown>;

/** The parsed document and the name of its root element. */
export function readXml(provider: string, what: string, text: string, arrayTags: readonly string[]): { root: string; node: XmlNode } {
  const xml = text.replace(/^\ufeff/, '');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new ProviderError(provider, `${what} is not well-formed XML: line ${valid.err.line}: ${valid.err.msg}`);
  const arrays = new Set(arrayTags);
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name, _path, _leaf, isAttribute) => !isAttribute && arrays.has(name),
  }).parse(xml) as XmlNode;
  const root = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (!root) throw new ProviderError(provider, `${what} has no root element`);
  const node = doc[root];
  return { root, node: node && typeof node === 'object' ? (node as XmlNode) : {} };
}

/** Fails unless the document's root is the one a reader expects. */
export function expectRoot(provider: string, what: string, found: string, expected: string): void {
  if (found !== expected) throw new ProviderError(provider, `${what}: expected a <${expected}> document, found <${found}>`, { field: found });
}

/** The text of an element that may carry attributes (`{#text, @_x}`), or '' for an empty or missing one. */
export function xmlText(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (typeof node === 'object' && '#text' in node) return String((node as { '#text': unknown })['#text']);
  return '';
}

/** An attribute of an element, or ''. */
export function xmlAttr(node: unknown, name: string): string {
  if (!node || typeof node !== 'object') return '';
  const v = (node as XmlNode)[`@_${name}`];
  return v === undefined || v === null ? '' : String(v);
}

/** A child element that holds a list (`<documents><document/>…</documents>`): the items, or [] when it is absent or empty. */
export function xmlList(parent: unknown, child: string): unknown[] {
  if (!parent || typeof parent !== 'object') return [];
  const v = (parent as XmlNode)[child];
  return Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v];
}

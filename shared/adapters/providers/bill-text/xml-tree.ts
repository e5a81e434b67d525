/**
 * A bill document's XML as a small ordered tree (elements with their
 * attributes and children, text kept where it is), read with fast-xml-parser's
 * order-preserving mode: bill text is mixed content ("the <term>hostilities</term>
 * includes…"), so the order of text and elements is the text.
 */
import { XMLParser } from 'fast-xml-parser';

export type XmlNode = XmlElement | { text: string };
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

const ATTRS = ':@';
type Ordered = Record<string, unknown>;

function toNode(raw: Ordered): XmlNode | null {
  if (typeof raw['#text'] === 'string') return { text: raw['#text'] };
  const name = Object.keys(raw).find((k) => k !== ATTRS);
  if (!name) return null;
  const children = Array.isArray(raw[name]) ? (raw[name] as Ordered[]) : [];
  const attrs = (raw[ATTRS] ?? {}) as Record<string, unknown>;
  return {
    name,
    attrs: Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, String(v)])),
    children: children.map(toNode).filter((n): n is XmlNode => n !== null),
  };
}

/** The document's top-level nodes (processing instructions included, comments dropped). */
export function parseXmlTree(xml: string): XmlNode[] {
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    htmlEntities: true,
  });
  return (parser.parse(xml) as Ordered[]).map(toNode).filter((n): n is XmlNode => n !== null);
}

export const isElement = (node: XmlNode): node is XmlElement => 'name' in node;

/** The text of a node and everything in it, whitespace runs read as one space. */
export function textOf(node: XmlNode): string {
  return (isElement(node) ? node.children.map(textOf).join('') : node.text).replace(/\s+/g, ' ');
}

/** The first element child of a node with one of the names, or null. */
export const childNamed = (node: XmlElement, ...names: string[]): XmlElement | null =>
  node.children.find((c): c is XmlElement => isElement(c) && names.includes(c.name)) ?? null;

/**
 * The two XML dialects GPO publishes bill text in, as tables the walker
 * (./bill-xml.parser.ts) reads: USLM (namespaced; <num>/<heading>, already
 * printed as "SEC. 2. " and "(a) ") and the classic bill DTD (no namespace;
 * <enum>/<header>, printed by GPO's stylesheet, which this file does: "SEC. 2.
 * FINDINGS.", "(a) In general.—", "TITLE I—GENERAL PROVISIONS"). Each element
 * has a role; an element not listed is inline text.
 */
import { childNamed, textOf, type XmlElement } from './xml-tree.ts';

export type Role =
  /** Not text: metadata, and the printed page's running heads (slug line, distribution code). */
  | 'skip'
  /** A line break in print; a page break mid-sentence reads as a space. */
  | 'space'
  /** Inline text that follows a date or a name with a space ("February 14, 2019 Received…"). */
  | 'spaced'
  /** The classic DTD's <quote>: printed between curly quotes. */
  | 'quote'
  /** A block of text on its own line(s). */
  | 'block'
  /** A line of a list (a table-of-contents entry, a signature). */
  | 'line'
  /** Quoted law (an amendment's new text): its sections and paragraphs are not the bill's. */
  | 'quoted'
  | 'front'
  | 'long_title'
  | 'preamble'
  | 'recital'
  | 'body'
  | 'back'
  | 'container'
  | 'section'
  | 'small'
  /** An appropriations heading (with its paragraph): "Office of the Secretary". */
  | 'appropriations';

export type UnitRole = 'container' | 'section' | 'small';

export interface Dialect {
  name: 'uslm' | 'bill-dtd';
  roles: Readonly<Record<string, Role>>;
  /** The unit's number as a citation reads it ("1", "a", "I"), or null when unnumbered. */
  valueOf(unit: XmlElement): string | null;
  /** The unit's heading without its printed punctuation ("Findings"), or ''. */
  headingOf(unit: XmlElement): string;
  /** The unit's number and heading as printed, one string per line. */
  lead(role: UnitRole, unit: XmlElement): string[];
}

const CONTAINERS = ['division', 'subdivision', 'title', 'subtitle', 'part', 'subpart', 'chapter', 'subchapter'];
const SMALL = ['subsection', 'paragraph', 'subparagraph', 'clause', 'subclause', 'item', 'subitem', 'subsubitem'];
const roles = (entries: Record<string, Role>): Readonly<Record<string, Role>> => ({
  ...Object.fromEntries(CONTAINERS.map((n) => [n, 'container' as const])),
  ...Object.fromEntries(SMALL.map((n) => [n, 'small' as const])),
  section: 'section',
  ...entries,
});

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
/** A heading without its printed trailing punctuation: "In General.—" → "In General". */
const bare = (s: string) => clean(s).replace(/[\s.:;,—–-]+$/, '');
/** A printed number as a citation reads it: "SEC. 2." → "2", "(a)" → "a", "TITLE I—" → "I". */
const valueOfPrinted = (s: string) =>
  clean(s)
    .replace(/^(?:SECTION|SEC\.|§|TITLE|DIVISION|SUBTITLE|PART|SUBPART|CHAPTER|SUBCHAPTER)\s*/i, '')
    .replace(/^\(|[).—–-]+$/g, '')
    .replace(/[.)]$/, '');

export const USLM: Dialect = {
  name: 'uslm',
  roles: roles({
    meta: 'skip',
    slugLine: 'skip',
    distributionCode: 'skip',
    br: 'space',
    preface: 'front',
    main: 'body',
    longTitle: 'long_title',
    enactingFormula: 'long_title',
    resolvingClause: 'long_title',
    preamble: 'preamble',
    recital: 'recital',
    attestation: 'back',
    signatures: 'back',
    endorsement: 'back',
    quotedContent: 'quoted',
    appropriations: 'appropriations',
    actionDescription: 'spaced',
    p: 'block',
    content: 'block',
    chapeau: 'block',
    continuation: 'block',
    docTitle: 'block',
    officialTitle: 'block',
    congress: 'block',
    session: 'block',
    // "H. J. RES." and "37" are one line of the cover.
    docNumber: 'spaced',
    currentChamber: 'block',
    action: 'block',
    relatedDocument: 'block',
    enrolledDateline: 'block',
    toc: 'block',
    referenceItem: 'line',
    signature: 'line',
  }),
  valueOf(unit) {
    const num = childNamed(unit, 'num');
    if (!num) return null;
    const value = clean(num.attrs.value ?? '') || valueOfPrinted(textOf(num));
    return value || null;
  },
  headingOf: (unit) => bare(textOf(childNamed(unit, 'heading') ?? { text: '' })),
  lead(_role, unit) {
    const num = childNamed(unit, 'num');
    const heading = childNamed(unit, 'heading');
    const numText = num ? clean(textOf(num)) : '';
    const headingText = heading ? clean(textOf(heading)) : '';
    // A heading printed below its number (class="block": "TITLE I" over "DEPARTMENT OF AGRICULTURE") gets its own line.
    if (heading && /\bblock\b/.test(heading.attrs.class ?? '')) return [numText, headingText].filter(Boolean);
    return [[numText, headingText].filter(Boolean).join(' ')].filter(Boolean);
  },
};

const CONTAINER_WORDS: Record<string, string> = {
  division: 'DIVISION',
  subdivision: 'Subdivision',
  title: 'TITLE',
  subtitle: 'Subtitle',
  part: 'PART',
  subpart: 'Subpart',
  chapter: 'CHAPTER',
  subchapter: 'SUBCHAPTER',
};

/** "Findings" → "FINDINGS.": a section heading as GPO prints it. */
const sectionHeading = (h: string) => (h ? `${h.toUpperCase()}${/[.?!]$/.test(h) ? '' : '.'}` : '');

export const BILL_DTD: Dialect = {
  name: 'bill-dtd',
  roles: roles({
    metadata: 'skip',
    'distribution-code': 'skip',
    form: 'front',
    'legis-type': 'long_title',
    'official-title': 'long_title',
    'legis-body': 'body',
    'resolution-body': 'body',
    preamble: 'preamble',
    whereas: 'recital',
    attestation: 'back',
    endorsement: 'back',
    'quoted-block': 'quoted',
    'appropriations-major': 'appropriations',
    'appropriations-intermediate': 'appropriations',
    'appropriations-small': 'appropriations',
    quote: 'quote',
    'action-desc': 'spaced',
    text: 'block',
    'continuation-text': 'block',
    congress: 'block',
    session: 'block',
    'legis-num': 'block',
    'current-chamber': 'block',
    action: 'block',
    toc: 'block',
    'toc-entry': 'line',
    'attestation-group': 'line',
  }),
  valueOf(unit) {
    const value = valueOfPrinted(textOf(childNamed(unit, 'enum') ?? { text: '' }));
    return value || null;
  },
  headingOf: (unit) => bare(textOf(childNamed(unit, 'header') ?? { text: '' })),
  lead(role, unit) {
    const enumText = clean(textOf(childNamed(unit, 'enum') ?? { text: '' }));
    const header = clean(textOf(childNamed(unit, 'header') ?? { text: '' }));
    if (role === 'section') {
      const word = unit.attrs['section-type'] === 'section-one' ? 'SECTION' : 'SEC.';
      return [[enumText ? `${word} ${enumText}` : '', sectionHeading(header)].filter(Boolean).join(' ')];
    }
    if (role === 'container') {
      const word = CONTAINER_WORDS[unit.name] ?? unit.name.toUpperCase();
      const h = word === word.toUpperCase() ? header.toUpperCase() : header;
      return [`${word} ${enumText}${h ? `—${h}` : ''}`.trim()];
    }
    return [[enumText, header ? `${header.replace(/[.\s]+$/, '')}.—` : ''].filter(Boolean).join(' ')].filter(Boolean);
  },
};

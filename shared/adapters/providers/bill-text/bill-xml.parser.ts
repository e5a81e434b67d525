/**
 * Parses a bill document in GPO's XML (USLM, or the classic bill DTD) into
 * its plain text and that text's outline (shared/domain/bills/text-outline.ts),
 * from the markup: each <section> is a piece labelled by its own number
 * ("Sec. 2"), each numbered paragraph inside it a unit ("Sec. 1(10)"), and
 * the cover and the attestation are front and back matter. The running heads
 * of the printed page (slug line, distribution code) and the metadata are not
 * text. Sections and paragraphs inside quoted law (an amendment's new text)
 * are text of the section that quotes them, not units of the bill. One
 * walker; ./bill-dialects.ts holds what differs.
 */
import type { PieceKind, TextOutline, TextPiece, TextUnit } from '#shared/domain/bills/text-outline.ts';
import { BILL_DTD, USLM, type Dialect, type Role, type UnitRole } from './bill-dialects.ts';
import { TextWriter, type Mark } from './text-writer.ts';
import { isElement, parseXmlTree, type XmlElement, type XmlNode } from './xml-tree.ts';

export interface ParsedBillText {
  format: Dialect['name'];
  text: string;
  outline: TextOutline;
}

/** A label still to be made final: `piece` is the index of the piece whose final ref it extends. */
interface RefDraft {
  piece: number | null;
  suffix: string;
}

interface PieceDraft {
  ref: string;
  kind: PieceKind;
  heading: string;
  mark: Mark;
  end: number;
  containers: string[];
}

interface UnitDraft {
  ref: RefDraft;
  heading: string;
  mark: Mark;
  end: number;
}

interface Where {
  zone: 'front' | 'body' | 'back';
  quoted: boolean;
  /** The label the units inside extend; null outside any section or recital. */
  base: RefDraft | null;
}

const CONTAINER_NAMES: Record<string, string> = {
  division: 'Division',
  subdivision: 'Subdivision',
  title: 'Title',
  subtitle: 'Subtitle',
  part: 'Part',
  subpart: 'Subpart',
  chapter: 'Chapter',
  subchapter: 'Subchapter',
};

const hasClass = (el: XmlElement, name: string) => (el.attrs.class ?? '').split(/\s+/).includes(name);

class Walk {
  readonly w = new TextWriter();
  readonly pieces: PieceDraft[] = [];
  readonly units: UnitDraft[] = [];
  private readonly containers: string[] = [];
  private unnumbered = 0;
  private recitals = 0;

  constructor(private readonly dialect: Dialect) {}

  nodes(nodes: XmlNode[], where: Where): void {
    for (const node of nodes) {
      if (isElement(node)) this.element(node, where);
      else this.w.text(node.text);
    }
  }

  private openPiece(ref: string, kind: PieceKind, heading = ''): number {
    const last = this.pieces.at(-1);
    if (last) last.end = this.w.length;
    this.pieces.push({ ref, kind, heading, mark: this.w.mark(), end: -1, containers: [...this.containers] });
    return this.pieces.length - 1;
  }

  private get piece(): PieceDraft | undefined {
    return this.pieces.at(-1);
  }

  private block(el: XmlElement, where: Where, breakBefore: 'line' | 'paragraph' = 'paragraph'): void {
    const inline = hasClass(el, 'inline');
    if (!inline) this.w[breakBefore]();
    this.nodes(el.children, where);
    if (!inline) this.w[breakBefore]();
  }

  /** Records a unit around what `write` writes; listed before the units inside it (a unit with no text is dropped later). */
  private unit(ref: RefDraft, heading: string, write: () => void): void {
    const draft: UnitDraft = { ref, heading, mark: this.w.mark(), end: -1 };
    this.units.push(draft);
    write();
    draft.end = this.w.length;
  }

  /** A container, section or small unit: its printed number and heading, then its children. */
  private numbered(el: XmlElement, role: UnitRole, where: Where): void {
    const lead = this.dialect.lead(role, el);
    if (!(role !== 'small' && hasClass(el, 'inline'))) this.w.paragraph();
    lead.forEach((line, i) => {
      if (i > 0) this.w.line();
      this.w.text(line);
    });
    const rest = el.children.filter((c) => !(isElement(c) && ['num', 'enum', 'heading', 'header'].includes(c.name)));
    // A section with no heading runs in like a paragraph: "Sec. 101. In addition to amounts…".
    if (role === 'small' || (role === 'section' && !this.dialect.headingOf(el))) {
      // "(1) Congress has…", "(a) In general.—Not later than…": the first block continues the number's line.
      if (lead.length) this.w.space();
      if (/[—–-]$/.test(lead.at(-1) ?? '')) this.w.join();
      const [first, ...others] = rest;
      if (first && isElement(first) && this.roleOf(first) === 'block') this.nodes(first.children, where);
      else if (first) this.nodes([first], where);
      this.nodes(others, where);
    } else {
      if (lead.length) this.w.paragraph();
      this.nodes(rest, where);
    }
    this.w.paragraph();
  }

  private roleOf(el: XmlElement): Role | 'inline' {
    return this.dialect.roles[el.name] ?? (el.name.startsWith('?') ? 'skip' : 'inline');
  }

  private element(el: XmlElement, where: Where): void {
    const role = this.roleOf(el);
    const structural = where.zone === 'body' && !where.quoted;
    switch (role) {
      case 'skip':
        return;
      case 'inline':
        return this.nodes(el.children, where);
      case 'space':
        return this.w.space();
      case 'spaced':
        this.w.space();
        return this.nodes(el.children, where);
      case 'quote':
        this.w.text('“');
        this.w.join();
        this.nodes(el.children, where);
        this.w.join();
        return this.w.text('”');
      case 'block':
        return this.block(el, where);
      case 'line':
        return this.block(el, where, 'line');
      case 'quoted':
        return this.block(el, { ...where, quoted: true });
      case 'front':
        if (!where.quoted && where.zone === 'body') this.openPiece('Front matter', 'front');
        return this.block(el, { ...where, zone: 'front' });
      case 'back':
        if (where.zone !== 'back' && !where.quoted && this.piece?.kind !== 'back')
          this.openPiece(el.name === 'endorsement' ? 'Endorsement' : 'Attestation', 'back');
        return this.block(el, { ...where, zone: 'back' });
      case 'long_title':
        if (where.zone === 'back' || where.quoted) return this.block(el, where);
        // The enacting clause follows the long title; a resolution's resolving clause may follow its whereas clauses.
        if (this.piece?.kind !== 'long_title')
          this.openPiece(this.pieces.length > 1 && this.piece?.kind !== 'front' ? 'Resolving clause' : 'Long title', 'long_title');
        return this.block(el, { ...where, zone: 'body' });
      case 'body':
        return this.nodes(el.children, { ...where, zone: 'body' });
      case 'preamble':
        if (structural) this.openPiece('Preamble', 'preamble');
        return this.block(el, where);
      case 'recital': {
        if (!structural) return this.block(el, where);
        const base = { piece: null, suffix: `Whereas clause ${++this.recitals}` };
        return this.unit(base, '', () => this.block(el, { ...where, base }));
      }
      case 'appropriations': {
        const heading = this.dialect.headingOf(el);
        const index = this.pieces.length - 1;
        // Under a title of an appropriations act, a heading names the paragraph that follows ("Title I, Office of the Secretary").
        if (!structural || !heading || this.piece?.kind !== 'heading') return this.block(el, where);
        const base = { piece: index, suffix: `, ${heading}` };
        return this.unit(base, heading, () => this.block(el, { ...where, base }));
      }
      case 'container':
      case 'section':
      case 'small':
        return this.structured(el, role, where, structural);
    }
  }

  private structured(el: XmlElement, role: UnitRole, where: Where, structural: boolean): void {
    if (!structural) return this.numbered(el, role, where);
    const value = this.dialect.valueOf(el);
    const heading = this.dialect.headingOf(el);
    if (role === 'small') {
      if (!value || !where.base) return this.numbered(el, role, where);
      const base = { piece: where.base.piece, suffix: `${where.base.suffix}(${value})` };
      return this.unit(base, heading, () => this.numbered(el, role, { ...where, base }));
    }
    if (role === 'section') {
      const index = this.openPiece(value ? `Sec. ${value}` : `Para. ${++this.unnumbered}`, 'section', heading);
      return this.numbered(el, role, { ...where, base: { piece: index, suffix: '' } });
    }
    const ref = `${CONTAINER_NAMES[el.name] ?? el.name} ${value ?? ''}`.trim();
    const index = this.openPiece(ref, 'heading', heading);
    this.containers.push(ref);
    this.numbered(el, role, { ...where, base: { piece: index, suffix: '' } });
    this.containers.pop();
  }
}

/** Final refs: a ref printed twice (Sec. 101 of two divisions) is qualified by its containers ("Division B, Sec. 101"). */
function finalRefs(pieces: PieceDraft[]): string[] {
  const count = (refs: string[]) => refs.reduce((m, r) => m.set(r, (m.get(r) ?? 0) + 1), new Map<string, number>());
  const plain = count(pieces.map((p) => p.ref));
  const qualified = pieces.map((p) => ((plain.get(p.ref) ?? 0) > 1 && p.containers.length ? `${p.containers.join(', ')}, ${p.ref}` : p.ref));
  const seen = new Map<string, number>();
  return qualified.map((ref) => {
    const n = (seen.get(ref) ?? 0) + 1;
    seen.set(ref, n);
    return n === 1 ? ref : `${ref} (${n})`;
  });
}

function outlineOf(walk: Walk): TextOutline {
  const last = walk.pieces.at(-1);
  if (last) last.end = walk.w.length;
  const refs = finalRefs(walk.pieces);
  const pieces: TextPiece[] = walk.pieces
    .map((p, i) => ({ ref: refs[i] ?? p.ref, kind: p.kind, heading: p.heading, start: p.mark.start, end: p.end }))
    .filter((p) => p.start >= 0 && p.start < p.end);
  const units: TextUnit[] = walk.units
    .map((u) => ({ ref: `${u.ref.piece === null ? '' : (refs[u.ref.piece] ?? '')}${u.ref.suffix}`, heading: u.heading, start: u.mark.start, end: u.end }))
    .filter((u) => u.start >= 0 && u.start < u.end);
  return { pieces, units };
}

/** The dialect of a parsed document, or null when it is neither USLM nor the bill DTD. */
function dialectOf(tree: XmlNode[]): Dialect | null {
  const root = tree.find((n): n is XmlElement => isElement(n) && !n.name.startsWith('?'));
  if (!root) return null;
  const names = new Set(root.children.filter(isElement).map((c) => c.name));
  if (names.has('main') || names.has('preface') || /uslm/.test(root.attrs.xmlns ?? '')) return USLM;
  if (names.has('legis-body') || names.has('resolution-body') || names.has('form')) return BILL_DTD;
  return null;
}

/** Parses a GPO bill XML document (USLM or the bill DTD); null when it is neither. */
export function parseBillXml(xml: string): ParsedBillText | null {
  const tree = parseXmlTree(xml);
  const dialect = dialectOf(tree);
  if (!dialect) return null;
  const walk = new Walk(dialect);
  walk.nodes(tree, { zone: 'body', quoted: false, base: null });
  return { format: dialect.name, text: walk.w.toString(), outline: outlineOf(walk) };
}

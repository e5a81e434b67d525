/**
 * A bill's text as sections, so that citations name a section, long texts can
 * be chunked by section, and two versions can be diffed section by section.
 * The sections are the pieces of the text's outline (../bills/text-outline.ts):
 * the text parsers write it from the document's markup; a text stored without
 * one (GPO's HTML or plain text, or a text stored before outlines were) is
 * outlined here from its printed headings: "SECTION 1.", "SEC. 2." and
 * "TITLE I" on a line of their own (a sentence that begins "Section 1013 of
 * the … Act" is no heading), with the cover before the "A BILL" / "JOINT
 * RESOLUTION" line as front matter and the attestation after the last
 * section as back matter. Pure: no I/O.
 */
import type { OutlinedText, PieceKind, TextOutline, TextPiece } from '#shared/domain/bills/text-outline.ts';

export interface BillSection {
  /** Stable reference, unique in the text: "Sec. 3", "Title II", "Preamble", "Front matter". */
  ref: string;
  kind: PieceKind;
  /** The heading as printed (may be empty). */
  heading: string;
  /** The section's text, heading included. */
  text: string;
  /** Where it is in the whole text (UTF-16 offsets). */
  start: number;
  end: number;
}

const SECTION_HEADING = /^(?:SECTION|SEC\.)\s+(\d+[A-Za-z]?(?:-\d+)?)\.(?:\s+(.*))?$/;
const CONTAINER_HEADING = /^(TITLE|DIVISION)\s+([IVXLC]+|\d+|[A-Z])(?=\W|$)/;
const DOC_TYPE_LINE = /^(?:A BILL|AN ACT|JOINT RESOLUTION|CONCURRENT RESOLUTION|RESOLUTION)\.?$/i;
const BACK_MATTER_LINE = /^(?:Attest:|Passed the (?:House of Representatives|Senate)\b|Speaker of the House|Union Calendar No\.|Calendar No\.|<all>$)/;
/** Texts without headings are cut into numbered parts of about this many characters. */
const PART_CHARS = 1500;

/** The normalised ref and heading of a printed heading line, or null when the line is not one. */
export function headingOf(line: string): { ref: string; heading: string } | null {
  const trimmed = line.trim();
  const sec = SECTION_HEADING.exec(trimmed);
  if (sec?.[1]) return { ref: `Sec. ${sec[1].toUpperCase()}`, heading: (sec[2] ?? '').trim() };
  const container = CONTAINER_HEADING.exec(trimmed);
  if (container?.[1] && container[2]) {
    const word = container[1] === 'TITLE' ? 'Title' : 'Division';
    return { ref: `${word} ${container[2]}`, heading: trimmed.slice(container[0].length).replace(/^[\s—–-]+/, '') };
  }
  return null;
}

interface Line {
  text: string;
  start: number;
  end: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let at = 0;
  for (const raw of text.split('\n')) {
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (body) lines.push({ text: body, start: at + lead, end: at + lead + body.length });
    at += raw.length + 1;
  }
  return lines;
}

/** Numbered parts of about PART_CHARS characters, cut at blank lines, for a text with no heading at all. */
function partsOf(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let current: { start: number; end: number } | null = null;
  for (const m of text.matchAll(/\S(?:[\s\S]*?\S)?(?=\s*\n\s*\n|\s*$)/g)) {
    const start = m.index;
    const end = start + m[0].length;
    if (current && end - current.start > PART_CHARS) {
      pieces.push({ ref: `Part ${pieces.length + 1}`, kind: 'section', heading: '', ...current });
      current = null;
    }
    current = current ? { start: current.start, end } : { start, end };
  }
  if (current) pieces.push({ ref: `Part ${pieces.length + 1}`, kind: 'section', heading: '', ...current });
  return pieces;
}

/** Outlines a plain text from its printed headings (see the header); no units, so labels are section refs. */
export function outlineOfPlainText(text: string): TextOutline {
  const lines = linesOf(text);
  const headings = lines.map((l) => headingOf(l.text));
  const firstHeading = headings.findIndex(Boolean);
  if (firstHeading === -1) return { pieces: partsOf(text), units: [] };
  const starts: { line: number; ref: string; kind: PieceKind; heading: string }[] = [];
  const docType = lines.findIndex((l, i) => i < firstHeading && DOC_TYPE_LINE.test(l.text));
  if (docType > 0) starts.push({ line: 0, ref: 'Front matter', kind: 'front', heading: '' });
  if (firstHeading > 0) starts.push({ line: Math.max(docType, 0), ref: 'Preamble', kind: 'long_title', heading: '' });
  headings.forEach((h, line) => {
    if (h) starts.push({ line, ref: h.ref, kind: h.ref.startsWith('Sec.') ? 'section' : 'heading', heading: h.heading });
  });
  const lastHeading = starts.at(-1)?.line ?? 0;
  const back = lines.findIndex((l, i) => i > lastHeading && BACK_MATTER_LINE.test(l.text));
  if (back !== -1) starts.push({ line: back, ref: 'Attestation', kind: 'back', heading: '' });

  const seen = new Map<string, number>();
  let container: string | null = null;
  const pieces = starts.map((s, i): TextPiece => {
    const endLine = (starts[i + 1]?.line ?? lines.length) - 1;
    if (s.kind === 'heading') container = s.ref;
    const count = (seen.get(s.ref) ?? 0) + 1;
    seen.set(s.ref, count);
    const ref = count === 1 ? s.ref : `${s.ref} (${container ?? count})`;
    return { ref, kind: s.kind, heading: s.heading, start: lines[s.line]?.start ?? 0, end: lines[endLine]?.end ?? text.length };
  });
  return { pieces, units: [] };
}

/** A stored text's outline: the one its parser wrote, else one read from its printed headings. */
export const outlineOf = (stored: OutlinedText): TextOutline => stored.outline ?? outlineOfPlainText(stored.text);

/** The sections of a text: the pieces of its outline, each with its text. */
export function sectionsOf(text: string, outline: TextOutline): BillSection[] {
  return outline.pieces.map((p) => ({ ref: p.ref, kind: p.kind, heading: p.heading, text: text.slice(p.start, p.end), start: p.start, end: p.end }));
}

/** The sections of a plain text outlined from its printed headings (texts stored without an outline). */
export const parseSections = (text: string): BillSection[] => sectionsOf(text, outlineOfPlainText(text));

/** Splits a section's text into sentences (for the extractive briefer and diffs). */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.;:])\s+(?=[A-Z(“"])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

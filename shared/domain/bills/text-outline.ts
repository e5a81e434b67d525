/**
 * The structure of a bill's plain text, as offsets into it: the pieces that
 * partition it in reading order (front matter, long title, preamble, each
 * container heading and section, back matter) and the units inside them
 * (subsections, paragraphs, whereas clauses…), each with the label a citation
 * gives it ("Sec. 1(10)"). Written by the text parsers from the document's own
 * markup (USLM <section>/<num>, the bill DTD's <section>/<enum>), stored
 * beside the plain text, and read by the briefs: a quote's label is the
 * smallest unit holding it, and a quote in front or back matter (running
 * heads, page headers, attestations) is no citation. Pure.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const PIECE_KINDS = ['front', 'long_title', 'preamble', 'heading', 'section', 'back'] as const;
/**
 * front: the cover (congress, session, number, chamber, actions); long_title: the long title with the enacting or
 * resolving clause; preamble: the whereas clauses; heading: a division's, title's, part's… own heading (and what
 * precedes its first section); section: one section; back: attestation, signatures, endorsement.
 */
export type PieceKind = (typeof PIECE_KINDS)[number];

export interface TextSpan {
  /** Offset of the first character, in UTF-16 code units (JavaScript string indices). */
  start: number;
  /** Offset just past the last character. */
  end: number;
}

export interface TextPiece extends TextSpan {
  /** Its label: "Sec. 2", "Title I", "Preamble", "Front matter"; unique in the text. */
  ref: string;
  kind: PieceKind;
  /** Its heading as printed ("REMOVAL OF UNITED STATES ARMED FORCES…"); empty when it has none. */
  heading: string;
}

export interface TextUnit extends TextSpan {
  /** Its label: "Sec. 1(10)", "Sec. 2(a)(1)(A)", "Whereas clause 3". */
  ref: string;
  /** Its own heading when it has one ("In General"). */
  heading: string;
}

export interface TextOutline {
  /** Non-overlapping, in reading order; together they cover every character of the text but blank lines between them. */
  pieces: TextPiece[];
  /** Units inside the pieces, a parent before its children. */
  units: TextUnit[];
}

/** A version's plain text with its outline: null when the text came without markup to read one from (GPO's HTML). */
export interface OutlinedText {
  text: string;
  outline: TextOutline | null;
}

/** Front and back matter is what the printed bill wraps the text in: never a citation, never a point of a brief. */
export const isCitable = (kind: PieceKind): boolean => kind !== 'front' && kind !== 'back';

/** The outline as stored beside the plain text (S3, JSON): parsed at that boundary. */
export const StoredTextOutline = lazySchema(() => {
  const span = { start: z.number().int().nonnegative(), end: z.number().int().nonnegative() };
  return z.object({
    v: z.literal(1),
    pieces: z.array(z.object({ ...span, ref: z.string(), kind: z.enum(PIECE_KINDS), heading: z.string() })),
    units: z.array(z.object({ ...span, ref: z.string(), heading: z.string() })),
  });
});

const holds = (outer: TextSpan, inner: TextSpan) => outer.start <= inner.start && inner.end <= outer.end;

/** The piece a span starts in, or null when it starts between pieces or outside the text. */
export function pieceAt(outline: TextOutline, at: number): TextPiece | null {
  return outline.pieces.find((p) => p.start <= at && at < p.end) ?? null;
}

/**
 * The label of a span: the smallest unit that holds all of it, else the piece it starts in; null when it starts
 * outside every piece.
 */
export function labelOf(outline: TextOutline, span: TextSpan): { ref: string; piece: TextPiece } | null {
  const piece = pieceAt(outline, span.start);
  if (!piece) return null;
  let best: TextUnit | null = null;
  for (const unit of outline.units) {
    if (holds(unit, span) && (!best || unit.end - unit.start < best.end - best.start)) best = unit;
  }
  return { ref: best && holds(piece, best) ? best.ref : piece.ref, piece };
}

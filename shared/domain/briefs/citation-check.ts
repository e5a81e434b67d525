/**
 * The citation check: every quote of a brief is located in the stored text of
 * its version by the quote locator (./quote-locator.ts), the one matcher the
 * app's "Show in the text" also relies on, since each published citation
 * carries the offsets it found. A located quote is labelled by the text's
 * structure (the smallest unit holding it: "Sec. 1(10)", never a number a
 * sentence happens to begin with) and shows the text's own words. A point
 * whose quote is not in the text word for word, lies in the front or back
 * matter (running heads, page headers, attestations), or is a fact with no
 * quote at all is withheld: not published and not counted as a cited fact;
 * the brief counts it (withheld_points) and counts as uncited. Pure.
 */
import { isCitable, labelOf, type TextOutline } from '#shared/domain/bills/text-outline.ts';
import type { BriefPoint } from './brief.schema.ts';
import { passageAt, quoteLocator } from './quote-locator.ts';

/** A point as a briefer drafts it: its citation names a section and quotes it, and has not been located yet. */
export interface DraftPoint {
  id: string;
  text: string;
  label: BriefPoint['label'];
  citation: { section: string; quote: string } | null;
}

/** The stored plain text of a version and its outline: what a quote is located in. */
export interface CitableText {
  text: string;
  outline: TextOutline;
}

export interface CitationCheckResult {
  /** The points that are published: each citation located, labelled and quoting the text's own words. */
  points: BriefPoint[];
  /** How many points were withheld (see the header). */
  withheld: number;
  /**
   * True when a point was withheld, or points are published and none is a cited fact: the brief counts as uncited.
   * A brief with no point at all (a new version whose sections did not change) claims nothing, so is not.
   */
  uncited: boolean;
}

/** The span the model's section names, so a quote found in several places is taken from the one it cited. */
function namedSpan(doc: CitableText, section: string) {
  const wanted = section.trim().toLowerCase();
  const match = (ref: string) => ref.toLowerCase() === wanted;
  return doc.outline.units.find((u) => match(u.ref)) ?? doc.outline.pieces.find((p) => match(p.ref)) ?? null;
}

/** Locates one point's quote; null when the point is withheld. */
function locatePoint(point: DraftPoint, doc: CitableText, locate: ReturnType<typeof quoteLocator>['locate']): BriefPoint | null {
  if (!point.citation) return point.label === 'cited_fact' ? null : { ...point, citation: null };
  const span = locate(point.citation.quote, namedSpan(doc, point.citation.section));
  if (!span) return null;
  const at = labelOf(doc.outline, span);
  if (!at || !isCitable(at.piece.kind)) return null;
  return { ...point, citation: { section: at.ref, quote: passageAt(doc.text, span), start: span.start, end: span.end } };
}

/** Checks every point of a draft against the text (see the header). */
export function checkCitations(points: readonly DraftPoint[], doc: CitableText): CitationCheckResult {
  const { locate } = quoteLocator(doc.text);
  const published = points.flatMap((p) => {
    const located = locatePoint(p, doc, locate);
    return located ? [located] : [];
  });
  return {
    points: published,
    withheld: points.length - published.length,
    uncited: published.length < points.length || (published.length > 0 && !published.some((p) => p.label === 'cited_fact')),
  };
}

/**
 * Whether a stored brief has a verified citation: a cited_fact point with its
 * located citation. Only the check above writes points, so such a point
 * quotes the text. backfill-citations re-briefs only briefs with none.
 */
export const hasVerifiedCitation = (points: readonly BriefPoint[]): boolean => points.some((p) => p.label === 'cited_fact' && p.citation !== null);

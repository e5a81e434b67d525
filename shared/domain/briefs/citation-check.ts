/**
 * The citation check: every cited_fact point must quote the stored text.
 * Matching ignores case, runs of whitespace and typographic quote/dash
 * variants. A point whose quote is not found becomes an inference, and the
 * brief counts as uncited. A found quote's section is corrected to the
 * section that actually contains it. Pure.
 */
import type { BriefPoint } from './brief.schema.ts';
import type { BillSection } from './section-parser.ts';

/** Minimum length of a quote that can support a fact (shorter ones match almost anywhere). */
const MIN_QUOTE_CHARS = 12;

/** Normalises text for quote matching. */
export function normalizeForMatch(s: string): string {
  return s
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b`]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a quote occurs in a text (whitespace- and case-insensitive). */
export function quoteFound(quote: string, text: string): boolean {
  const q = normalizeForMatch(quote).replace(/^["']|["']$/g, '');
  return q.length >= MIN_QUOTE_CHARS && normalizeForMatch(text).includes(q);
}

export interface CitationCheckResult {
  points: BriefPoint[];
  /** How many cited_fact points were relabelled inference. */
  relabelled: number;
  /** True when a point was relabelled or no point is a cited fact. */
  uncited: boolean;
}

/** Checks each cited_fact's quote against the stored text and sections. */
export function checkCitations(points: readonly BriefPoint[], text: string, sections: readonly BillSection[]): CitationCheckResult {
  let relabelled = 0;
  const checked = points.map((point): BriefPoint => {
    if (point.label !== 'cited_fact') return point;
    const quote = point.citation?.quote ?? '';
    if (!point.citation || !quoteFound(quote, text)) {
      relabelled += 1;
      return { ...point, label: 'inference' };
    }
    const home = sections.find((s) => quoteFound(quote, s.text));
    return home && home.ref !== point.citation.section ? { ...point, citation: { ...point.citation, section: home.ref } } : point;
  });
  const facts = checked.filter((p) => p.label === 'cited_fact').length;
  return { points: checked, relabelled, uncited: relabelled > 0 || facts === 0 };
}

/**
 * Whether a stored brief has a verified citation: a cited_fact point with its
 * citation. On a stored brief only this check leaves that label (a cited_fact
 * whose quote is not in the text becomes an inference), so such a point
 * quotes the text. A brief flagged uncited because one of several quotes
 * missed still has the others: backfill-citations keeps it and re-briefs only
 * briefs with no verified citation at all.
 */
export const hasVerifiedCitation = (points: readonly BriefPoint[]): boolean => points.some((p) => p.label === 'cited_fact' && p.citation !== null);

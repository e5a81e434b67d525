/**
 * Reintroduction: most bills that die at the end of a Congress come back in
 * a later one under a new number. A bill of Congress N+k (k ≥ 1) is taken as
 * the reintroduction of a bill of Congress N when
 *   - Congress.gov lists the two as "Identical bill" (across Congresses), or
 *   - they have the same sponsor and the same title after normalising (case,
 *     punctuation, accents and years: "Act of 2023" reads as "Act"), or a
 *     near-identical one (a few words changed), or
 *   - their normalised titles are identical whoever sponsors them, provided
 *     the title says enough to tell bills apart (MIN_TITLE_WORDS).
 * Pure: the candidates come from the title-fingerprint and sponsor listings
 * (docs/data-model.md B22, B8); this file only judges them.
 */

export type ReintroductionReason = 'identical_bill' | 'same_sponsor_title' | 'identical_title';

/** What the detector needs of a bill. */
export interface ReintroductionSubject {
  id: string;
  congress: number;
  title: string;
  sponsor_id: string | null;
}

/**
 * Word overlap (Dice coefficient over distinct words) from which two titles
 * of one sponsor count as near-identical: a renamed short title or one added
 * clause still matches, a different bill of the same sponsor does not.
 */
export const NEAR_IDENTICAL_SIMILARITY = 0.85;

/**
 * An identical title alone (another sponsor) proves a reintroduction only
 * with at least this many words: "Laken Riley Act" is one bill, while a
 * two-word title could name unrelated bills.
 */
export const MIN_TITLE_WORDS = 3;

/** A bill title reduced to what identifies it: lower case, no accents, punctuation or years ("of 2023", "2024"). */
export function normaliseTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\bof\s+(19|20)\d{2}\b/g, ' ')
    .replace(/\b(19|20)\d{2}\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

const words = (normalised: string) => new Set(normalised.split(' ').filter(Boolean));

/** Dice coefficient of the distinct words of two normalised titles (1 = the same words). */
export function titleSimilarity(a: string, b: string): number {
  const wa = words(normaliseTitle(a));
  const wb = words(normaliseTitle(b));
  if (wa.size === 0 || wb.size === 0) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return (2 * shared) / (wa.size + wb.size);
}

/**
 * Why `later` is the reintroduction of `earlier`, or null when it is not.
 * `identicalBill`: Congress.gov lists the two as "Identical bill".
 */
export function reintroductionReason(earlier: ReintroductionSubject, later: ReintroductionSubject, identicalBill = false): ReintroductionReason | null {
  if (later.congress <= earlier.congress || later.id === earlier.id) return null;
  if (identicalBill) return 'identical_bill';
  const a = normaliseTitle(earlier.title);
  const b = normaliseTitle(later.title);
  if (!a || !b) return null;
  const sameSponsor = earlier.sponsor_id !== null && earlier.sponsor_id === later.sponsor_id;
  if (sameSponsor && (a === b || titleSimilarity(a, b) >= NEAR_IDENTICAL_SIMILARITY)) return 'same_sponsor_title';
  if (a === b && words(a).size >= MIN_TITLE_WORDS) return 'identical_title';
  return null;
}

/**
 * How far the same-sponsor search looks back and forward: three Congresses
 * (six years). A bill that sat out longer is still found by an identical
 * title; the bound keeps a prolific sponsor's read small.
 */
export const SPONSOR_WINDOW_YEARS = 6;

/** The introduced-date ranges (YYYY-MM-DD) of a sponsor's other bills worth comparing: before and after the bill's own day. */
export function sponsorWindows(introducedDate: string): { before: [string, string]; after: [string, string] } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(introducedDate.slice(0, 10));
  if (!m) return null;
  const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  const shift = (years: number) => {
    const d = new Date(day);
    d.setUTCFullYear(d.getUTCFullYear() + years);
    return d.getTime();
  };
  const ONE_DAY = 86_400_000;
  return { before: [iso(shift(-SPONSOR_WINDOW_YEARS)), iso(day - ONE_DAY)], after: [iso(day + ONE_DAY), iso(shift(SPONSOR_WINDOW_YEARS))] };
}

const REASON_RANK: Record<ReintroductionReason, number> = { identical_bill: 0, same_sponsor_title: 1, identical_title: 2 };

export interface Predecessor {
  bill: ReintroductionSubject;
  reason: ReintroductionReason;
}

/**
 * The one bill `later` reintroduces among `candidates`: the match of the
 * latest earlier Congress (a bill reintroduced twice continues its latest
 * version), then the strongest reason, then the lowest id; null when none
 * matches. `identicalBills` holds the ids Congress.gov lists as identical.
 */
export function pickPredecessor(
  later: ReintroductionSubject,
  candidates: readonly ReintroductionSubject[],
  identicalBills: ReadonlySet<string> = new Set(),
): Predecessor | null {
  const matches = candidates.flatMap((c) => {
    const reason = reintroductionReason(c, later, identicalBills.has(c.id));
    return reason ? [{ bill: c, reason }] : [];
  });
  matches.sort((x, y) => y.bill.congress - x.bill.congress || REASON_RANK[x.reason] - REASON_RANK[y.reason] || x.bill.id.localeCompare(y.bill.id));
  return matches[0] ?? null;
}

/** "119th" for 119. */
export function congressOrdinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The public-interest score of one day (pure; docs/product-rules.md, "Scores"):
 *   1. each signal is normalised against the day's maximum of that signal
 *      (value / max, 0 when the day's maximum is 0);
 *   2. the score is the weighted sum of the normalised signals a subject has,
 *      the weights of its missing signals rescaled away so it stays 0-100;
 *   3. rounded to one decimal; a subject with no signal at all gets no score.
 */
import { SIGNAL_WEIGHTS, SIGNALS, type SignalName } from './trend-decisions.ts';

/** Why a signal has no value for a subject; `disabled_by_admin` is the admin's data-source switch. */
export const MISSING_REASONS = ['not_configured', 'quota_low', 'failed', 'disabled_by_admin'] as const;
export type MissingReason = (typeof MISSING_REASONS)[number];

/** A signal's raw value (article count, search interest), or why it is missing. */
export type SignalReading = { value: number } | { missing: MissingReason };

export type Readings = Record<SignalName, SignalReading>;

export interface SignalPart {
  /** The raw value: article count, or mean search interest (0-100). */
  raw: number;
  /** raw / the day's maximum of this signal, 0-1, four decimals. */
  normalised: number;
  /** The weight it carried in this score, after rescaling. */
  weight: number;
}

export interface DayScore {
  score: number;
  signals: Partial<Record<SignalName, SignalPart>>;
  missing_signals: { signal: SignalName; reason: MissingReason }[];
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const valueOf = (r: SignalReading): number | null => ('value' in r ? Math.max(0, r.value) : null);

/** Each signal's maximum over the day's subjects that have it. */
export function dayMaxima(day: readonly Readings[]): Record<SignalName, number> {
  const max = { search_trends: 0, news_search: 0, news_rss: 0 };
  for (const readings of day) {
    for (const s of SIGNALS) max[s] = Math.max(max[s], valueOf(readings[s]) ?? 0);
  }
  return max;
}

/** The score of one subject against the day's maxima; null when it has no signal. */
export function scoreAgainst(readings: Readings, maxima: Record<SignalName, number>): DayScore | null {
  const present = SIGNALS.filter((s) => valueOf(readings[s]) !== null);
  if (present.length === 0) return null;
  const totalWeight = present.reduce((sum, s) => sum + SIGNAL_WEIGHTS[s], 0);
  const signals: DayScore['signals'] = {};
  let sum = 0;
  for (const s of present) {
    const raw = valueOf(readings[s]) ?? 0;
    const normalised = maxima[s] > 0 ? Math.min(1, raw / maxima[s]) : 0;
    const weight = SIGNAL_WEIGHTS[s] / totalWeight;
    sum += weight * normalised;
    signals[s] = { raw, normalised: round(normalised, 4), weight: round(weight, 4) };
  }
  const missing = SIGNALS.flatMap((s) => {
    const r = readings[s];
    return 'missing' in r ? [{ signal: s, reason: r.missing }] : [];
  });
  return { score: round(Math.min(100, sum * 100), 1), signals, missing_signals: missing };
}

/** Scores a whole day, in the order given (null for subjects without any signal). */
export function scoreDay(day: readonly Readings[]): (DayScore | null)[] {
  const maxima = dayMaxima(day);
  return day.map((r) => scoreAgainst(r, maxima));
}

/** The gsi1 sort key of a score: zero-padded so strings sort as numbers ("007.5" < "075.0" < "100.0"). */
export const scoreSortKey = (score: number): string => score.toFixed(1).padStart(5, '0');

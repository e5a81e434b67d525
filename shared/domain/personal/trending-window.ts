/**
 * The dashboard's trending fallback, so Most Popular is not empty: look up
 * scores within 1 day, then 3, 7 and 30 days, until some are found. "Within
 * N days" is today and the N days before it, so the 1-day window still finds
 * yesterday's scores before today's scoring run (03:00 UTC) has written any.
 */

export const TRENDING_WINDOWS_DAYS = [1, 3, 7, 30] as const;

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The dates (YYYY-MM-DD, newest first) a window adds to the ones the previous window already covered. */
export function windowDates(windowDays: number, previousWindowDays: number, today: Date): string[] {
  const dates: string[] = [];
  const start = previousWindowDays === 0 ? 0 : previousWindowDays + 1;
  for (let back = start; back <= windowDays; back++) {
    dates.push(day(new Date(today.getTime() - back * 86_400_000)));
  }
  return dates;
}

export interface ScoredBill {
  bill_id: string;
  score: number;
  date: string;
}

/** One entry per bill with its best score in the window, highest first (ties by newer date, then id). */
export function rankTrending(entries: ScoredBill[], limit: number): ScoredBill[] {
  const best = new Map<string, ScoredBill>();
  for (const e of entries) {
    const seen = best.get(e.bill_id);
    if (!seen || e.score > seen.score || (e.score === seen.score && e.date > seen.date)) best.set(e.bill_id, e);
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || (a.date === b.date ? a.bill_id.localeCompare(b.bill_id) : a.date < b.date ? 1 : -1))
    .slice(0, limit);
}

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

/** The parts of the dashboard feed (docs/data-model.md P8a) that decide what Most Popular shows. */
export interface TrendingSource {
  /** YYYY-MM-DD → that day's top bills, highest score first. */
  trending_days: Record<string, { bill_id: string; score: number }[]>;
  /** bill id → its latest action date. */
  recent: Record<string, string>;
}

/** What Most Popular will show, before the bills are read: scored bills, or the newest by latest action. */
export type TrendingPlan = { source: 'scores'; window_days: number; top: ScoredBill[] } | { source: 'recent_activity'; bill_ids: string[] };

/** The newest `size` entries of a recent map, newest first (ties by id, descending, as the BILLS listing sorts). */
export function newestRecent(recent: Record<string, string>, size: number): [string, string][] {
  return Object.entries(recent)
    .sort(([a, da], [b, db]) => (da === db ? b.localeCompare(a) : db.localeCompare(da)))
    .slice(0, size);
}

/** Trending from the feed: the look-back windows in turn, then recent activity. */
export function planTrending(feed: TrendingSource, limit: number, now: Date): TrendingPlan {
  const found: ScoredBill[] = [];
  let previous = 0;
  for (const window of TRENDING_WINDOWS_DAYS) {
    for (const date of windowDates(window, previous, now)) found.push(...(feed.trending_days[date] ?? []).slice(0, limit).map((e) => ({ ...e, date })));
    previous = window;
    if (found.length > 0) return { source: 'scores', window_days: window, top: rankTrending(found, limit) };
  }
  return { source: 'recent_activity', bill_ids: newestRecent(feed.recent, limit).map(([id]) => id) };
}

/** The bills a plan shows, in its order. */
export const planBillIds = (plan: TrendingPlan): string[] => (plan.source === 'scores' ? plan.top.map((t) => t.bill_id) : plan.bill_ids);

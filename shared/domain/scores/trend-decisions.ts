/**
 * The decisions behind the public-interest (trend) scores, in one place: the
 * product's rules (weights, batch sizes, normalisation; docs/product-rules.md)
 * and the choices made to apply them (which subjects, how many, how long kept).
 * docs/runbooks.md ("Trend scores") repeats them for operators.
 *
 * Search-trends provider: no recording of a search-trends service exists, so
 * the client is written against SerpApi's documented Google Trends API
 * (`engine=google_trends`, `data_type=TIMESERIES`, up to 5 comma-separated
 * terms on one shared 0-100 scale). It is optional: without
 * SEARCH_TRENDS_API_KEY the scores use the signals that are configured, the
 * remaining weights rescaled to sum to 1, and every stored score names the
 * missing signal and why. Terms compared in different calls do not share a
 * scale; normalising against the day's maximum is the product's rule and is
 * applied across batches as they come (a known approximation).
 */

export const SIGNALS = ['search_trends', 'news_search', 'news_rss'] as const;
export type SignalName = (typeof SIGNALS)[number];

/** Weights of the weighted sum (docs/product-rules.md): they sum to 1. */
export const SIGNAL_WEIGHTS: Readonly<Record<SignalName, number>> = { search_trends: 0.4, news_search: 0.35, news_rss: 0.25 };

/** Bills (or members) compared per search-trends call: Google Trends puts at most 5 terms on one scale. */
export const TRENDS_BATCH_SIZE = 5;

/**
 * Every followed or recently active bill (shared/domain/bills/active-bills.ts)
 * is scored each day from the signals without a daily quota (SPEC); this
 * bound only keeps one run within its function's 15 minutes (the followed
 * bills come first, then the most recently acted on).
 */
export const MAX_SCORED_BILLS = 5000;
/**
 * The news-search quota goes to the bills with the most followers first:
 * the first this many subjects of a run get the signal. 100 bills cost 25
 * news-search calls, a quarter of the news API's free daily quota of 100,
 * leaving the rest to the news fetcher.
 */
export const NEWS_SEARCH_SUBJECTS = 100;
/**
 * Members scored a day: the followed ones, then the sponsors of the bills
 * scored that day (members people are reading about), at most this many.
 * All ~540 current members would cost 135 news-search calls, over the daily quota.
 */
export const MAX_SCORED_MEMBERS = 100;
/** Users walked (pages of 100, one follows Query each, 8 at once) to collect followed bills and members; bounds the job's reads (about 25 s at 20,000). */
export const MAX_FOLLOW_USERS = 20_000;

/** News search looks back this far for articles. */
export const NEWS_LOOKBACK_DAYS = 7;
/** Search trends compares interest over this documented SerpApi date range. */
export const TRENDS_DATE_RANGE = 'now 7-d';

/**
 * Trend items expire after this many days (TTL): the dashboard falls back up
 * to 30 days, and a bill or member detail read (one Query on the partition)
 * should not carry a year of daily scores.
 */
export const TREND_RETENTION_DAYS = 35;
/** Days of scores GET /api/{bills|members}/{id}/trend answers at most. */
export const MAX_TREND_DAYS = 30;

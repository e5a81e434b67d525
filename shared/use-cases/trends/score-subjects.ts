/**
 * The scoring run of one day for a list of subjects (bills or members), the
 * use case behind calculate_trend_scores and calculate_member_interest:
 *   1. search trends, TRENDS_BATCH_SIZE subjects per call (a few calls at
 *      once), values kept in the subjects' order; a failed call leaves that
 *      batch without the signal;
 *   2. news search, NEWS_API_BATCH_SIZE (4) per call, for the first
 *      NEWS_SEARCH_SUBJECTS subjects only (the most followed come first), the
 *      quota checked before each call: once it runs low, and past those
 *      subjects, the rest go without the signal (`quota_low`);
 *   3. news RSS, one (cached, shared) feed read per subject;
 *   4. score the day (normalised against the day's maxima, weights of missing
 *      signals rescaled) and store one item per subject.
 * A failure touches only the subject or batch it happened to (counted in the
 * summary); a subject left with no signal at all is not scored. A signal an
 * admin switched off is not called: it is missing with `disabled_by_admin`,
 * as an unconfigured one is with `not_configured`.
 */
import { logger } from '#shared/platform/logger.ts';
import { putTrendScores, type TrendSubject } from '#shared/adapters/db/trend-scores.repository.ts';
import { BATCH, type SignalSources, type Subject } from './signal-sources.ts';
import { NEWS_LOOKBACK_DAYS, NEWS_SEARCH_SUBJECTS, SIGNALS, type SignalName } from '#shared/domain/scores/trend-decisions.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { scoreDay, type MissingReason, type Readings, type SignalReading } from '#shared/domain/scores/trend-score.ts';
import { errorText } from '#shared/errors/error-text.ts';

/** RSS feeds read at once; the feed is cached, so most reads are one GetItem. */
const RSS_CONCURRENCY = 4;
/** Search-trends comparisons in flight at once: every scored bill is compared, thousands on a busy day. */
const TRENDS_CONCURRENCY = 4;

/** The run summary's reason for a signal switched off (data_sources). */
const DISABLED = 'disabled by admin';

export interface ScoringSummary extends Record<string, unknown> {
  date: string;
  subjects: number;
  scored: number;
  /** Subjects left with no signal (every source failed for them). */
  unscored: number;
  /** Calls or reads that failed, per signal. */
  signal_errors: Record<SignalName, number>;
  /** Signals not used at all this run, with the reason. */
  unavailable: Partial<Record<SignalName, string>>;
  /** Subjects that went without news search because the quota ran low. */
  news_quota_skipped: number;
}

const chunks = <T>(list: T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));
const missing = (reason: MissingReason): SignalReading => ({ missing: reason });

async function searchTrendsReadings(subjects: Subject[], sources: SignalSources, summary: ScoringSummary): Promise<SignalReading[]> {
  const batches = await mapLimit(chunks(subjects, BATCH.searchTrends), TRENDS_CONCURRENCY, async (batch): Promise<SignalReading[]> => {
    try {
      const values = await sources.searchTrends.compare(batch);
      if (values.length !== batch.length) throw new Error(`${values.length} values for ${batch.length} terms`);
      return values.map((value) => ({ value }));
    } catch (err) {
      summary.signal_errors.search_trends++;
      logger.warn('trend scores: search-trends batch failed', { ids: batch.map((s) => s.id), error: errorText(err) });
      return batch.map(() => missing('failed'));
    }
  });
  return batches.flat();
}

async function newsSearchReadings(subjects: Subject[], sources: SignalSources, summary: ScoringSummary, now: Date): Promise<SignalReading[]> {
  const out: SignalReading[] = [];
  const from = new Date(now.getTime() - NEWS_LOOKBACK_DAYS * 86_400_000);
  let low = false;
  // The quota goes to the first subjects (the most followed): the rest go without, as when it runs low.
  const beyond = subjects.slice(NEWS_SEARCH_SUBJECTS);
  for (const batch of chunks(subjects.slice(0, NEWS_SEARCH_SUBJECTS), BATCH.newsSearch)) {
    try {
      low ||= await sources.newsSearch.quotaLow();
      if (low) {
        summary.news_quota_skipped += batch.length;
        out.push(...batch.map(() => missing('quota_low')));
        continue;
      }
      const counts = await sources.newsSearch.countBatch(batch, from);
      if (counts.length !== batch.length) throw new Error(`${counts.length} article lists for ${batch.length} queries`);
      out.push(...counts.map((value) => ({ value })));
    } catch (err) {
      summary.signal_errors.news_search++;
      logger.warn('trend scores: news-search batch failed', { ids: batch.map((s) => s.id), error: errorText(err) });
      out.push(...batch.map(() => missing('failed')));
    }
  }
  summary.news_quota_skipped += beyond.length;
  return [...out, ...beyond.map(() => missing('quota_low'))];
}

async function rssReadings(subjects: Subject[], sources: SignalSources, summary: ScoringSummary): Promise<SignalReading[]> {
  const out: SignalReading[] = [];
  for (const batch of chunks(subjects, RSS_CONCURRENCY)) {
    out.push(
      ...(await Promise.all(
        batch.map(async (s): Promise<SignalReading> => {
          try {
            return { value: await sources.newsRss.count(s) };
          } catch (err) {
            summary.signal_errors.news_rss++;
            logger.warn('trend scores: news RSS read failed', { id: s.id, error: errorText(err) });
            return missing('failed');
          }
        }),
      )),
    );
  }
  return out;
}

/** Scores the subjects for the day of `now` (UTC) and stores the scores; never throws for one subject's failure. */
export async function scoreSubjects(
  kind: TrendSubject,
  subjects: Subject[],
  sources: SignalSources,
  now: Date,
  disabled: ReadonlySet<SignalName> = new Set(),
): Promise<ScoringSummary> {
  const date = now.toISOString().slice(0, 10);
  const summary: ScoringSummary = {
    date,
    subjects: subjects.length,
    scored: 0,
    unscored: 0,
    signal_errors: { search_trends: 0, news_search: 0, news_rss: 0 },
    unavailable: {},
    news_quota_skipped: 0,
  };
  const unavailable = (s: SignalName, source: { unavailable(): string | null }): string | null => (disabled.has(s) ? DISABLED : source.unavailable());
  const reasons: Record<SignalName, string | null> = {
    search_trends: unavailable('search_trends', sources.searchTrends),
    news_search: unavailable('news_search', sources.newsSearch),
    news_rss: unavailable('news_rss', sources.newsRss),
  };
  for (const s of SIGNALS) if (reasons[s]) summary.unavailable[s] = reasons[s] ?? undefined;
  if (subjects.length === 0 || SIGNALS.every((s) => reasons[s])) return summary;

  const without = (s: SignalName) => subjects.map(() => missing(disabled.has(s) ? 'disabled_by_admin' : 'not_configured'));
  const [trends, news, rss] = await Promise.all([
    reasons.search_trends ? without('search_trends') : searchTrendsReadings(subjects, sources, summary),
    reasons.news_search ? without('news_search') : newsSearchReadings(subjects, sources, summary, now),
    reasons.news_rss ? without('news_rss') : rssReadings(subjects, sources, summary),
  ]);
  const readings: Readings[] = subjects.map((_, i) => ({
    search_trends: trends[i] ?? missing('failed'),
    news_search: news[i] ?? missing('failed'),
    news_rss: rss[i] ?? missing('failed'),
  }));
  const scores = scoreDay(readings).flatMap((scored, i) => {
    const subject = subjects[i];
    return scored && subject ? [{ id: subject.id, scored }] : [];
  });
  await putTrendScores(kind, date, scores, now);
  summary.scored = scores.length;
  summary.unscored = subjects.length - scores.length;
  return summary;
}

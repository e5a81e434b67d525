/**
 * Daily trend scores in the single table (data-model B14, M12): a bill's score
 * of a day is BILL#{id} / TREND#{YYYY-MM-DD} with gsi1 TRENDING#{date} /
 * {zero-padded score}#{bill_id} (read by trending.repository.ts); a member's
 * is MEMBER#{id} / TREND#{date}. Rewriting a day replaces it (the job is
 * idempotent per day); items expire after TREND_RETENTION_DAYS.
 */
import { recordTrendingDay } from './dashboard-feed.repository.ts';
import { TREND_RETENTION_DAYS } from '#shared/domain/scores/trend-decisions.ts';
import { type DayScore } from '#shared/domain/scores/trend-score.ts';
import { batchWrite, queryPage, type Item } from './dynamo.ts';
import { trendKeys, type TrendSubject } from './keys/trend.keys.ts';
import { ttlIn } from './table.ts';
import { TrendDay } from '#shared/domain/scores/trend-day.schema.ts';
import { query } from './expressions.ts';
import { entityItem } from './entities.ts';

export type { TrendSubject } from './keys/trend.keys.ts';

/** The stored item of one subject's score of a day. */
export function trendItem(subject: TrendSubject, id: string, date: string, scored: DayScore, computedAt: Date): Item {
  const day: TrendDay = {
    date,
    score: scored.score,
    gnews_count: Math.round(scored.signals.news_search?.raw ?? 0),
    rss_count: Math.round(scored.signals.news_rss?.raw ?? 0),
    trends_value: scored.signals.search_trends?.raw ?? 0,
    signals: scored.signals,
    missing_signals: scored.missing_signals,
    computed_at: computedAt.toISOString(),
  };
  return entityItem(`${subject}_trend`, trendKeys.day(subject, id, date), {
    [`${subject}_id`]: id,
    ...day,
    ...(subject === 'bill' ? trendKeys.trending.keys(date, scored.score, id) : {}),
    ttl: ttlIn(TREND_RETENTION_DAYS * 86_400, computedAt.getTime()),
  });
}

/** Stores many scores of one day (BatchWrite, 25 per call); a rerun overwrites the day. */
export async function putTrendScores(subject: TrendSubject, date: string, scores: { id: string; scored: DayScore }[], computedAt: Date): Promise<void> {
  await batchWrite(scores.map((s) => ({ put: trendItem(subject, s.id, date, s.scored, computedAt) })));
  // After the scores: a crash here is healed by the job's rerun, which writes the day again.
  if (subject === 'bill')
    await recordTrendingDay(
      date,
      scores.map((s) => ({ bill_id: s.id, score: s.scored.score })),
    );
}

/** A subject's stored scores, newest day first (one Query on its partition). */
export async function listTrendDays(subject: TrendSubject, id: string, limit: number): Promise<TrendDay[]> {
  const page = await queryPage({
    ...query({ pk: trendKeys.partition(subject, id), skPrefix: trendKeys.prefix }),
    ScanIndexForward: false,
    Limit: limit,
  });
  return page.items.map((i) => TrendDay().parse(i));
}

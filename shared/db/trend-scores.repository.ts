/**
 * Daily trend scores in the single table (data-model B14, M12): a bill's score
 * of a day is BILL#{id} / TREND#{YYYY-MM-DD} with gsi1 TRENDING#{date} /
 * {zero-padded score}#{bill_id} (read by trending.repository.ts); a member's
 * is MEMBER#{id} / TREND#{date}. Rewriting a day replaces it (the job is
 * idempotent per day); items expire after TREND_RETENTION_DAYS.
 */
import { recordTrendingDay } from './dashboard-feed.repository.ts';
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { SIGNALS, TREND_RETENTION_DAYS } from '#shared/domain/scores/trend-decisions.ts';
import { MISSING_REASONS, type DayScore } from '#shared/domain/scores/trend-score.ts';
import { batchWrite, queryPage, type Item } from './dynamo.ts';
import { trendKeys, type TrendSubject } from './keys/trend.keys.ts';
import { ttlIn } from './table.ts';

export type { TrendSubject } from './keys/trend.keys.ts';

const SignalPart = lazySchema(() =>
  z.object({
    raw: z.number().describe('The value as measured'),
    normalised: z.number().describe('The value on a 0-100 scale'),
    weight: z.number().describe('The weight of the signal in the score'),
  }),
);

/** One stored day's score with its per-signal breakdown (the reply of the trend routes). */
export const TrendDay = lazySchema(() =>
  z
    .object({
      date: z.iso.date().describe('The date (YYYY-MM-DD)'),
      score: z.number().min(0).max(100).describe('The score, 0-100'),
      gnews_count: z.number().int().nonnegative().describe("The news-search signal's article count (0 when that signal was missing)."),
      rss_count: z.number().int().nonnegative().describe("The news RSS feed's item count (0 when missing)."),
      trends_value: z.number().nonnegative().describe('Mean search interest 0-100 (0 when missing).'),
      signals: z
        .object({
          search_trends: SignalPart().optional().describe('The search-trends signal'),
          news_search: SignalPart().optional().describe('The news-search signal'),
          news_rss: SignalPart().optional().describe('The news RSS signal'),
        })
        .describe('The signals measured that day, each with its raw value, 0-100 value and weight'),
      missing_signals: z
        .array(
          z.object({
            signal: z.enum(SIGNALS).describe('The signal: search_trends, news_search or news_rss'),
            reason: z.enum(MISSING_REASONS).describe('Why it was missing'),
          }),
        )
        .describe('Signals that could not be measured that day'),
      computed_at: z.iso.datetime().describe('When the score was computed'),
    })
    .meta({ id: 'TrendDay', description: 'The public-interest score of one day with its per-signal breakdown' }),
);
export type TrendDay = z.infer<ReturnType<typeof TrendDay>>;

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
  return {
    ...trendKeys.day(subject, id, date),
    entity: `${subject}_trend`,
    [`${subject}_id`]: id,
    ...day,
    ...(subject === 'bill' ? trendKeys.trending.keys(date, scored.score, id) : {}),
    ttl: ttlIn(TREND_RETENTION_DAYS * 86_400, computedAt.getTime()),
  };
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
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': trendKeys.partition(subject, id), ':prefix': trendKeys.prefix },
    ScanIndexForward: false,
    Limit: limit,
  });
  return page.items.map((i) => TrendDay().parse(i));
}

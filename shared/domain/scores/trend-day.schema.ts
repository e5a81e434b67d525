/**
 * A stored day's public-interest score (docs/data-model.md B14, M12) with its per-signal
 * breakdown, as the trend routes serve it, and the signal count a bill's latest score is read for.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { SIGNALS } from './trend-decisions.ts';
import { MISSING_REASONS } from './trend-score.ts';

export const SignalPart = lazySchema(() =>
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

/** The news-search count of a stored day's score, read alone for a bill's latest score (older items may lack it). */
export const TrendSignal = lazySchema(() => z.object({ gnews_count: z.coerce.number().default(0) }).passthrough());

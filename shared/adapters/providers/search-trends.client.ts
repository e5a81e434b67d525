/**
 * The search-trends service: SerpApi's Google Trends API (documented at
 * serpapi.com/google-trends-api), interest over time for up to 5
 * comma-separated terms on one shared 0-100 scale. Optional: without
 * SEARCH_TRENDS_API_KEY trend scores use the other signals
 * (shared/domain/scores/trend-decisions.ts says why this provider).
 */
import * as z from 'zod';
import { config } from '#shared/platform/config.ts';
import { TRENDS_BATCH_SIZE, TRENDS_DATE_RANGE } from '#shared/domain/scores/trend-decisions.ts';
import { getText } from '#shared/adapters/providers/transport/http-transport.ts';
import { ProviderError, parseJsonBody, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';

export const SEARCH_TRENDS = 'search-trends';

/** One point of the timeline: a bucket of the range with one value per term, in the order asked. */
const TimelinePoint = z
  .object({
    date: z.string(),
    timestamp: z.string().optional(),
    /** Present (true) only on the bucket still being filled. */
    partial_data: z.boolean().optional(),
    values: z.array(z.object({ query: z.string(), value: z.string().optional(), extracted_value: z.number().min(0) }).passthrough()),
  })
  .passthrough();

export const InterestOverTime = z
  .object({
    search_metadata: z.object({ status: z.string() }).passthrough().optional(),
    interest_over_time: z
      .object({ timeline_data: z.array(TimelinePoint) })
      .passthrough()
      .optional(),
    error: z.string().optional(),
  })
  .passthrough();
export type InterestOverTime = z.infer<typeof InterestOverTime>;

/** SerpApi's answer when Google Trends has too little data for the terms: no interest, not a failure. */
const NO_RESULTS = /hasn't returned any results/i;

export interface TrendsCallOptions {
  timeoutMs?: number;
  retries?: number;
}

/** True when the search-trends signal can be used. */
export const isSearchTrendsConfigured = (): boolean => Boolean(config().SEARCH_TRENDS_API_KEY);

/** A term as Google Trends reads it: commas separate terms, so none may appear inside one. */
export const trendsTerm = (text: string): string => text.replace(/,/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);

/** The request URL of one comparison. */
export function interestUrl(terms: string[]): string {
  const u = new URL(`${config().SEARCH_TRENDS_BASE_URL.replace(/\/$/, '')}/search.json`);
  u.searchParams.set('engine', 'google_trends');
  u.searchParams.set('data_type', 'TIMESERIES');
  u.searchParams.set('date', TRENDS_DATE_RANGE);
  u.searchParams.set('geo', 'US');
  u.searchParams.set('q', terms.map(trendsTerm).join(','));
  u.searchParams.set('api_key', config().SEARCH_TRENDS_API_KEY ?? '');
  return u.toString();
}

/** Mean interest per term over the complete buckets (the partial last bucket would drag it down), in the terms' order. */
export function meanInterest(payload: InterestOverTime, termCount: number): number[] {
  const points = payload.interest_over_time?.timeline_data ?? [];
  const complete = points.filter((p) => !p.partial_data);
  const used = complete.length > 0 ? complete : points;
  const sums: number[] = Array.from({ length: termCount }, () => 0);
  for (const p of used) {
    if (p.values.length !== termCount)
      throw new ProviderError(SEARCH_TRENDS, `malformed interest over time: ${p.values.length} values for ${termCount} terms on ${p.date}`, {
        field: 'interest_over_time.timeline_data.values',
      });
    p.values.forEach((v, i) => (sums[i] = (sums[i] ?? 0) + v.extracted_value));
  }
  return sums.map((s) => (used.length ? Math.round((s / used.length) * 100) / 100 : 0));
}

/**
 * Compares up to 5 terms in one call; resolves to each term's mean search
 * interest (0-100, on the call's shared scale) in the order given. Throws a
 * ProviderError when unconfigured, on HTTP or payload errors, or an error reply.
 */
export async function compareSearchInterest(terms: string[], opts: TrendsCallOptions = {}): Promise<number[]> {
  if (!isSearchTrendsConfigured()) throw new ProviderError(SEARCH_TRENDS, 'SEARCH_TRENDS_API_KEY is not set');
  if (terms.length === 0) return [];
  if (terms.length > TRENDS_BATCH_SIZE) throw new ProviderError(SEARCH_TRENDS, `at most ${TRENDS_BATCH_SIZE} terms per call, got ${terms.length}`);
  const res = await getText({ provider: SEARCH_TRENDS, url: interestUrl(terms), retries: opts.retries ?? 2, timeoutMs: opts.timeoutMs ?? 20_000 });
  const payload = parsePayload(SEARCH_TRENDS, 'interest over time', InterestOverTime, parseJsonBody(SEARCH_TRENDS, 'interest over time', res.text));
  if (payload.error) {
    if (NO_RESULTS.test(payload.error)) return terms.map(() => 0);
    throw new ProviderError(SEARCH_TRENDS, payload.error);
  }
  if (!payload.interest_over_time)
    throw new ProviderError(SEARCH_TRENDS, 'malformed interest over time: field interest_over_time: missing', { field: 'interest_over_time' });
  return meanInterest(payload, terms.length);
}

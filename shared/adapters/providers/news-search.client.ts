/**
 * The news search API (NewsAPI.org GET /v2/everything). Up to four queries
 * share one call, joined with OR (NEWS_API_BATCH_SIZE, to spare the daily
 * quota), and each returned article is attributed back to the queries whose
 * terms it mentions. Every call first takes one request from the daily quota
 * counted in DynamoDB, so all Lambdas together stay within the plan; a 429
 * from the provider marks the day spent. The key travels in the X-Api-Key
 * header, which recordings and error messages never carry.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { config } from '#shared/platform/config.ts';
import { exhaustNewsQuota, newsQuotaUsed, takeNewsQuota } from '#shared/adapters/db/news-quota.repository.ts';
import type { NewsArticle } from '#shared/domain/news/news-article.ts';
import { mentions } from '#shared/domain/news/query-match.ts';
import { getText } from '#shared/adapters/providers/transport/http-transport.ts';
import { parseJsonBody, parsePayload, ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';

export type { NewsArticle } from '#shared/domain/news/news-article.ts';

export const NEWS_SEARCH = 'news-search';
/** Queries (bills) per news search call: four bills share one call of the daily quota. */
export const NEWS_API_BATCH_SIZE = 4;
/** The provider's limit on the q parameter. */
export const NEWS_API_MAX_QUERY_CHARS = 500;
/** The low-quota indicator fires under this many remaining calls; fetch and scoring stop calling there. */
export const NEWS_QUOTA_LOW_BELOW = 10;
/** Articles per call: the provider's maximum page size. */
const PAGE_SIZE = 100;

/** A provider that sends the string "null" (seen in real payloads) means null. */
const nullish = lazySchema(() =>
  z
    .string()
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' || v === 'null' ? null : v.trim())),
);

const RawArticle = lazySchema(() =>
  z.object({
    source: z.object({ id: z.string().nullish(), name: nullish() }).nullish(),
    title: nullish(),
    description: nullish(),
    url: nullish(),
    urlToImage: nullish(),
    publishedAt: nullish(),
    content: nullish(),
  }),
);

export const EverythingResponse = lazySchema(() =>
  z.discriminatedUnion('status', [
    z.object({ status: z.literal('ok'), totalResults: z.number().int().nonnegative(), articles: z.array(RawArticle()) }),
    z.object({ status: z.literal('error'), code: z.string().nullish(), message: z.string().nullish() }),
  ]),
);
export type EverythingResponse = z.infer<ReturnType<typeof EverythingResponse>>;

/** Articles the provider withdrew come back as "[Removed]" placeholders. */
const REMOVED = '[Removed]';

const isoOrNull = (value: string | null): string | null => {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
};

/** One provider article as a NewsArticle and the text it is attributed by; null for removed or URL-less ones. */
export function articleFromProvider(raw: z.infer<ReturnType<typeof RawArticle>>): { article: NewsArticle; text: string } | null {
  if (!raw.url || !raw.title || raw.title === REMOVED || !/^https?:\/\//.test(raw.url)) return null;
  return {
    article: {
      url: raw.url,
      title: raw.title,
      source: raw.source?.name ?? null,
      description: raw.description,
      image_url: raw.urlToImage,
      published_at: isoOrNull(raw.publishedAt),
    },
    text: [raw.title, raw.description, raw.content].filter(Boolean).join(' \n '),
  };
}

/** True when a news search key is configured (the search runs only then). */
export function isNewsSearchConfigured(): boolean {
  return Boolean(config().NEWS_API_KEY);
}

/** The day's quota: limit, calls used, calls remaining, and `low` under 10 remaining. */
export async function newsSearchQuota(now = new Date()): Promise<{ limit: number; used: number; remaining: number; low: boolean }> {
  const limit = config().NEWS_API_DAILY_LIMIT;
  const used = Math.min(limit, await newsQuotaUsed(now));
  const remaining = limit - used;
  return { limit, used, remaining, low: remaining < NEWS_QUOTA_LOW_BELOW };
}

/** The combined q of several queries: `(q1) OR (q2) …`. */
export const combinedQuery = (queries: string[]): string => (queries.length === 1 ? (queries[0] as string) : queries.map((q) => `(${q})`).join(' OR '));

/** Splits queries into calls of at most 4 whose combined q fits the provider's 500 characters. */
export function packQueries(queries: string[]): string[][] {
  const calls: string[][] = [];
  let current: string[] = [];
  for (const q of queries) {
    if (q.length > NEWS_API_MAX_QUERY_CHARS)
      throw new ProviderError(NEWS_SEARCH, `query longer than ${NEWS_API_MAX_QUERY_CHARS} characters: ${q.slice(0, 60)}…`);
    const next = [...current, q];
    if (current.length > 0 && (next.length > NEWS_API_BATCH_SIZE || combinedQuery(next).length > NEWS_API_MAX_QUERY_CHARS)) {
      calls.push(current);
      current = [q];
    } else current = next;
  }
  if (current.length > 0) calls.push(current);
  return calls;
}

/** Attributes each article to the queries it mentions (a lone query keeps every article: the provider matched it). */
export function attribute(queries: string[], found: { article: NewsArticle; text: string }[]): NewsArticle[][] {
  if (queries.length === 1) return [found.map((f) => f.article)];
  return queries.map((q) => found.filter((f) => mentions(q, f.text)).map((f) => f.article));
}

type OkResponse = Extract<EverythingResponse, { status: 'ok' }>;

/** One /everything request: key check, one call taken from the quota, the payload parsed, provider errors raised. */
async function everything(q: string, extra: Record<string, string>, transport: { retries: number; timeoutMs: number }, now: Date): Promise<OkResponse> {
  const cfg = config();
  if (!cfg.NEWS_API_KEY) throw new ProviderError(NEWS_SEARCH, 'NEWS_API_KEY is not set');
  if (!(await takeNewsQuota(cfg.NEWS_API_DAILY_LIMIT, now)))
    throw new ProviderError(NEWS_SEARCH, `daily quota of ${cfg.NEWS_API_DAILY_LIMIT} calls is spent`, { status: 429 });
  const params = new URLSearchParams({ q, language: 'en', sortBy: 'publishedAt', ...extra });
  const res = await getText({
    provider: NEWS_SEARCH,
    url: `${cfg.NEWS_API_BASE_URL.replace(/\/$/, '')}/everything?${params}`,
    headers: { 'X-Api-Key': cfg.NEWS_API_KEY },
    // 4xx bodies carry the provider's reason, so they are read rather than thrown by the transport.
    accept: [400, 401, 426, 429],
    ...transport,
  });
  const payload = parsePayload(NEWS_SEARCH, 'everything response', EverythingResponse(), parseJsonBody(NEWS_SEARCH, 'everything response', res.text));
  if (payload.status === 'error' || res.status >= 400) {
    const reason = payload.status === 'error' ? `${payload.code ?? 'error'}: ${payload.message ?? ''}`.trim() : 'error';
    if (res.status === 429 || (payload.status === 'error' && payload.code === 'rateLimited')) await exhaustNewsQuota(cfg.NEWS_API_DAILY_LIMIT, now);
    throw new ProviderError(NEWS_SEARCH, `HTTP ${res.status}: ${reason}`, { status: res.status });
  }
  return payload;
}

async function searchOnce(queries: string[], from: Date | undefined, now: Date): Promise<NewsArticle[][]> {
  // A 429 is the provider's quota: retried once at most.
  const payload = await everything(
    combinedQuery(queries),
    { pageSize: String(PAGE_SIZE), ...(from ? { from: from.toISOString().slice(0, 19) } : {}) },
    { retries: 1, timeoutMs: 15_000 },
    now,
  );
  const found = payload.articles.flatMap((a) => articleFromProvider(a) ?? []);
  const unique = [...new Map(found.map((f) => [f.article.url, f])).values()];
  return attribute(queries, unique);
}

/** The health check's one cheap search (one article, no retry); it counts against the day's quota like any call. */
export async function probeNewsSearch(opts: { timeoutMs: number }, now = new Date()): Promise<{ totalResults: number }> {
  const payload = await everything('Congress', { pageSize: '1' }, { retries: 0, timeoutMs: opts.timeoutMs }, now);
  return { totalResults: payload.totalResults };
}

/**
 * Searches up to 4 queries in one call (OR syntax) and returns one article
 * list per query, in the order given. Queries too long to share a call are
 * split over as few calls as fit the provider's 500 characters.
 */
export async function searchNewsBatch(queries: string[], options: { from?: Date; now?: Date } = {}): Promise<NewsArticle[][]> {
  if (queries.length === 0) return [];
  if (queries.length > NEWS_API_BATCH_SIZE) throw new ProviderError(NEWS_SEARCH, `at most ${NEWS_API_BATCH_SIZE} queries share a call, got ${queries.length}`);
  const now = options.now ?? new Date();
  const results: NewsArticle[][] = [];
  for (const call of packQueries(queries)) results.push(...(await searchOnce(call, options.from, now)));
  return results;
}

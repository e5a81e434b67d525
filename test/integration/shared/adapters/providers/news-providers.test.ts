/**
 * The news search and news RSS clients on DynamoDB Local against local
 * servers standing in for the providers: the shared OR call, 429 and 5xx,
 * the daily quota counted across callers, and the 2-hour RSS cache.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '#shared/platform/config.ts';
import { transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';
import { clearNewsRssCache, newsRssItems } from '#shared/adapters/providers/news-rss.client.ts';
import { isNewsSearchConfigured, newsSearchQuota, searchNewsBatch } from '#shared/adapters/providers/news-search.client.ts';
import { ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { providerServer, sendJson, type Route } from '../../../../support/ingest-fixtures.ts';

useIntegrationStack();

const LIMIT = 12;
const article = (url: string, title: string) => ({
  source: { id: null, name: 'Wire' },
  author: null,
  title,
  description: null,
  url,
  urlToImage: 'null',
  publishedAt: '2026-11-20T10:00:00Z',
  content: null,
});
const rss = (items: [string, string][]) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>${items.map(([t, u]) => `<item><title>${t} - Wire</title><link>${u}</link><pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate><source url="https://wire.example">Wire</source></item>`).join('')}</channel></rss>`;

let everything: Route = (_req, res) => sendJson(res, { status: 'ok', totalResults: 0, articles: [] });
let feed: Route = (_req, res) => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss([]));
let server: Awaited<ReturnType<typeof providerServer>>;
// Each test takes its own UTC day so the quota counter starts empty.
let day = 0;
const nextDay = () => new Date(Date.UTC(2026, 10, 1 + ++day, 12));

beforeAll(async () => {
  transportSettings.baseDelayMs = 5;
  server = await providerServer({ '/v2/everything': (req, res, n) => everything(req, res, n), '/rss/search': (req, res, n) => feed(req, res, n) });
  Object.assign(process.env, {
    NEWS_API_BASE_URL: `${server.base}/v2`,
    NEWS_RSS_BASE_URL: server.base,
    NEWS_API_KEY: 'news-secret',
    NEWS_API_DAILY_LIMIT: String(LIMIT),
  });
  resetConfig();
});
beforeEach(() => {
  server.seen.length = 0;
});
afterAll(async () => {
  for (const k of ['NEWS_API_BASE_URL', 'NEWS_RSS_BASE_URL', 'NEWS_API_KEY', 'NEWS_API_DAILY_LIMIT']) delete process.env[k];
  resetConfig();
  await server.close();
});

describe('searchNewsBatch', () => {
  it('sends four queries in one OR call with the key in a header and returns one list per query', async () => {
    everything = (_req, res) =>
      sendJson(res, {
        status: 'ok',
        totalResults: 3,
        articles: [
          article('https://w.example/1', 'Laken Riley Act signed'),
          article('https://w.example/2', 'Debate on H.R. 9'),
          article('https://w.example/1', 'Laken Riley Act signed'),
        ],
      });
    const now = nextDay();
    const lists = await searchNewsBatch(['"Laken Riley Act"', '"H.R. 9"', '"S. 1"', '"H.R. 1"'], { from: new Date('2026-11-01T00:00:00Z'), now });
    expect(lists.map((l) => l.map((a) => a.url))).toEqual([['https://w.example/1'], ['https://w.example/2'], [], []]);
    expect(lists[0]?.[0]).toMatchObject({ source: 'Wire', image_url: null, published_at: '2026-11-20T10:00:00.000Z' });
    expect(server.seen).toHaveLength(1);
    const url = new URL(server.seen[0]!.url, server.base);
    expect(url.searchParams.get('q')).toBe('("Laken Riley Act") OR ("H.R. 9") OR ("S. 1") OR ("H.R. 1")');
    expect(url.searchParams.get('from')).toBe('2026-11-01T00:00:00');
    expect(server.seen[0]!.headers['x-api-key']).toBe('news-secret');
    expect(url.search).not.toContain('news-secret');
    expect(await newsSearchQuota(now)).toEqual({ limit: LIMIT, used: 1, remaining: LIMIT - 1, low: false });
  });

  it('refuses more than four queries and answers no queries without a call', async () => {
    await expect(searchNewsBatch(['a', 'b', 'c', 'd', 'e'])).rejects.toThrow(/at most 4 queries/);
    expect(await searchNewsBatch([])).toEqual([]);
    expect(server.seen).toHaveLength(0);
  });

  it('retries a 5xx once and then fails with a ProviderError', async () => {
    everything = (_req, res, n) => (n % 2 === 1 ? sendJson(res, 'down', 503) : sendJson(res, { status: 'ok', totalResults: 0, articles: [] }));
    const now = nextDay();
    expect(await searchNewsBatch(['"A"'], { now })).toEqual([[]]);
    everything = (_req, res) => sendJson(res, 'down', 502);
    const err = await searchNewsBatch(['"A"'], { now }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toMatch(/news-search: HTTP 502/);
    expect((err as Error).message).not.toContain('news-secret');
  });

  it('marks the day spent when the provider answers 429 rateLimited', async () => {
    everything = (_req, res) =>
      sendJson(res, { status: 'error', code: 'rateLimited', message: 'You have made too many requests recently.' }, 429, { 'retry-after': '0' });
    const now = nextDay();
    await expect(searchNewsBatch(['"A"'], { now })).rejects.toThrow(/HTTP 429: rateLimited/);
    expect(await newsSearchQuota(now)).toMatchObject({ used: LIMIT, remaining: 0, low: true });
    server.seen.length = 0;
    await expect(searchNewsBatch(['"A"'], { now })).rejects.toThrow(/daily quota of 12 calls is spent/);
    expect(server.seen).toHaveLength(0);
  });

  it('reports an invalid key with the provider reason, without retrying', async () => {
    everything = (_req, res) => sendJson(res, { status: 'error', code: 'apiKeyInvalid', message: 'Your API key is invalid.' }, 401);
    await expect(searchNewsBatch(['"A"'], { now: nextDay() })).rejects.toThrow(/HTTP 401: apiKeyInvalid: Your API key is invalid/);
    expect(server.seen).toHaveLength(1);
  });

  it('never spends more than the daily limit, however many callers race', async () => {
    everything = (_req, res) => sendJson(res, { status: 'ok', totalResults: 0, articles: [] });
    const now = nextDay();
    const results = await Promise.allSettled(Array.from({ length: LIMIT + 5 }, () => searchNewsBatch(['"A"'], { now })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMIT);
    expect(server.seen).toHaveLength(LIMIT);
    expect(await newsSearchQuota(now)).toEqual({ limit: LIMIT, used: LIMIT, remaining: 0, low: true });
    expect((await newsSearchQuota(nextDay())).remaining).toBe(LIMIT);
  });

  it('fails without a call when no key is configured', async () => {
    delete process.env.NEWS_API_KEY;
    resetConfig();
    try {
      expect(isNewsSearchConfigured()).toBe(false);
      await expect(searchNewsBatch(['"A"'])).rejects.toThrow(/NEWS_API_KEY is not set/);
      expect(server.seen).toHaveLength(0);
    } finally {
      process.env.NEWS_API_KEY = 'news-secret';
      resetConfig();
    }
    expect(isNewsSearchConfigured()).toBe(true);
  });
});

describe('newsRssItems', () => {
  beforeEach(async () => {
    await clearNewsRssCache();
  });

  it('caches a query for 2 hours across callers, then fetches again', async () => {
    let calls = 0;
    feed = (_req, res) => {
      calls++;
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss([[`Story ${calls}`, `https://w.example/${calls}`]]));
    };
    const t0 = new Date('2026-11-20T00:00:00Z');
    const first = await newsRssItems('"Laken Riley Act"', { now: t0 });
    const hit = await newsRssItems('"Laken Riley Act"', { now: new Date(t0.getTime() + 2 * 3600_000 - 1000) });
    expect(hit).toEqual(first);
    expect(server.seen).toHaveLength(1);
    expect(new URL(server.seen[0]!.url, server.base).searchParams.get('q')).toBe('"Laken Riley Act"');
    const miss = await newsRssItems('"Laken Riley Act"', { now: new Date(t0.getTime() + 2 * 3600_000 + 1000) });
    expect(miss[0]?.title).toBe('Story 2');
    expect(server.seen).toHaveLength(2);
  });

  it('keeps queries apart and clears every cached query', async () => {
    feed = (req, res) => {
      const q = new URL(req.url ?? '', 'http://x').searchParams.get('q') ?? '';
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss([[q, `https://w.example/${encodeURIComponent(q)}`]]));
    };
    const now = new Date('2026-11-21T00:00:00Z');
    expect((await newsRssItems('alpha', { now }))[0]?.title).toBe('alpha');
    expect((await newsRssItems('beta', { now }))[0]?.title).toBe('beta');
    expect(await clearNewsRssCache()).toBe(2);
    await newsRssItems('alpha', { now });
    expect(server.seen).toHaveLength(3);
    expect(await clearNewsRssCache()).toBe(1);
  });

  it('does not cache a failure', async () => {
    let calls = 0;
    feed = (_req, res) => (++calls <= 3 ? res.writeHead(503).end('busy') : res.writeHead(200).end(rss([['Back', 'https://w.example/back']])));
    const now = new Date('2026-11-22T00:00:00Z');
    await expect(newsRssItems('gamma', { now, retries: 0 })).rejects.toThrow(/news-rss: HTTP 503/);
    await expect(newsRssItems('gamma', { now, retries: 0 })).rejects.toThrow(ProviderError);
    await expect(newsRssItems('gamma', { now, retries: 0 })).rejects.toThrow(ProviderError);
    expect((await newsRssItems('gamma', { now }))[0]?.title).toBe('Back');
  });

  it('rejects an empty query', async () => {
    await expect(newsRssItems('  ')).rejects.toThrow(/empty search query/);
  });
});

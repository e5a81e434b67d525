/**
 * The news check of GET /api/admin/health, run as the health check runs it,
 * against local servers standing in for the news search API and the RSS
 * feed: ok with both answering, an error naming the failing source, the
 * search spared when the quota is low, not_configured without a key, and
 * only the source an admin left on called (disabled with both off).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerProbes } from '#shared/use-cases/admin/provider-probes.ts';
import { ALL_ENABLED, type DataSources } from '#shared/domain/settings/data-sources.ts';
import { runCheck } from '#shared/use-cases/admin/provider-health.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { takeNewsQuota } from '#shared/adapters/db/news-quota.repository.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { providerServer, sendJson } from '../../../../support/ingest-fixtures.ts';

useIntegrationStack();

const LIMIT = 15;
let searchStatus = 200;
let feedStatus = 200;
let server: Awaited<ReturnType<typeof providerServer>>;
const newsCheck = (sources: DataSources = ALL_ENABLED) =>
  runCheck(
    providerProbes(sources).find((p) => p.name === 'news')!,
    { timeoutMs: 2000 },
  );
const setEnv = (values: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(values))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  resetConfig();
};

beforeAll(async () => {
  server = await providerServer({
    '/v2/everything': (_req, res) =>
      searchStatus === 200
        ? sendJson(res, { status: 'ok', totalResults: 4105, articles: [] })
        : sendJson(res, { status: 'error', code: 'apiKeyInvalid', message: 'Your API key is invalid.' }, searchStatus),
    '/rss/search': (_req, res) =>
      feedStatus === 200
        ? res
            .writeHead(200)
            .end(
              '<rss><channel><item><title>A - P</title><link>https://p.example/a</link></item><item><title>B - P</title><link>https://p.example/b</link></item></channel></rss>',
            )
        : res.writeHead(feedStatus).end('down'),
  });
  setEnv({
    NEWS_API_BASE_URL: `${server.base}/v2`,
    NEWS_RSS_BASE_URL: server.base,
    NEWS_API_KEY: 'news-secret',
    NEWS_API_DAILY_LIMIT: String(LIMIT),
    REPLAY_HAR: undefined,
  });
});
beforeEach(() => {
  searchStatus = 200;
  feedStatus = 200;
  server.seen.length = 0;
});
afterAll(async () => {
  setEnv({ NEWS_API_BASE_URL: undefined, NEWS_RSS_BASE_URL: undefined, NEWS_API_KEY: undefined, NEWS_API_DAILY_LIMIT: undefined });
  await server.close();
});

describe('the news health check', () => {
  it('calls the news search once (one article) and the RSS feed, and reports both with the quota left', async () => {
    const check = await newsCheck();
    expect(check).toMatchObject({ name: 'news', status: 'ok', latency_ms: expect.any(Number) });
    expect(check.detail).toBe(`news search answered (4105 articles; ${LIMIT - 1} of ${LIMIT} calls left today); RSS feed lists 2 articles`);
    const search = server.seen.find((s) => s.url.startsWith('/v2/everything'));
    expect(new URL(search!.url, server.base).searchParams.get('pageSize')).toBe('1');
    expect(server.seen).toHaveLength(2);
  });

  it('is an error naming the source that fails, without retrying', async () => {
    searchStatus = 401;
    const check = await newsCheck();
    expect(check).toMatchObject({ status: 'error' });
    expect(check.detail).toMatch(/news-search: HTTP 401: apiKeyInvalid/);
    searchStatus = 200;
    feedStatus = 500;
    server.seen.length = 0;
    const feed = await newsCheck();
    expect(feed.detail).toMatch(/news-rss: HTTP 500/);
    expect(server.seen.filter((s) => s.url.startsWith('/rss/search'))).toHaveLength(1);
  });

  it('calls only the source an admin left on, and is disabled without a call when both are off', async () => {
    const feedOnly = await newsCheck({ ...ALL_ENABLED, news_search: { enabled: false } });
    expect(feedOnly).toMatchObject({ status: 'ok', detail: 'news_search disabled by admin; RSS feed lists 2 articles' });
    expect(server.seen.map((s) => s.url.split('?')[0])).toEqual(['/rss/search']);
    server.seen.length = 0;
    const searchOnly = await newsCheck({ ...ALL_ENABLED, news_rss: { enabled: false } });
    expect(searchOnly.detail).toMatch(/^news search answered \(4105 articles; \d+ of 15 calls left today\); news_rss disabled by admin$/);
    expect(server.seen.map((s) => s.url.split('?')[0])).toEqual(['/v2/everything']);
    server.seen.length = 0;
    expect(await newsCheck({ ...ALL_ENABLED, news_search: { enabled: false }, news_rss: { enabled: false } })).toEqual({
      name: 'news',
      status: 'disabled',
      latency_ms: null,
      detail: 'news_search disabled by admin; news_rss disabled by admin, so it is not called',
    });
    expect(server.seen).toEqual([]);
  });

  it('spares the search when the quota is low and fails when it is spent', async () => {
    while (await takeNewsQuota(LIMIT - 5));
    const low = await newsCheck();
    expect(low).toMatchObject({ status: 'ok', detail: `news search not called: quota low (5 of ${LIMIT} calls left today); RSS feed lists 2 articles` });
    expect(server.seen.every((s) => s.url.startsWith('/rss/search'))).toBe(true);
    while (await takeNewsQuota(LIMIT));
    expect(await newsCheck()).toMatchObject({ status: 'error', detail: `the news search's daily quota of ${LIMIT} calls is spent` });
  });

  it('is not_configured without a key, and calls nothing', async () => {
    setEnv({ NEWS_API_KEY: undefined });
    try {
      expect(await newsCheck()).toMatchObject({ status: 'not_configured', latency_ms: null });
      expect(server.seen).toEqual([]);
    } finally {
      setEnv({ NEWS_API_KEY: 'news-secret' });
    }
  });
});

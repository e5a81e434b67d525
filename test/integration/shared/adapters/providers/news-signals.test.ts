/**
 * calculate_trend_scores with every real client wired in (search trends,
 * news search, news RSS), each against a local server in its provider's
 * shape: the news counts per bill, the 4-query OR call, the quota running
 * low, and the RSS cache the scorer shares with the news fetcher.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '#shared/platform/config.ts';
import { trendKeys } from '#shared/adapters/db/keys/trend.keys.ts';
import { billNewsQuery } from '#shared/domain/news/news-queries.ts';
import { transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';
import { clearNewsRssCache } from '#shared/adapters/providers/news-rss.client.ts';
import { newsSearchQuota } from '#shared/adapters/providers/news-search.client.ts';
import { calculateTrendScores } from '#shared/use-cases/trends/calculate-trend-scores.ts';
import { makeBill, seedBill } from '#test/support/personal-seed.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { providerServer, sendJson, type Route } from '../../../../support/ingest-fixtures.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

const NOW = new Date();
const TODAY = NOW.toISOString().slice(0, 10);
const RECENT = new Date(NOW.getTime() - 5 * 86_400_000).toISOString().slice(0, 10);
const ENV = ['SEARCH_TRENDS_API_KEY', 'SEARCH_TRENDS_BASE_URL', 'NEWS_API_KEY', 'NEWS_API_BASE_URL', 'NEWS_RSS_BASE_URL', 'NEWS_API_DAILY_LIMIT', 'REPLAY_HAR'];

const article = (url: string, title: string) => ({
  source: { id: null, name: 'Wire' },
  author: null,
  title,
  description: null,
  url,
  urlToImage: null,
  publishedAt: `${TODAY}T01:00:00Z`,
  content: null,
});
const rss = (n: number) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>${Array.from({ length: n }, (_, i) => `<item><title>Story ${i} - Wire</title><link>https://wire.example/${i}</link><pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate><source url="https://wire.example">Wire</source></item>`).join('')}</channel></rss>`;

// Articles name the bills' short titles, so the client attributes them back to each bill's query.
const ARTICLES: Record<string, number> = { 'Alpha Act': 3, 'Beta Act': 1, 'Gamma Act': 0, 'Delta Act': 2, 'Epsilon Act': 5 };
const everything: Route = (req, res) => {
  const q = new URL(req.url ?? '/', 'http://localhost').searchParams.get('q') ?? '';
  const articles = Object.entries(ARTICLES).flatMap(([title, n]) =>
    q.includes(title) ? Array.from({ length: n }, (_, i) => article(`https://wire.example/${title}/${i}`, `${title} debated, part ${i}`)) : [],
  );
  sendJson(res, { status: 'ok', totalResults: articles.length, articles });
};
const feed: Route = (req, res) => {
  const q = new URL(req.url ?? '/', 'http://localhost').searchParams.get('q') ?? '';
  res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(q.includes('Alpha Act') ? 6 : 2));
};
const trends: Route = (req, res) => {
  const terms = (new URL(req.url ?? '/', 'http://localhost').searchParams.get('q') ?? '').split(',');
  const values = terms.map((t) => ({ query: t, value: '10', extracted_value: t === 'Alpha Act' ? 90 : 10 }));
  sendJson(res, { search_metadata: { status: 'Success' }, interest_over_time: { timeline_data: [{ date: 'Nov 19, 2026', timestamp: '1763510400', values }] } });
};

let server: Awaited<ReturnType<typeof providerServer>>;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
const setEnv = (values: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
};
const stored = async (billId: string) => (await table.getItem({ Key: trendKeys.day('bill', billId, TODAY) })).Item;
const seenPath = (path: string) => server.seen.filter((s) => s.url.startsWith(path));

beforeAll(async () => {
  transportSettings.baseDelayMs = 1;
  server = await providerServer({ '/v2/everything': everything, '/rss/search': feed, '/serp/search.json': trends });
  setEnv({
    REPLAY_HAR: undefined,
    SEARCH_TRENDS_API_KEY: 'serp-secret',
    SEARCH_TRENDS_BASE_URL: `${server.base}/serp`,
    NEWS_API_KEY: 'news-secret',
    NEWS_API_BASE_URL: `${server.base}/v2`,
    NEWS_RSS_BASE_URL: server.base,
  });
  for (const [i, title] of Object.keys(ARTICLES).entries()) await seedBill(119, 'hr', 700 + i, { short_title: title, latest_action_date: RECENT });
});
beforeEach(async () => {
  server.seen.length = 0;
  await clearNewsRssCache();
});
afterAll(async () => {
  setEnv(saved);
  await server.close();
});

describe('calculate_trend_scores with the news clients', () => {
  it('counts each bill’s news-search articles and feed items, four bills per news call', async () => {
    setEnv({ NEWS_API_DAILY_LIMIT: '100' });
    const summary = await calculateTrendScores(NOW);

    expect(summary).toMatchObject({ subjects: 5, scored: 5, unavailable: {}, signal_errors: { search_trends: 0, news_search: 0, news_rss: 0 } });
    const newsCalls = seenPath('/v2/everything').map((s) => new URL(s.url, server.base).searchParams.get('q') ?? '');
    expect(newsCalls).toHaveLength(2);
    expect(newsCalls[0]?.split(' OR (').length).toBe(4);
    expect(newsCalls.join(' ')).toContain(billNewsQuery(makeBill(119, 'hr', 700, { short_title: 'Alpha Act' })));
    expect(seenPath('/serp/search.json')).toHaveLength(1);
    expect(seenPath('/rss/search')).toHaveLength(5);

    const alpha = await stored('119-hr-700');
    expect(alpha).toMatchObject({ gnews_count: 3, rss_count: 6, trends_value: 90, missing_signals: [] });
    expect(await stored('119-hr-704')).toMatchObject({ gnews_count: 5, rss_count: 2 });
    expect(await stored('119-hr-702')).toMatchObject({ gnews_count: 0 });
    // Alpha leads search trends and RSS; Epsilon leads news search: 0.4 + 0.35 × 3/5 + 0.25.
    expect(alpha?.score).toBe(86);
  });

  it('reads each feed from the shared 2-hour cache on a second run', async () => {
    setEnv({ NEWS_API_DAILY_LIMIT: '100' });
    await calculateTrendScores(NOW);
    expect(seenPath('/rss/search')).toHaveLength(5);
    await calculateTrendScores(NOW);
    expect(seenPath('/rss/search')).toHaveLength(5);
  });

  it('skips news search once the daily quota runs low, keeping the other signals', async () => {
    // Leave exactly 10 of today's calls: one more brings the quota under 10, so the second batch is skipped.
    setEnv({ NEWS_API_DAILY_LIMIT: '100' });
    const { used } = await newsSearchQuota();
    setEnv({ NEWS_API_DAILY_LIMIT: String(used + 10) });
    const summary = await calculateTrendScores(NOW);

    expect(seenPath('/v2/everything')).toHaveLength(1);
    expect(summary).toMatchObject({ scored: 5, news_quota_skipped: 1 });
    // Bills are taken newest action first (here: highest id first), so the last batch is 119-hr-700 alone.
    expect(await stored('119-hr-700')).toMatchObject({ gnews_count: 0, rss_count: 6, missing_signals: [{ signal: 'news_search', reason: 'quota_low' }] });
    expect((await stored('119-hr-704'))?.gnews_count).toBe(5);
  });
});

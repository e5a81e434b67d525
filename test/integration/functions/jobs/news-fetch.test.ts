/**
 * News end to end on DynamoDB Local and fauxqs, with local servers standing
 * in for the news search API and the RSS feed: the fetch_news job (outbox and
 * active bills, 4 bills per call, idempotent storage, isolated failures, the
 * low-quota stop), the news routes through their handler, the bill detail
 * rule that queues a background fetch, member news, and the admin routes.
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as bills } from '#functions/api/bills.ts';
import { handler as newsApi } from '#functions/api/news.ts';
import { handler as newsJobs } from '#functions/jobs/news.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { createBill } from '#shared/adapters/db/bills.repository.ts';
import { putMember } from '#shared/adapters/db/members.repository.ts';
import { listNewsRequests, requestNewsFetch } from '#shared/adapters/db/news-requests.repository.ts';
import { takeNewsQuota } from '#shared/adapters/db/news-quota.repository.ts';
import { trendKeys } from '#shared/adapters/db/keys/trend.keys.ts';
import { makeBill } from '#test/support/personal-seed.ts';
import { Member } from '#shared/domain/members/member.schema.ts';
import type { JobRun } from '#shared/domain/jobs/job-run.schema.ts';
import { transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { drain, takeAll } from '../../../support/drain.ts';
import { providerServer, sendJson } from '../../../support/ingest-fixtures.ts';
import { newAccount } from '#test/support/accounts.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { entityItem } from '#shared/adapters/db/entities.ts';

useIntegrationStack();

const LIMIT = 40;
const today = () => new Date().toISOString().slice(0, 10);
const bill = (n: number, shortTitle: string | null, latest: string | null = today()) =>
  makeBill(119, 'hr', n, { title: `A bill ${n}`, short_title: shortTitle, latest_action_date: latest });

type Article = { title: string; url: string; at: string };
/** What the stand-in news search returns: every configured article whose title mentions a term of q. */
let searchArticles: Article[] = [];
let searchFails: (q: string) => boolean = () => false;
let rssItems: (q: string) => Article[] = () => [];
let rssFails = false;

const qOf = (req: IncomingMessage) => new URL(req.url ?? '', 'http://x').searchParams.get('q') ?? '';
const phrases = (q: string) => [...q.matchAll(/"([^"]+)"/g)].map((m) => (m[1] as string).toLowerCase());

let server: Awaited<ReturnType<typeof providerServer>>;
let adminToken = '';
let userToken = '';

async function signUp(email: string, ip: string): Promise<string> {
  return (await newAccount(email, { sourceIp: ip })).token;
}

const runJob = (): Promise<JobRun> => newsJobs({ job: 'fetch_news', trigger: 'admin' });
const searchCalls = () => server.seen.filter((s) => s.url.startsWith('/v2/everything'));
const rssCalls = () => server.seen.filter((s) => s.url.startsWith('/rss/search'));
const clearCache = () => call(newsApi, 'POST', '/api/admin/clear-news-feed-cache', { token: adminToken });

beforeAll(async () => {
  transportSettings.baseDelayMs = 5;
  server = await providerServer({
    '/v2/everything': (req, res) => {
      const q = qOf(req);
      if (searchFails(q)) return sendJson(res, { status: 'error', code: 'unexpectedError', message: 'boom' }, 500);
      const terms = phrases(q);
      const articles = searchArticles.filter((a) => terms.some((t) => a.title.toLowerCase().includes(t)));
      sendJson(res, {
        status: 'ok',
        totalResults: articles.length,
        articles: articles.map((a) => ({
          source: { id: null, name: 'Wire' },
          author: null,
          title: a.title,
          description: 'd',
          url: a.url,
          urlToImage: 'null',
          publishedAt: a.at,
          content: null,
        })),
      });
    },
    '/rss/search': (req, res) => {
      if (rssFails) return void res.writeHead(503).end('busy');
      const items = rssItems(qOf(req)).map(
        (a) =>
          `<item><title>${a.title} - Feed</title><link>${a.url}</link><pubDate>${new Date(a.at).toUTCString()}</pubDate><source url="https://feed.example">Feed</source></item>`,
      );
      res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(`<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>${items.join('')}</channel></rss>`);
    },
  });
  Object.assign(process.env, {
    NEWS_API_BASE_URL: `${server.base}/v2`,
    NEWS_RSS_BASE_URL: server.base,
    NEWS_API_KEY: 'news-secret',
    NEWS_API_DAILY_LIMIT: String(LIMIT),
  });
  resetConfig();
  adminToken = await signUp('admin@example.org', '192.0.2.50');
  userToken = await signUp('user@example.org', '192.0.2.51');
});
beforeEach(async () => {
  server.seen.length = 0;
  searchArticles = [];
  searchFails = () => false;
  rssItems = () => [];
  rssFails = false;
  await clearCache();
  await takeAll('ingest-tasks');
});
afterAll(async () => {
  for (const k of ['NEWS_API_BASE_URL', 'NEWS_RSS_BASE_URL', 'NEWS_API_KEY', 'NEWS_API_DAILY_LIMIT']) delete process.env[k];
  resetConfig();
  await server.close();
});

describe('fetch_news', () => {
  it('fetches requested and active bills four to a call, stores each article once per bill, and completes the requests', async () => {
    // Given five active bills, one of them also requested by a brief, and one old bill only requested.
    const active = [1, 2, 3, 4, 5].map((n) => bill(n, `Act Number ${n}`));
    const old = bill(6, 'Old Act', '2001-01-01');
    for (const b of [...active, old]) await createBill(b);
    await requestNewsFetch('119-hr-6', 'brief');
    await requestNewsFetch('119-hr-1', 'brief');
    searchArticles = [
      { title: 'Act Number 1 passes', url: 'https://wire.example/1', at: '2026-11-20T10:00:00Z' },
      { title: 'Act Number 1 and Act Number 2 debated', url: 'https://wire.example/12', at: '2026-11-21T10:00:00Z' },
      { title: 'Old Act revisited', url: 'https://wire.example/6', at: '2026-11-19T10:00:00Z' },
    ];
    rssItems = (q) => (q.includes('Act Number 5') ? [{ title: 'Feed story on 5', url: 'https://feed.example/5', at: '2026-11-18T10:00:00Z' }] : []);

    // When the job runs.
    const run = await runJob();

    // Then two search calls cover six bills, every bill's feed is read, and the articles are stored per bill.
    expect(run.status).toBe('succeeded');
    expect(searchCalls()).toHaveLength(2);
    expect(rssCalls()).toHaveLength(6);
    expect(run.result).toMatchObject({
      bills: 6,
      search_calls: 2,
      search_failures: 0,
      rss_failures: 0,
      stored: 5,
      duplicates: 0,
      requests: 2,
      requests_completed: 2,
      quota_low: false,
    });
    expect((await listNewsRequests(10)).items).toEqual([]);
    const one = await call(newsApi, 'GET', '/api/bills/119-hr-1/news');
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      items: [
        {
          url: 'https://wire.example/12',
          title: 'Act Number 1 and Act Number 2 debated',
          source: 'Wire',
          description: 'd',
          image_url: null,
          published_at: '2026-11-21T10:00:00.000Z',
        },
        {
          url: 'https://wire.example/1',
          title: 'Act Number 1 passes',
          source: 'Wire',
          description: 'd',
          image_url: null,
          published_at: '2026-11-20T10:00:00.000Z',
        },
      ],
      next_cursor: null,
    });
    expect(((await call(newsApi, 'GET', '/api/bills/119-hr-2/news')).body as { items: unknown[] }).items).toHaveLength(1);
    expect(((await call(newsApi, 'GET', '/api/bills/119-hr-5/news')).body as { items: { source: string }[] }).items).toEqual([
      expect.objectContaining({ title: 'Feed story on 5', source: 'Feed' }),
    ]);

    // And a second run stores nothing new: the same URLs are duplicates, the feeds come from the cache.
    server.seen.length = 0;
    const again = await runJob();
    expect(again.result).toMatchObject({ bills: 5, stored: 0, duplicates: 4, requests: 0 });
    expect(rssCalls()).toHaveLength(0);
  });

  it('pages a bill’s articles newest first', async () => {
    const first = await call(newsApi, 'GET', '/api/bills/119-hr-1/news', { query: { limit: '1' } });
    expect(first.status, first.text).toBe(200);
    const body = first.body as { items: { url: string }[]; next_cursor: string };
    expect(body.items.map((a) => a.url)).toEqual(['https://wire.example/12']);
    const second = await call(newsApi, 'GET', '/api/bills/119-hr-1/news', { query: { limit: '1', cursor: body.next_cursor } });
    expect((second.body as { items: { url: string }[] }).items.map((a) => a.url)).toEqual(['https://wire.example/1']);
  });

  it('isolates a failed search call and a failed feed; failed bills keep their requests', async () => {
    // Ten active bills (three calls); the call carrying bill 11 fails.
    for (const n of [11, 12, 13, 14, 15]) await createBill(bill(n, `Isolated ${n}`));
    await requestNewsFetch('119-hr-11', 'brief');
    searchArticles = [1, 2, 3, 4, 5, 11, 12, 13, 14, 15].map((n) => ({
      title: `${n < 11 ? 'Act Number' : 'Isolated'} ${n} fresh`,
      url: `https://wire.example/fresh-${n}`,
      at: '2026-11-21T09:00:00Z',
    }));
    searchFails = (q) => q.includes('Isolated 11');

    const run = await runJob();

    expect(run.status).toBe('succeeded');
    expect(run.result).toMatchObject({ bills: 10, search_calls: 3, search_failures: 1, rss_failures: 0, requests: 1, requests_completed: 0, stored: 6 });
    expect((await listNewsRequests(10)).items.map((r) => r.bill_id)).toEqual(['119-hr-11']);
    expect(((await call(newsApi, 'GET', '/api/bills/119-hr-11/news')).body as { items: unknown[] }).items).toHaveLength(0);

    // A feed outage fails only the feeds: the search still stores, and the request waits for the next run.
    await clearCache();
    rssFails = true;
    searchFails = () => false;
    const second = await runJob();
    expect(second.result).toMatchObject({ search_failures: 0, rss_failures: 10, requests_completed: 0, stored: 4 });
    expect(((await call(newsApi, 'GET', '/api/bills/119-hr-11/news')).body as { items: unknown[] }).items).toHaveLength(1);
    expect((await listNewsRequests(10)).items.map((r) => r.bill_id)).toEqual(['119-hr-11']);
  });

  it('stops searching when the quota is low, still reading the feeds', async () => {
    // Spend the day down to 9 remaining calls (under the low mark of 10).
    const quota = await call(newsApi, 'GET', '/api/admin/news-api-quota', { token: adminToken });
    const used = (quota.body as { used: number }).used;
    for (let i = used; i < LIMIT - 9; i++) await takeNewsQuota(LIMIT);

    const run = await runJob();

    expect(searchCalls()).toHaveLength(0);
    expect(rssCalls().length).toBeGreaterThan(0);
    expect(run.result).toMatchObject({ search_calls: 0, quota_low: true });
    expect((await listNewsRequests(10)).items.map((r) => r.bill_id)).toEqual(['119-hr-11']);
    const after = await call(newsApi, 'GET', '/api/admin/news-api-quota', { token: adminToken });
    expect(after.body).toEqual({ configured: true, date: today(), limit: LIMIT, used: LIMIT - 9, remaining: 9, low: true });
  });
});

describe('news routes', () => {
  it('answer 404 for an unknown bill or member and 422 for a malformed id', async () => {
    expect((await call(newsApi, 'GET', '/api/bills/119-hr-999/news')).status).toBe(404);
    expect((await call(newsApi, 'GET', '/api/bills/not-a-bill/news')).status).toBe(422);
    const member = await call(newsApi, 'GET', '/api/members/Z999999/news');
    expect(member.status).toBe(404);
    expect(member.body).toMatchObject({ code: 'member.not_found' });
    expect((await call(newsApi, 'GET', '/api/members/nope/news')).status).toBe(422);
  });

  it('keep the admin routes from guests (401) and users (403)', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/news-api-quota'],
      ['POST', '/api/admin/clear-news-feed-cache'],
    ] as const) {
      expect((await call(newsApi, method, path)).status).toBe(401);
      expect((await call(newsApi, method, path, { token: userToken })).status).toBe(403);
    }
  });

  it('clear the RSS cache: the next read fetches the feed again', async () => {
    await createBill(bill(21, 'Cache Act'));
    rssItems = () => [{ title: 'Cache Act story', url: 'https://feed.example/c', at: '2026-11-21T00:00:00Z' }];
    await runJob();
    const feeds = rssCalls().length;
    expect(feeds).toBeGreaterThan(0);
    const cleared = await clearCache();
    expect(cleared.status).toBe(200);
    expect((cleared.body as { cleared: number }).cleared).toBe(feeds);
    server.seen.length = 0;
    await runJob();
    expect(rssCalls()).toHaveLength(feeds);
  });
});

describe('background fetches', () => {
  const putTrend = (billId: string, date: string, gnews: number) =>
    table.putItem({
      Item: entityItem('bill_trend', trendKeys.day('bill', billId, date), { bill_id: billId, score: 50, gnews_count: gnews, rss_count: 0, trends_value: 0 }),
    });

  it('the bill detail read queues one news fetch when nothing is stored and the latest trend counted news', async () => {
    await createBill(bill(31, 'Trending Act', '2001-01-01'));
    await createBill(bill(32, 'Quiet Act', '2001-01-01'));
    await putTrend('119-hr-31', '2026-11-01', 0);
    await putTrend('119-hr-31', '2026-11-20', 3);
    await putTrend('119-hr-32', '2026-11-20', 0);

    const detail = await call(bills, 'GET', '/api/bills/119-hr-31');
    expect(detail.status).toBe(200);
    expect((detail.body as { counts: Record<string, number> }).counts.news).toBe(0);
    await call(bills, 'GET', '/api/bills/119-hr-31');
    await call(bills, 'GET', '/api/bills/119-hr-32');
    // The search quota is low by now (see above), so the background fetch reads the feed only.
    rssItems = (q) => (q.includes('Trending Act') ? [{ title: 'Trending Act explained', url: 'https://wire.example/t', at: '2026-11-21T12:00:00Z' }] : []);
    const drained = await drain({ 'ingest-tasks': ingestTasks });
    expect(drained.handled['ingest-tasks']).toEqual([{ v: 1, type: 'fetch_bill_news', bill_id: '119-hr-31', correlation_id: expect.any(String) }]);
    expect(drained.failures).toEqual([]);
    expect(((await call(newsApi, 'GET', '/api/bills/119-hr-31/news')).body as { items: { url: string }[] }).items.map((a) => a.url)).toEqual([
      'https://wire.example/t',
    ]);
    const after = await call(bills, 'GET', '/api/bills/119-hr-31');
    expect((after.body as { counts: Record<string, number> }).counts.news).toBe(1);
  });

  it('a member news read queues a fetch at most every 6 hours; the worker stores the member’s feed', async () => {
    await putMember(
      Member().parse({
        id: 'S000033',
        name: 'Sanders, Bernard',
        state: 'VT',
        chamber: 'senate',
        provenance: { source: 'test', fetched_at: '2026-11-01T00:00:00Z' },
      }),
    );
    rssItems = (q) =>
      q.includes('Bernard Sanders') ? [{ title: 'Sen. Bernard Sanders speaks', url: 'https://feed.example/s', at: '2026-11-21T08:00:00Z' }] : [];

    const first = await call(newsApi, 'GET', '/api/members/S000033/news');
    expect(first.body).toEqual({ items: [], next_cursor: null, news_fetch_queued: true });
    expect(((await call(newsApi, 'GET', '/api/members/S000033/news')).body as { news_fetch_queued: boolean }).news_fetch_queued).toBe(false);
    const drained = await drain({ 'ingest-tasks': ingestTasks });
    expect(drained.handled['ingest-tasks']).toEqual([{ v: 1, type: 'fetch_member_news', member_id: 'S000033', correlation_id: expect.any(String) }]);
    expect(rssCalls().map((s) => new URL(s.url, server.base).searchParams.get('q'))).toEqual(['"Bernard Sanders" AND (Sen OR Senator OR Vermont)']);
    expect(searchCalls()).toHaveLength(0);

    const read = await call(newsApi, 'GET', '/api/members/S000033/news');
    expect((read.body as { items: { title: string }[] }).items.map((a) => a.title)).toEqual(['Sen. Bernard Sanders speaks']);

    // The scheduled run refreshes the members whose news was read.
    await clearCache();
    rssItems = () => [{ title: 'Bernard Sanders again', url: 'https://feed.example/s2', at: '2026-11-21T09:00:00Z' }];
    const run = await runJob();
    expect(run.result).toMatchObject({ members: { members: 1, failures: 0, stored: 1 } });
  });

  it('a failed member feed fails the message so it is retried', async () => {
    await putMember(
      Member().parse({ id: 'W000001', name: 'Doe, Wanda', state: 'NY', chamber: 'house', provenance: { source: 'test', fetched_at: '2026-11-01T00:00:00Z' } }),
    );
    rssFails = true;
    await call(newsApi, 'GET', '/api/members/W000001/news');
    const drained = await drain({ 'ingest-tasks': ingestTasks }, 1).catch(() => null);
    expect(drained === null || drained.failures.length === 1).toBe(true);
  });
});

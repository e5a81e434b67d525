/**
 * The news fetcher under the admin's data-source switches, with local servers
 * standing in for the news search API and the RSS feed: a source switched off
 * (PUT /api/settings) is never called by fetch_news or the background
 * fetches, the run says why, nothing fails, and with both sources off the
 * news requests wait for the first run after one is back on.
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as llm } from '#functions/api/llm.ts';
import { handler as newsApi } from '#functions/api/news.ts';
import { handler as newsJobs } from '#functions/jobs/news.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { createBill } from '#shared/adapters/db/bills.repository.ts';
import { putMember } from '#shared/adapters/db/members.repository.ts';
import { listNewsRequests, requestNewsFetch } from '#shared/adapters/db/news-requests.repository.ts';
import { makeBill } from '#test/support/personal-seed.ts';
import { Member } from '#shared/domain/members/member.schema.ts';
import type { DataSourcesUpdate } from '#shared/domain/settings/data-sources.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { clearNewsRssCache } from '#shared/adapters/providers/news-rss.client.ts';
import { transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { drain, takeAll } from '../../../support/drain.ts';
import { providerServer, sendJson } from '../../../support/ingest-fixtures.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

const today = () => new Date().toISOString().slice(0, 10);
const bill = (n: number, shortTitle: string) => makeBill(119, 'hr', n, { title: `A bill ${n}`, short_title: shortTitle, latest_action_date: today() });

const qOf = (req: IncomingMessage) => new URL(req.url ?? '', 'http://x').searchParams.get('q') ?? '';
let server: Awaited<ReturnType<typeof providerServer>>;
let admin = '';
const searchCalls = () => server.seen.filter((s) => s.url.startsWith('/v2/everything'));
const rssCalls = () => server.seen.filter((s) => s.url.startsWith('/rss/search'));
const runJob = () => newsJobs({ job: 'fetch_news', trigger: 'admin' });

async function setSources(data_sources: DataSourcesUpdate | null): Promise<void> {
  const put = await call(llm, 'PUT', '/api/settings', { token: admin, body: { data_sources } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

beforeAll(async () => {
  transportSettings.baseDelayMs = 5;
  server = await providerServer({
    // Every search finds one article per quoted phrase; every feed lists one item for its query.
    '/v2/everything': (req, res) => {
      const phrases = [...qOf(req).matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
      sendJson(res, {
        status: 'ok',
        totalResults: phrases.length,
        articles: phrases.map((p) => ({
          source: { id: null, name: 'Wire' },
          title: `${p} in the news`,
          description: 'd',
          url: `https://wire.example/${encodeURIComponent(p)}`,
          urlToImage: null,
          publishedAt: '2026-11-20T10:00:00Z',
          content: null,
        })),
      });
    },
    '/rss/search': (req, res) => {
      const q = qOf(req);
      res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(
          `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>${q.replace(/[<>&"]/g, '')} on the feed - Feed</title><link>https://feed.example/${encodeURIComponent(q)}</link><pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate><source url="https://feed.example">Feed</source></item></channel></rss>`,
        );
    },
  });
  Object.assign(process.env, {
    NEWS_API_BASE_URL: `${server.base}/v2`,
    NEWS_RSS_BASE_URL: server.base,
    NEWS_API_KEY: 'news-secret',
    NEWS_API_DAILY_LIMIT: '100',
  });
  resetConfig();
  const creds = { email: 'admin@example.org', password: 'long enough pw' };
  ({ token: admin } = await newAccount(creds.email, { password: creds.password }));
  for (const [n, title] of [
    [51, 'Switchboard Act'],
    [52, 'Dimmer Act'],
  ] as const)
    await createBill(bill(n, title));
  await putMember(
    Member().parse({
      id: 'S000033',
      name: 'Sanders, Bernard',
      state: 'VT',
      chamber: 'senate',
      provenance: { source: 'test', fetched_at: '2026-11-01T00:00:00Z' },
    }),
  );
});
beforeEach(async () => {
  await setSources(null);
  await clearNewsRssCache();
  await takeAll('ingest-tasks');
  server.seen.length = 0;
});
afterAll(async () => {
  for (const k of ['NEWS_API_BASE_URL', 'NEWS_RSS_BASE_URL', 'NEWS_API_KEY', 'NEWS_API_DAILY_LIMIT']) delete process.env[k];
  resetConfig();
  await server.close();
});

describe('fetch_news under the data-source switches', () => {
  it('calls the news search and the feed while both are on (the stand-ins answer)', async () => {
    const run = await runJob();
    expect(run.result).toMatchObject({ bills: 2, search_calls: 1, rss_failures: 0, disabled: {} });
    expect((run.result as { stored: number }).stored).toBeGreaterThan(0);
    expect(searchCalls()).toHaveLength(1);
    expect(rssCalls()).toHaveLength(2);
  });

  it('with news_search off, calls no news search, reads the feeds, says why and completes requests on the feed alone', async () => {
    await setSources({ news_search: { enabled: false } });
    await requestNewsFetch('119-hr-51', 'brief');
    const run = await runJob();
    expect(run.status).toBe('succeeded');
    expect(run.result).toMatchObject({
      bills: 2,
      search_calls: 0,
      search_skipped: 2,
      disabled: { news_search: 'news_search disabled by admin' },
      rss_failures: 0,
      requests: 1,
      requests_completed: 1,
    });
    expect(searchCalls()).toEqual([]);
    expect(rssCalls()).toHaveLength(2);

    // The background fetch of one bill honours the switch too.
    await clearNewsRssCache();
    server.seen.length = 0;
    await sendMessages('ingest-tasks', [{ v: 1, type: 'fetch_bill_news', bill_id: '119-hr-52' }]);
    expect((await drain({ 'ingest-tasks': ingestTasks })).failures).toEqual([]);
    expect(searchCalls()).toEqual([]);
    expect(rssCalls()).toHaveLength(1);
  });

  it('with news_rss off, reads no feed for bills or members and searches as usual', async () => {
    await setSources({ news_rss: { enabled: false } });
    // A member's news read queues its background fetch (and makes the member one the run refreshes).
    expect((await call(newsApi, 'GET', '/api/members/S000033/news')).body).toMatchObject({ news_fetch_queued: true });
    const drained = await drain({ 'ingest-tasks': ingestTasks });
    expect(drained.failures).toEqual([]);
    expect(drained.handled['ingest-tasks']).toEqual([{ v: 1, type: 'fetch_member_news', member_id: 'S000033', correlation_id: expect.any(String) }]);
    expect(rssCalls()).toEqual([]);

    const run = await runJob();
    expect(run.result).toMatchObject({
      search_calls: 1,
      rss_failures: 0,
      disabled: { news_rss: 'news_rss disabled by admin' },
      members: { skipped: 'news_rss disabled by admin' },
    });
    expect(searchCalls()).toHaveLength(1);
    expect(rssCalls()).toEqual([]);
  });

  it('with both off, fetches nothing, says why, fails nothing and keeps the requests for a later run', async () => {
    await setSources({ news_search: { enabled: false }, news_rss: { enabled: false } });
    await requestNewsFetch('119-hr-52', 'brief');
    const run = await runJob();
    expect(run).toMatchObject({ status: 'succeeded', result: { skipped: true, reason: 'news_search disabled by admin; news_rss disabled by admin' } });
    await sendMessages('ingest-tasks', [
      { v: 1, type: 'fetch_bill_news', bill_id: '119-hr-52' },
      { v: 1, type: 'fetch_member_news', member_id: 'S000033' },
    ]);
    expect((await drain({ 'ingest-tasks': ingestTasks })).failures).toEqual([]);
    expect(server.seen).toEqual([]);
    expect((await listNewsRequests(10)).items.map((r) => r.bill_id)).toEqual(['119-hr-52']);

    // Back on: the next run takes the request.
    await setSources({ news_rss: { enabled: true } });
    expect((await runJob()).result).toMatchObject({ requests: 1, requests_completed: 1 });
    expect((await listNewsRequests(10)).items).toEqual([]);
  });
});

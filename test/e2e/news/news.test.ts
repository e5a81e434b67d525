/**
 * News over HTTP against the local stack (queue pumps on), with local
 * servers standing in for the news search API and the RSS feed: the bill
 * detail queues a background fetch whose articles then list on the bill's
 * news; a member's news read queues its fetch; the admin quota, cache flush
 * and fetch_news run; guests and users are kept from the admin routes.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { trendKeys } from '#shared/adapters/db/keys/trend.keys.ts';
import { seedBill, seedMember } from '#test/support/personal-seed.ts';
import { providerServer, sendJson } from '../../support/ingest-fixtures.ts';
import { signUp } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { entityItem } from '#shared/adapters/db/entities.ts';

const server = await providerServer({
  '/v2/everything': (_req, res) =>
    sendJson(res, {
      status: 'ok',
      totalResults: 1,
      articles: [
        {
          source: { id: null, name: 'Wire' },
          author: null,
          title: 'Laken Riley Act signed',
          description: 'd',
          url: 'https://wire.example/lr',
          urlToImage: null,
          publishedAt: '2026-11-20T10:00:00Z',
          content: null,
        },
      ],
    }),
  '/rss/search': (req, res) => {
    const q = new URL(req.url ?? '', 'http://x').searchParams.get('q') ?? '';
    const item = q.includes('Nancy Pelosi')
      ? '<item><title>Rep. Nancy Pelosi on the budget - Feed</title><link>https://feed.example/np</link><pubDate>Fri, 20 Nov 2026 08:00:00 GMT</pubDate><source url="https://feed.example">Feed</source></item>'
      : '';
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<rss><channel><title>t</title>${item}</channel></rss>`);
  },
});
// Live mode (no replay) with every provider this file touches pointed at the stand-in server.
Object.assign(process.env, {
  CONGRESS_API_KEY: 'unused-in-this-file',
  NEWS_API_KEY: 'news-secret',
  NEWS_API_BASE_URL: `${server.base}/v2`,
  NEWS_RSS_BASE_URL: server.base,
  CONGRESS_API_BASE_URL: `${server.base}/congress`,
});
delete process.env.REPLAY_HAR;
const e2e = useLocalStack({ pumps: true });
const api = () => e2e.client();
afterAll(async () => {
  for (const k of ['CONGRESS_API_KEY', 'NEWS_API_KEY', 'NEWS_API_BASE_URL', 'NEWS_RSS_BASE_URL', 'CONGRESS_API_BASE_URL']) delete process.env[k];
  await server.close();
});

/** How the tests poll for what the pumps do in the background (a read that throws ends the wait at once). */
const POLL = { timeout: 20_000, interval: 100 };

describe('news over HTTP', () => {
  it('a bill page with a news-counting trend queues a fetch; its articles then list newest first', async () => {
    await seedBill(119, 's', 5, { short_title: 'Laken Riley Act' });
    await table.putItem({
      Item: entityItem('bill_trend', trendKeys.day('bill', '119-s-5', '2026-11-20'), { bill_id: '119-s-5', score: 40, gnews_count: 2 }),
    });
    expect((await api().request('GET', '/api/bills/119-s-5/news')).body).toEqual({ items: [], next_cursor: null });

    const detail = await api().request('GET', '/api/bills/119-s-5');
    expect(detail.status).toBe(200);
    expect(detail.body.counts.news).toBe(0);

    const news = await vi.waitUntil(async () => {
      const r = await api().request('GET', '/api/bills/119-s-5/news');
      return r.body.items.length > 0 && r;
    }, POLL);
    expect(news.body.items.map((a) => a.url)).toEqual(['https://wire.example/lr']);
    expect((await api().request('GET', '/api/bills/119-s-999/news')).status).toBe(404);
  });

  it('a member news read queues the member fetch and then lists the feed', async () => {
    await seedMember('P000197', 'Pelosi, Nancy', { state: 'CA', chamber: 'house' });
    const first = await api().request('GET', '/api/members/P000197/news');
    expect(first.body.news_fetch_queued).toBe(true);
    const news = await vi.waitUntil(async () => {
      const r = await api().request('GET', '/api/members/P000197/news');
      return r.body.items.length > 0 && r;
    }, POLL);
    expect(news.body.items).toEqual([expect.objectContaining({ url: 'https://feed.example/np', title: 'Rep. Nancy Pelosi on the budget' })]);
  });

  it('lets an admin read the quota, clear the feed cache and run fetch_news; guests get 401, users 403', async () => {
    const admin = await signUp(api(), 'news-admin');
    const user = await signUp(api(), 'news-user');
    const me = await api().request('GET', '/api/auth/me', { token: admin });
    expect(me.body.is_admin).toBe(true);
    for (const [method, path] of [
      ['GET', '/api/admin/news-api-quota'],
      ['POST', '/api/admin/clear-news-feed-cache'],
    ] as const) {
      expect((await api().request(method, path)).status).toBe(401);
      expect((await api().request(method, path, { token: user })).status).toBe(403);
    }
    const quota = await api().request('GET', '/api/admin/news-api-quota', {
      token: admin,
    });
    expect(quota.body).toMatchObject({ configured: true, used: 1, remaining: 99, low: false });
    const cleared = await api().request('POST', '/api/admin/clear-news-feed-cache', { token: admin });
    expect(cleared.body.cleared).toBeGreaterThanOrEqual(2);

    const started = await api().request('POST', '/api/admin/jobs/fetch_news', { token: admin });
    expect(started.status).toBe(202);
    await e2e.stack().bus.idle();
    const jobs = await api().request('GET', '/api/admin/jobs', {
      token: admin,
    });
    expect(jobs.body.items.find((j) => j.name === 'fetch_news')?.last_run).toMatchObject({ run_id: started.body.run_id, status: 'succeeded' });
  });
});

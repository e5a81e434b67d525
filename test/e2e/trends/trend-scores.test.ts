// Trend scores over HTTP against the local stack: an admin runs the scoring job, whose real
// clients talk to local servers in the providers' shapes; the trend routes and the dashboard read the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '#shared/platform/config.ts';
import { seedBill, seedMember } from '#test/support/personal-seed.ts';
import { providerServer, sendJson } from '../../support/ingest-fixtures.ts';
import { signUp } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

const e2e = useLocalStack();
const api = () => e2e.client();

const RECENT = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
const TODAY = new Date().toISOString().slice(0, 10);
const INTEREST: Record<string, number> = { 'Harbor Act': 80, 'Meadow Act': 20 };
const rss = (n: number) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>${Array.from({ length: n }, (_, i) => `<item><title>Story ${i} - Wire</title><link>https://wire.example/${i}</link></item>`).join('')}</channel></rss>`;

const PROVIDER_ENV = ['SEARCH_TRENDS_API_KEY', 'SEARCH_TRENDS_BASE_URL', 'NEWS_API_KEY', 'NEWS_API_BASE_URL', 'NEWS_RSS_BASE_URL'];
let server: Awaited<ReturnType<typeof providerServer>>;
let admin = '';
let reader = '';
beforeAll(async () => {
  server = await providerServer({
    '/serp/search.json': (req, res) => {
      const terms = (new URL(req.url ?? '/', 'http://localhost').searchParams.get('q') ?? '').split(',');
      const values = terms.map((t) => ({ query: t, value: String(INTEREST[t] ?? 0), extracted_value: INTEREST[t] ?? 0 }));
      sendJson(res, {
        search_metadata: { status: 'Success' },
        interest_over_time: { timeline_data: [{ date: 'Nov 20, 2026', timestamp: '1763596800', values }] },
      });
    },
    '/v2/everything': (_req, res) => sendJson(res, { status: 'ok', totalResults: 0, articles: [] }),
    '/rss/search': (req, res) => {
      const q = new URL(req.url ?? '/', 'http://localhost').searchParams.get('q') ?? '';
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(q.includes('Harbor Act') ? 4 : 1));
    },
  });
  Object.assign(process.env, {
    SEARCH_TRENDS_API_KEY: 'serp-secret',
    SEARCH_TRENDS_BASE_URL: `${server.base}/serp`,
    NEWS_API_KEY: 'news-secret',
    NEWS_API_BASE_URL: `${server.base}/v2`,
    NEWS_RSS_BASE_URL: server.base,
  });
  delete process.env.REPLAY_HAR;
  resetConfig();
  await Promise.all([
    seedBill(119, 'hr', 41, { short_title: 'Harbor Act', latest_action_date: RECENT }),
    seedBill(119, 'hr', 42, { short_title: 'Meadow Act', latest_action_date: RECENT }),
    seedMember('H000041', 'Harbor, Hank'),
  ]);
  // The first account is the admin.
  admin = await signUp(api(), 'trend-admin');
  reader = await signUp(api(), 'trend-reader');
});

afterAll(async () => {
  for (const k of PROVIDER_ENV) delete process.env[k];
  resetConfig();
  await server.close();
});

describe('trend scores end to end', () => {
  it('scores the day when an admin runs calculate_trend_scores, and serves the scores with their breakdown', async () => {
    expect((await api().request('POST', '/api/admin/jobs/calculate_trend_scores', { token: reader })).status).toBe(403);
    const started = await api().request('POST', '/api/admin/jobs/calculate_trend_scores', { token: admin });
    expect(started.status).toBe(202);
    await e2e.stack().bus.idle();

    const harbor = await api().request('GET', '/api/bills/119-hr-41/trend');
    expect(harbor.status).toBe(200);
    expect(harbor.body.items).toHaveLength(1);
    // Harbor leads search trends and the feed; no bill had news-search articles today.
    expect(harbor.body.items[0]).toMatchObject({ date: TODAY, score: 65, trends_value: 80, rss_count: 4, gnews_count: 0, missing_signals: [] });
    const meadow = await api().request('GET', '/api/bills/119-hr-42/trend', { query: { days: '7' } });
    expect(meadow.body.items[0]?.score).toBe(16.3); // 0.4 × 20/80 + 0.25 × 1/4

    const dashboard = await api().request('GET', '/api/dashboard');
    expect(dashboard.body.most_popular).toMatchObject({ trending_source: 'scores', window_days: 1 });
    expect(dashboard.body.most_popular.items.map((i) => [i.id, i.score])).toEqual([
      ['119-hr-41', 65],
      ['119-hr-42', 16.3],
    ]);
  });

  it('answers 404 for unknown bills and members and 422 for malformed ids', async () => {
    const bill = await api().request('GET', '/api/bills/119-hr-4040/trend');
    expect(bill.status).toBe(404);
    expect(bill.body.code).toBe('bill.not_found');
    const member = await api().request('GET', '/api/members/Z000000/trend');
    expect(member.status).toBe(404);
    expect((await api().request('GET', '/api/members/h000041/trend')).status).toBe(422);
    expect(
      await api()
        .request('GET', '/api/members/H000041/trend')
        .then((r) => r.body),
    ).toEqual({ member_id: 'H000041', items: [] });
  });
});

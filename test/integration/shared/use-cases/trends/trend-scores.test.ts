/**
 * The scoring jobs on DynamoDB Local: the real search-trends client against a
 * local server speaking SerpApi's Google Trends shape, news search and news
 * RSS as doubles behind the signal-source interface; then the trend routes
 * and the dashboard reading what the jobs stored.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as trendsApi } from '#functions/api/trends.ts';
import { handler as trendsJobs } from '#functions/jobs/trends.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { updateDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { trendKeys, type TrendSubject } from '#shared/adapters/db/keys/trend.keys.ts';
import { TrendDay } from '#shared/domain/scores/trend-day.schema.ts';
import { NEWS_SEARCH_SUBJECTS } from '#shared/domain/scores/trend-decisions.ts';
import { createUser } from '#shared/adapters/db/users.repository.ts';
import { transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';
import { calculateMemberInterest, calculateTrendScores } from '#shared/use-cases/trends/calculate-trend-scores.ts';
import { scoreSubjects } from '#shared/use-cases/trends/score-subjects.ts';
import { searchTerm, searchTrendsSource, type SignalSources, type Subject } from '#shared/use-cases/trends/signal-sources.ts';
import { call } from '#test/support/api.ts';
import { makeBill, seedBill, seedMember } from '#test/support/personal-seed.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { entityTag } from '#shared/adapters/db/entities.ts';

useIntegrationStack();

const NOW = new Date('2026-11-20T03:00:00Z');
const TODAY = '2026-11-20';

// --- the search-trends service: interest per term, 500 for any call naming a term in `failing` ---
const interest = new Map<string, number>();
const failing = new Set<string>();
const requests: URL[] = [];
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  requests.push(url);
  if (url.pathname !== '/serp/search.json') return void res.writeHead(404).end();
  const terms = (url.searchParams.get('q') ?? '').split(',');
  if (terms.some((t) => failing.has(t))) return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"upstream exploded"}');
  if (terms.every((t) => !interest.has(t))) {
    return void res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ search_metadata: { status: 'Success' }, error: "Google Trends hasn't returned any results for this query." }));
  }
  // Two complete daily buckets and a partial one, as the documented TIMESERIES reply has them.
  const bucket = (date: string, factor: number, partial = false) => ({
    date,
    timestamp: '1763510400',
    ...(partial ? { partial_data: true } : {}),
    values: terms.map((t) => ({
      query: t,
      value: String(Math.round((interest.get(t) ?? 0) * factor)),
      extracted_value: Math.round((interest.get(t) ?? 0) * factor),
    })),
  });
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      search_metadata: { id: 'x', status: 'Success' },
      search_parameters: { engine: 'google_trends', q: url.searchParams.get('q'), data_type: 'TIMESERIES' },
      interest_over_time: { timeline_data: [bucket('Nov 18, 2026', 1), bucket('Nov 19, 2026', 1), bucket('Nov 20, 2026', 0, true)] },
    }),
  );
});

// --- news doubles behind the signal-source interface ---
const newsCounts = new Map<string, number>();
const rssCounts = new Map<string, number>();
const rssFailing = new Set<string>();
let quotaLowAfter = Infinity;
const newsSearch = {
  unavailable: (): string | null => null,
  quotaLow: vi.fn(async () => newsSearch.countBatch.mock.calls.length >= quotaLowAfter),
  countBatch: vi.fn(async (subjects: Subject[]) => subjects.map((s) => newsCounts.get(s.id) ?? 0)),
};
const newsRss: SignalSources['newsRss'] = {
  unavailable: () => null,
  count: async (s) => {
    if (rssFailing.has(s.id)) throw new Error(`feed for ${s.id} broke`);
    return rssCounts.get(s.id) ?? 0;
  },
};
const sources = (): SignalSources => ({ searchTrends: searchTrendsSource, newsSearch, newsRss });

const setEnv = (values: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
};

const billSubject = (n: number, shortTitle: string): Subject => ({
  kind: 'bill',
  id: `119-hr-${n}`,
  bill: makeBill(119, 'hr', n, { short_title: shortTitle }),
});
/** The stored score of a bill or member for today. */
const stored = async (subject: TrendSubject, id: string) => (await table.getItem({ Key: trendKeys.day(subject, id, TODAY) })).Item;

const savedDelay = transportSettings.baseDelayMs;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  transportSettings.baseDelayMs = 1;
  setEnv({
    SEARCH_TRENDS_API_KEY: 'serp-secret',
    SEARCH_TRENDS_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/serp`,
    REPLAY_HAR: undefined,
  });
});
beforeEach(() => {
  interest.clear();
  failing.clear();
  newsCounts.clear();
  rssCounts.clear();
  rssFailing.clear();
  quotaLowAfter = Infinity;
  requests.length = 0;
  newsSearch.countBatch.mockClear();
  newsSearch.quotaLow.mockClear();
});
afterAll(async () => {
  transportSettings.baseDelayMs = savedDelay;
  setEnv({ SEARCH_TRENDS_API_KEY: undefined, SEARCH_TRENDS_BASE_URL: undefined });
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('scoring a day', () => {
  it('compares 5 bills per search-trends call, keeps their order, and stores B14 items with the breakdown', async () => {
    const subjects = Array.from({ length: 7 }, (_, i) => billSubject(100 + i, `Act number ${i}`));
    subjects.forEach((s, i) => interest.set(searchTerm(s), 10 * (i + 1)));
    subjects.forEach((s, i) => newsCounts.set(s.id, i === 0 ? 20 : 2));
    subjects.forEach((s) => rssCounts.set(s.id, 4));

    const summary = await scoreSubjects('bill', subjects, sources(), NOW);

    expect(summary).toMatchObject({
      date: TODAY,
      subjects: 7,
      scored: 7,
      unscored: 0,
      signal_errors: { search_trends: 0, news_search: 0, news_rss: 0 },
      unavailable: {},
    });
    const serpCalls = requests.filter((u) => u.pathname === '/serp/search.json');
    expect(serpCalls.map((u) => u.searchParams.get('q')?.split(',').length)).toEqual([5, 2]);
    expect(serpCalls[0]?.searchParams.get('q')).toBe('Act number 0,Act number 1,Act number 2,Act number 3,Act number 4');
    expect(serpCalls[0]?.searchParams.get('api_key')).toBe('serp-secret');
    expect(serpCalls[0]?.searchParams.get('engine')).toBe('google_trends');
    expect(newsSearch.countBatch.mock.calls.map(([batch]) => batch.length)).toEqual([4, 3]);

    // Bill 106 leads search trends (70), bill 100 leads news search (20): every score follows from the day's maxima.
    const top = await stored('bill', '119-hr-106');
    expect(top).toMatchObject({
      ...entityTag('bill_trend'),
      bill_id: '119-hr-106',
      date: TODAY,
      trends_value: 70,
      gnews_count: 2,
      rss_count: 4,
      gsi1pk: trendKeys.trending.partition(TODAY),
    });
    expect(top?.score).toBe(68.5); // 0.4 × 1 + 0.35 × 0.1 + 0.25 × 1
    expect(top?.gsi1sk).toBe('068.5#119-hr-106');
    const first = TrendDay().parse(await stored('bill', '119-hr-100'));
    expect(first.signals.search_trends).toEqual({ raw: 10, normalised: 0.1429, weight: 0.4 });
    expect(first.signals.news_search).toEqual({ raw: 20, normalised: 1, weight: 0.35 });
    expect(first.score).toBe(65.7);
    expect(first.missing_signals).toEqual([]);
  });

  it('isolates failures: a failed trends batch and a broken feed only cost those bills that signal', async () => {
    const subjects = Array.from({ length: 6 }, (_, i) => billSubject(200 + i, `Failure act ${i}`));
    subjects.forEach((s) => interest.set(searchTerm(s), 50));
    failing.add('Failure act 5'); // the second batch (one bill) fails, also after retries
    rssFailing.add('119-hr-201');
    subjects.forEach((s) => rssCounts.set(s.id, 2));

    const summary = await scoreSubjects('bill', subjects, sources(), NOW);

    expect(summary).toMatchObject({ scored: 6, unscored: 0, signal_errors: { search_trends: 1, news_search: 0, news_rss: 1 } });
    expect((await stored('bill', '119-hr-205'))?.missing_signals).toEqual([{ signal: 'search_trends', reason: 'failed' }]);
    expect((await stored('bill', '119-hr-201'))?.missing_signals).toEqual([{ signal: 'news_rss', reason: 'failed' }]);
    expect((await stored('bill', '119-hr-200'))?.missing_signals).toEqual([]);
  });

  it('stops using news search once the quota runs low, and says so per bill', async () => {
    const subjects = Array.from({ length: 9 }, (_, i) => billSubject(300 + i, `Quota act ${i}`));
    subjects.forEach((s) => newsCounts.set(s.id, 3));
    quotaLowAfter = 1; // one call allowed, then the quota reports low

    const summary = await scoreSubjects('bill', subjects, sources(), NOW);

    expect(newsSearch.countBatch).toHaveBeenCalledTimes(1);
    expect(summary).toMatchObject({ scored: 9, news_quota_skipped: 5 });
    expect((await stored('bill', '119-hr-300'))?.gnews_count).toBe(3);
    const skipped = await stored('bill', '119-hr-308');
    expect(skipped).toMatchObject({ gnews_count: 0, missing_signals: [{ signal: 'news_search', reason: 'quota_low' }] });
  });

  it('scores without search trends when it is not configured, rescaling the weights and naming the missing signal', async () => {
    setEnv({ SEARCH_TRENDS_API_KEY: undefined });
    try {
      const subjects = [billSubject(400, 'Unconfigured one'), billSubject(401, 'Unconfigured two')];
      newsCounts.set('119-hr-400', 10);
      newsCounts.set('119-hr-401', 5);
      rssCounts.set('119-hr-400', 1);
      rssCounts.set('119-hr-401', 2);

      const summary = await scoreSubjects('bill', subjects, sources(), NOW);

      expect(summary.unavailable).toEqual({ search_trends: 'SEARCH_TRENDS_API_KEY is not set' });
      expect(requests).toEqual([]);
      const a = TrendDay().parse(await stored('bill', '119-hr-400'));
      expect(a.missing_signals).toEqual([{ signal: 'search_trends', reason: 'not_configured' }]);
      expect(a.signals.news_search?.weight).toBe(0.5833);
      expect(a.score).toBe(79.2); // 0.35/0.6 × 1 + 0.25/0.6 × 0.5
      expect(a.trends_value).toBe(0);
    } finally {
      setEnv({ SEARCH_TRENDS_API_KEY: 'serp-secret' });
    }
  });

  it('treats "no results" from the trends service as no interest, not a failure', async () => {
    const summary = await scoreSubjects('bill', [billSubject(450, 'Obscure act')], sources(), NOW);
    expect(summary.signal_errors.search_trends).toBe(0);
    expect((await stored('bill', '119-hr-450'))?.signals).toMatchObject({ search_trends: { raw: 0, normalised: 0 } });
  });
});

describe('the jobs', () => {
  it('calculate_trend_scores scores followed bills and bills acted on in the last 30 days, not older ones', async () => {
    const recent = await seedBill(119, 's', 10, { short_title: 'Recent Act', latest_action_date: '2026-11-10' });
    const stale = await seedBill(119, 's', 11, { short_title: 'Stale Act', latest_action_date: '2026-08-01' });
    const followed = await seedBill(119, 's', 12, { short_title: 'Followed Act', latest_action_date: '2026-07-01' });
    const user = await createUser({
      id: 'trend-user',
      email: 'trends@example.org',
      hashed_password: 'x',
      created_at: '2026-01-01T00:00:00Z',
      notification_prefs: null,
    });
    await createFollow({ userId: user.id, targetType: 'bill', targetId: followed.id });
    interest.set('Recent Act', 40);
    interest.set('Followed Act', 80);

    const summary = await calculateTrendScores(NOW, sources());

    expect(summary.subjects).toBe(2);
    expect(await stored('bill', recent.id)).toBeDefined();
    expect(await stored('bill', followed.id)).toMatchObject({ trends_value: 80 });
    expect(await stored('bill', stale.id)).toBeUndefined();
  });

  it('scores every recently active bill, not the first 100; news search goes to the first NEWS_SEARCH_SUBJECTS only', async () => {
    for (let n = 1; n <= 130; n++) await seedBill(119, 'hr', 2000 + n, { short_title: `Busy Act ${n}`, latest_action_date: '2026-11-15' });

    const summary = await calculateTrendScores(NOW, sources());

    expect(summary.subjects).toBeGreaterThanOrEqual(130); // with the bills earlier tests left
    expect(await stored('bill', '119-hr-2130')).toBeDefined();
    expect(await stored('bill', '119-hr-2001')).toBeDefined();
    const searched = newsSearch.countBatch.mock.calls.flatMap(([batch]) => batch).length;
    expect(searched).toBe(NEWS_SEARCH_SUBJECTS);
    expect(summary.news_quota_skipped).toBe(summary.subjects - NEWS_SEARCH_SUBJECTS);
  });

  it('calculate_member_interest scores followed members and the sponsors of the day’s trending bills', async () => {
    await seedMember('F000001', 'Followed, Frances');
    await seedMember('S000002', 'Sponsor, Sam', { first_name: 'Sam', last_name: 'Sponsor' });
    await seedMember('O000003', 'Other, Olive');
    await seedBill(119, 'hr', 900, { short_title: 'Sponsored Act', latest_action_date: '2026-11-15', sponsor_id: 'S000002' });
    await createFollow({ userId: 'trend-user', targetType: 'member', targetId: 'F000001' });
    await calculateTrendScores(NOW, sources()); // puts 119-hr-900 among the day's scored bills
    interest.set('Sam Sponsor', 60);
    interest.set('Frances Followed', 30);
    rssCounts.set('S000002', 5);

    const summary = await calculateMemberInterest(NOW, sources());

    expect(summary).toMatchObject({ subjects: 2, scored: 2 });
    const sam = TrendDay().parse(await stored('member', 'S000002'));
    // No member had news-search articles (the day's maximum is 0): 0.4 × 1 + 0.35 × 0 + 0.25 × 1.
    expect(sam).toMatchObject({ score: 65, trends_value: 60, rss_count: 5, gnews_count: 0 });
    expect(await stored('member', 'F000001')).toMatchObject({ ...entityTag('member_trend'), member_id: 'F000001', trends_value: 30 });
    expect(await stored('member', 'O000003')).toBeUndefined();
    // Member scores stay out of the bills' trending index.
    expect(await stored('member', 'S000002')).not.toHaveProperty('gsi1pk');
  });

  it('the job function scores with the configured clients and records what was missing or failed', async () => {
    // News search has no key; the RSS feed answers 404 (the local server knows no such path), so only search trends is left.
    setEnv({ NEWS_API_KEY: undefined, NEWS_RSS_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/no-feed` });
    try {
      const run = await trendsJobs({ job: 'calculate_trend_scores', trigger: 'admin' });
      expect(run).toMatchObject({ status: 'succeeded', result: { unavailable: { news_search: 'NEWS_API_KEY is not set' } } });
      const result = run.result as { subjects: number; scored: number; signal_errors: { news_rss: number } };
      expect(result.subjects).toBeGreaterThan(0);
      expect(result.signal_errors.news_rss).toBe(result.subjects);
      expect(result.scored).toBe(result.subjects);
      expect(requests.some((u) => u.pathname.startsWith('/no-feed/rss/search'))).toBe(true);
    } finally {
      setEnv({ NEWS_RSS_BASE_URL: undefined });
    }
  });

  it('the job function records a run that scores nothing when no signal can be used', async () => {
    setEnv({ SEARCH_TRENDS_API_KEY: undefined, NEWS_API_KEY: undefined });
    const noSignal: SignalSources = {
      ...sources(),
      searchTrends: searchTrendsSource,
      newsSearch: { ...newsSearch, unavailable: () => 'NEWS_API_KEY is not set' },
      newsRss: { ...newsRss, unavailable: () => 'feed switched off' },
    };
    try {
      expect(await calculateTrendScores(NOW, noSignal)).toMatchObject({
        scored: 0,
        unavailable: { search_trends: 'SEARCH_TRENDS_API_KEY is not set', news_search: 'NEWS_API_KEY is not set', news_rss: 'feed switched off' },
      });
      expect(requests).toEqual([]);
    } finally {
      setEnv({ SEARCH_TRENDS_API_KEY: 'serp-secret' });
    }
  });
});

describe('data-source switches', () => {
  it('leaves out the signals an admin switched off: not called, missing with disabled_by_admin, weights rescaled', async () => {
    await seedBill(119, 's', 20, { short_title: 'Switched Act', latest_action_date: '2026-11-18' });
    interest.set('Switched Act', 90);
    newsCounts.set('119-s-20', 7);
    rssCounts.set('119-s-20', 3);
    await updateDataSources((on) => ({ ...on, search_trends: { enabled: false }, news_search: { enabled: false } }), 'test');
    try {
      const summary = await calculateTrendScores(NOW, sources());

      expect(summary.unavailable).toEqual({ search_trends: 'disabled by admin', news_search: 'disabled by admin' });
      expect(summary.scored).toBe(summary.subjects);
      expect(requests).toEqual([]);
      expect(newsSearch.countBatch).not.toHaveBeenCalled();
      expect(newsSearch.quotaLow).not.toHaveBeenCalled();
      const day = TrendDay().parse(await stored('bill', '119-s-20'));
      expect(day.missing_signals).toEqual([
        { signal: 'search_trends', reason: 'disabled_by_admin' },
        { signal: 'news_search', reason: 'disabled_by_admin' },
      ]);
      // The feed alone carries the score: its weight is rescaled to 1.
      expect(day).toMatchObject({ trends_value: 0, gnews_count: 0, rss_count: 3, signals: { news_rss: { raw: 3, weight: 1 } } });
      const res = await call(trendsApi, 'GET', '/api/bills/119-s-20/trend');
      expect((res.body as { items: TrendDay[] }).items[0]?.missing_signals).toEqual(day.missing_signals);
    } finally {
      await updateDataSources(() => null, 'test');
    }
    // Switched back on, the same run calls both again.
    await calculateTrendScores(NOW, sources());
    expect(requests.length).toBeGreaterThan(0);
    expect(newsSearch.countBatch).toHaveBeenCalled();
    expect(TrendDay().parse(await stored('bill', '119-s-20')).missing_signals).toEqual([]);
  });
});

describe('GET /api/bills/{id}/trend and /api/members/{id}/trend', () => {
  it('answers the recent days newest first with the per-signal breakdown', async () => {
    await seedBill(119, 'hr', 500, { short_title: 'Routed Act' });
    const subject = billSubject(500, 'Routed Act');
    interest.set('Routed Act', 20);
    for (const day of ['2026-11-18', '2026-11-19', '2026-11-20']) await scoreSubjects('bill', [subject], sources(), new Date(`${day}T03:00:00Z`));

    const res = await call(trendsApi, 'GET', '/api/bills/119-hr-500/trend');
    expect(res.status).toBe(200);
    const body = res.body as { bill_id: string; items: TrendDay[] };
    expect(body.bill_id).toBe('119-hr-500');
    expect(body.items.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-19', '2026-11-18']);
    // Alone on its day with no articles: search trends' full 0.4 only.
    expect(TrendDay().parse(body.items[0])).toMatchObject({ score: 40, trends_value: 20, signals: { search_trends: { raw: 20, normalised: 1 } } });
    expect(body.items[0]).not.toHaveProperty('pk');

    const two = await call(trendsApi, 'GET', '/api/bills/119-hr-500/trend', { query: { days: '2' } });
    expect((two.body as { items: unknown[] }).items).toHaveLength(2);
  });

  it('answers an empty list for a known bill not scored yet, 404 for an unknown one, 4xx for bad input', async () => {
    await seedBill(119, 'hr', 501);
    expect((await call(trendsApi, 'GET', '/api/bills/119-hr-501/trend')).body).toEqual({ bill_id: '119-hr-501', items: [] });
    const missing = await call(trendsApi, 'GET', '/api/bills/119-hr-99999/trend');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'bill.not_found' });
    expect((await call(trendsApi, 'GET', '/api/bills/not-a-bill/trend')).status).toBe(422);
    expect((await call(trendsApi, 'GET', '/api/bills/119-hr-501/trend', { query: { days: '31' } })).status).toBe(422);
  });

  it('serves member scores and 404 for an unknown member', async () => {
    await seedMember('R000004', 'Routed, Rita', { first_name: 'Rita', last_name: 'Routed' });
    interest.set('Rita Routed', 9);
    await scoreSubjects(
      'member',
      [
        {
          kind: 'member',
          id: 'R000004',
          member: { id: 'R000004', name: 'Routed, Rita', first_name: 'Rita', last_name: 'Routed', state: 'CA', chamber: 'house' },
        },
      ],
      sources(),
      NOW,
    );

    const res = await call(trendsApi, 'GET', '/api/members/R000004/trend');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ member_id: 'R000004', items: [{ date: TODAY, score: 40, trends_value: 9 }] });
    const missing = await call(trendsApi, 'GET', '/api/members/Z999999/trend');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'member.not_found' });
    expect((await call(trendsApi, 'GET', '/api/members/nobody/trend')).status).toBe(422);
  });
});

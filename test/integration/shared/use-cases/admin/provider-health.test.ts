/**
 * GET /api/admin/health over real API Gateway events, with the real probes
 * (Congress.gov, GovInfo, the ZIP geocoder and district boundaries, the
 * OpenAI client) pointed at one local server that can answer, fail with a
 * 500 or hang, per provider.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as admin } from '#functions/api/admin.ts';
import { handler as llm } from '#functions/api/llm.ts';
import { handler as system } from '#functions/api/system.ts';
import { ProviderHealth, type CheckName } from '#shared/use-cases/admin/provider-health.schema.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { resetProviders } from '#shared/adapters/providers/llm/provider-factory.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { legislator, SEED_HAR_PATH } from '#local/fixtures/build-seed-har.ts';
import { HOUSE_ROLL_2023_037, SENATE_VOTE_119_1_007 } from '#local/fixtures/seed-documents.ts';
import { SEED_MEMBERS } from '#local/fixtures/seed-members.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

type Upstream = 'congress' | 'govinfo' | 'house' | 'senate' | 'legislators' | 'zip' | 'census' | 'openai' | 'anthropic';
type Mode = 'ok' | 'fail' | 'hang';
// generous, so a loaded CI machine answers a healthy stand-in in time; the hang test still proves the deadline
const TIMEOUT_MS = 3000;

// Bodies in the providers' real shapes (cut down from /work/shared/fixtures and the provider docs).
const ANSWERS: Record<Upstream, unknown> = {
  congress: {
    bills: [
      {
        congress: 119,
        number: '5',
        type: 'S',
        title: 'Laken Riley Act',
        originChamber: 'Senate',
        updateDate: '2025-01-30',
        latestAction: { actionDate: '2025-01-29', text: 'Became Public Law No: 119-1.' },
        url: 'https://api.congress.gov/v3/bill/119/s/5?format=json',
      },
    ],
    pagination: { count: 15871, next: 'https://api.congress.gov/v3/bill?offset=1&limit=1&format=json' },
  },
  govinfo: {
    collections: [
      { collectionCode: 'BILLS', collectionName: 'Congressional Bills', packageCount: 197925, granuleCount: null },
      { collectionCode: 'CHRG', collectionName: 'Congressional Hearings', packageCount: 26375, granuleCount: 33 },
    ],
  },
  house: HOUSE_ROLL_2023_037,
  senate: SENATE_VOTE_119_1_007,
  legislators: SEED_MEMBERS.map(legislator),
  zip: {
    'post code': '95014',
    country: 'United States',
    'country abbreviation': 'US',
    places: [{ 'place name': 'Cupertino', longitude: '-122.0321', state: 'California', 'state abbreviation': 'CA', latitude: '37.3183' }],
  },
  census: {
    result: {
      geographies: {
        States: [{ STATE: '06', STUSAB: 'CA', GEOID: '06' }],
        '119th Congressional Districts': [{ GEOID: '0617', CD119: '17', STATE: '06', NAME: 'Congressional District 17' }],
      },
    },
  },
  openai: { object: 'list', data: ['gpt-4o', 'gpt-4o-mini'].map((id) => ({ id, object: 'model', created: 1715367049, owned_by: 'system' })) },
  anthropic: {
    data: [{ type: 'model', id: 'claude-sonnet-4-6', display_name: 'Claude Sonnet 4.6', created_at: '2026-02-17T00:00:00Z' }],
    has_more: false,
    first_id: 'claude-sonnet-4-6',
    last_id: 'claude-sonnet-4-6',
  },
};

const upstreamOf = (path: string): Upstream | null =>
  path === '/congress/v3/bill'
    ? 'congress'
    : path === '/govinfo/collections'
      ? 'govinfo'
      : path === '/house/evs/2023/roll037.xml'
        ? 'house'
        : path === '/senate/legislative/LIS/roll_call_votes/vote1191/vote_119_1_00007.xml'
          ? 'senate'
          : path === '/legislators/legislators-current.json'
            ? 'legislators'
            : path === '/zip/us/95014'
              ? 'zip'
              : path === '/census/geocoder/geographies/coordinates'
                ? 'census'
                : path === '/openai/v1/models'
                  ? 'openai'
                  : path === '/anthropic/v1/models'
                    ? 'anthropic'
                    : null;

const modes: Record<Upstream, Mode> = {
  congress: 'ok',
  govinfo: 'ok',
  house: 'ok',
  senate: 'ok',
  legislators: 'ok',
  zip: 'ok',
  census: 'ok',
  openai: 'ok',
  anthropic: 'ok',
};
const seen: { upstream: Upstream; url: URL; headers: Record<string, string | string[] | undefined> }[] = [];
const held: ServerResponse[] = [];
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const upstream = upstreamOf(url.pathname);
  if (!upstream) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Unknown resource"}');
  seen.push({ upstream, url, headers: req.headers });
  if (modes[upstream] === 'hang') return void held.push(res);
  const [status, body] = modes[upstream] === 'fail' ? [500, { error: { message: 'upstream exploded' } }] : [200, ANSWERS[upstream]];
  // GovInfo answers a little late, so its latency is visibly measured.
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/xml' : 'application/json';
  setTimeout(() => res.writeHead(status, { 'content-type': type }).end(text), upstream === 'govinfo' ? 60 : 0);
});

const PROVIDER_ENV = [
  'CONGRESS_API_KEY',
  'CONGRESS_API_BASE_URL',
  'HOUSE_CLERK_BASE_URL',
  'SENATE_BASE_URL',
  'LEGISLATORS_BASE_URL',
  'GOVINFO_API_KEY',
  'GOVINFO_API_BASE_URL',
  'ZIP_GEOCODER_BASE_URL',
  'DISTRICT_BOUNDARIES_BASE_URL',
  'LLM_PROVIDER',
  'LLM_MODEL',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
  'GEMINI_API_KEY',
  'NEWS_API_KEY',
  'REPLAY_HAR',
  'PROVIDER_HEALTH_TIMEOUT_MS',
];
function useEnv(values: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
  resetProviders();
}

let base = '';
const allConfigured = () => ({
  CONGRESS_API_KEY: 'congress-secret',
  CONGRESS_API_BASE_URL: `${base}/congress/v3`,
  GOVINFO_API_KEY: 'govinfo-secret',
  GOVINFO_API_BASE_URL: `${base}/govinfo`,
  HOUSE_CLERK_BASE_URL: `${base}/house`,
  SENATE_BASE_URL: `${base}/senate`,
  LEGISLATORS_BASE_URL: `${base}/legislators`,
  ZIP_GEOCODER_BASE_URL: `${base}/zip`,
  DISTRICT_BOUNDARIES_BASE_URL: `${base}/census`,
  LLM_PROVIDER: 'openai',
  OPENAI_API_KEY: 'sk-test',
  OPENAI_BASE_URL: `${base}/openai/v1`,
  PROVIDER_HEALTH_TIMEOUT_MS: String(TIMEOUT_MS),
});

async function signUp(email: string, ip: string): Promise<string> {
  return (await newAccount(email, { sourceIp: ip })).token;
}

let adminToken = '';
let readerToken = '';
const saved = Object.fromEntries(PROVIDER_ENV.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  adminToken = await signUp('root@example.org', '192.0.2.30');
  readerToken = await signUp('reader@example.org', '192.0.2.31');
});
beforeEach(() => {
  Object.assign(modes, { congress: 'ok', govinfo: 'ok', house: 'ok', senate: 'ok', legislators: 'ok', zip: 'ok', census: 'ok', openai: 'ok', anthropic: 'ok' });
  seen.length = 0;
  useEnv({ ...Object.fromEntries(PROVIDER_ENV.map((k) => [k, undefined])), ...allConfigured() });
});
afterAll(async () => {
  useEnv(saved);
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

async function health(token = adminToken) {
  const started = Date.now();
  const res = await call(admin, 'GET', '/api/admin/health', { token });
  return { res, ms: Date.now() - started };
}
const byName = (report: ProviderHealth) => Object.fromEntries(report.checks.map((c) => [c.name, c])) as Record<CheckName, ProviderHealth['checks'][number]>;

describe('GET /api/admin/health', () => {
  it('refuses guests with 401 and non-admins with 403, calling no provider', async () => {
    expect((await call(admin, 'GET', '/api/admin/health')).status).toBe(401);
    expect((await call(admin, 'GET', '/api/admin/health', { token: readerToken })).status).toBe(403);
    expect(seen).toEqual([]);
  });

  it('checks every configured provider once, with latencies, and says ok', async () => {
    const { res } = await health();
    expect(res.status).toBe(200);
    const report = ProviderHealth().parse(res.body);
    expect(report.status).toBe('ok');
    expect(report.checks.map((c) => c.name)).toEqual([
      'congress_api',
      'document_api',
      'house_votes',
      'senate_votes',
      'legislators',
      'rep_lookup',
      'llm',
      'news',
      'trends',
    ]);
    const checks = byName(report);
    for (const name of ['congress_api', 'document_api', 'house_votes', 'senate_votes', 'legislators', 'rep_lookup', 'llm'] as const) {
      expect(checks[name].status, `${name}: ${checks[name].detail}`).toBe('ok');
      expect(checks[name].latency_ms).toEqual(expect.any(Number));
    }
    expect(checks.document_api.latency_ms).toBeGreaterThanOrEqual(55);
    expect(checks.congress_api.detail).toBe('bill list answered (15871 bills)');
    expect(checks.document_api.detail).toBe('collections endpoint lists 2 collections, BILLS among them');
    expect(checks.rep_lookup.detail).toMatch(/^ZIP 95014 → CA-17 \(geocoder \d+ ms, district boundaries \d+ ms\)$/);
    expect(checks.llm.detail).toBe('openai lists 2 models; briefs use gpt-4o-mini');
    expect(checks.house_votes.detail).toBe('roll call 118-1-37 parsed with 2 positions');
    expect(checks.senate_votes.detail).toMatch(/^roll call 119-1-7 parsed with \d+ positions$/);
    expect(checks.legislators.detail).toBe(`current legislators file lists ${SEED_MEMBERS.length} members`);
    expect(checks.news).toEqual({
      name: 'news',
      status: 'not_configured',
      latency_ms: null,
      detail: 'NEWS_API_KEY is not set, so news comes from the RSS feed only and the news search is off',
    });
    expect(checks.trends).toMatchObject({ status: 'not_configured', latency_ms: null });
    // One request per upstream, with the keys where the providers expect them.
    expect(seen.map((s) => s.upstream).sort()).toEqual(['census', 'congress', 'govinfo', 'house', 'legislators', 'openai', 'senate', 'zip']);
    const congress = seen.find((s) => s.upstream === 'congress')?.url;
    expect(congress?.searchParams.get('api_key')).toBe('congress-secret');
    expect(congress?.searchParams.get('limit')).toBe('1');
    expect(seen.find((s) => s.upstream === 'govinfo')?.url.searchParams.get('api_key')).toBe('govinfo-secret');
    expect(seen.find((s) => s.upstream === 'openai')?.headers.authorization).toBe('Bearer sk-test');
    expect(res.text).not.toMatch(/congress-secret|govinfo-secret|sk-test/);
  });

  it('reports failing providers as errors with a detail, still answering 200, overall degraded', async () => {
    modes.govinfo = 'fail';
    modes.openai = 'fail';
    const { res } = await health();
    expect(res.status).toBe(200);
    const report = ProviderHealth().parse(res.body);
    expect(report.status).toBe('degraded');
    const checks = byName(report);
    expect(checks.document_api).toMatchObject({ status: 'error', latency_ms: expect.any(Number) });
    expect(checks.document_api.detail).toMatch(/^govinfo: HTTP 500 from GET http:\/\/127\.0\.0\.1:\d+\/govinfo\/collections/);
    expect(checks.document_api.detail).not.toContain('govinfo-secret');
    expect(checks.llm).toMatchObject({ status: 'error', latency_ms: expect.any(Number) });
    expect(checks.llm.detail).toMatch(/500/);
    expect(checks.congress_api.status).toBe('ok');
    expect(checks.rep_lookup.status).toBe('ok');
    // A health probe does not retry: one request per failing provider.
    expect(seen.filter((s) => s.upstream === 'govinfo')).toHaveLength(1);
  });

  it('answers within the deadline when providers hang, reporting them as errors', async () => {
    modes.census = 'hang';
    modes.openai = 'hang';
    const { res, ms } = await health();
    expect(ms).toBeLessThan(TIMEOUT_MS + 2000);
    const report = ProviderHealth().parse(res.body);
    expect(report.status).toBe('degraded');
    const checks = byName(report);
    for (const name of ['rep_lookup', 'llm'] as const) {
      expect(checks[name]).toMatchObject({ status: 'error', detail: `no answer within ${TIMEOUT_MS} ms` });
      expect(checks[name].latency_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    }
    expect(checks.congress_api.status).toBe('ok');
    expect(checks.document_api.status).toBe('ok');
  });

  it('reports providers without keys as not_configured and never calls them', async () => {
    useEnv({ CONGRESS_API_KEY: undefined, LLM_PROVIDER: undefined, OPENAI_API_KEY: undefined, GOVINFO_API_KEY: undefined });
    const { res } = await health();
    const report = ProviderHealth().parse(res.body);
    expect(report.status).toBe('ok');
    const checks = byName(report);
    expect(checks.congress_api).toEqual({
      name: 'congress_api',
      status: 'not_configured',
      latency_ms: null,
      detail: 'CONGRESS_API_KEY is not set, so bills are not polled',
    });
    expect(checks.llm).toEqual({
      name: 'llm',
      status: 'not_configured',
      latency_ms: null,
      detail: 'the offline extractive briefer writes briefs: no LLM provider is configured',
    });
    expect(checks.news.status).toBe('not_configured');
    // GovInfo still serves the document fetcher with its DEMO_KEY, so it is checked, and the detail says so.
    expect(checks.document_api.status).toBe('ok');
    expect(checks.document_api.detail).toContain('DEMO_KEY');
    expect(seen.map((s) => s.upstream).sort()).toEqual(['census', 'govinfo', 'house', 'legislators', 'senate', 'zip']);
  });

  it('names a chosen provider that lacks its key as not_configured', async () => {
    useEnv({ LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: undefined });
    const checks = byName(ProviderHealth().parse((await health()).res.body));
    expect(checks.llm).toMatchObject({
      status: 'not_configured',
      detail: 'the offline extractive briefer writes briefs: anthropic is chosen but has no API key',
    });
  });

  it('checks the provider an admin chose in the settings store over the environment', async () => {
    useEnv({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: `${base}/anthropic` });
    const put = await call(llm, 'PUT', '/api/settings', { token: adminToken, body: { llm_provider: 'anthropic' } });
    expect(put.status).toBe(200);
    try {
      const checks = byName(ProviderHealth().parse((await health()).res.body));
      expect(checks.llm).toMatchObject({ status: 'ok', detail: 'anthropic lists 1 models; briefs use claude-sonnet-4-6' });
      const calls = seen.filter((s) => s.upstream === 'anthropic');
      expect(calls).toHaveLength(1);
      expect([calls[0]?.headers['x-api-key'], calls[0]?.headers.authorization].join(' ')).toContain('sk-ant-test');
      expect(seen.some((s) => s.upstream === 'openai')).toBe(false);
    } finally {
      expect((await call(llm, 'PUT', '/api/settings', { token: adminToken, body: { llm_provider: null } })).status).toBe(200);
    }
  });

  it('reports the sources an admin switched off as disabled, calls none of them, and stays ok', async () => {
    modes.govinfo = 'fail';
    const off = { enabled: false };
    const put = await call(llm, 'PUT', '/api/settings', {
      token: adminToken,
      body: { data_sources: { congress_api: off, document_api: off, roll_calls: off, legislators: off, news_search: off, news_rss: off, search_trends: off } },
    });
    expect(put.status).toBe(200);
    try {
      const { res } = await health();
      expect(res.status).toBe(200);
      const report = ProviderHealth().parse(res.body);
      // GovInfo would fail, but it is switched off, so nothing degrades.
      expect(report.status).toBe('ok');
      const checks = byName(report);
      expect(checks.congress_api).toEqual({
        name: 'congress_api',
        status: 'disabled',
        latency_ms: null,
        detail: 'congress_api disabled by admin, so it is not called',
      });
      expect(checks.document_api).toMatchObject({ status: 'disabled', detail: 'document_api disabled by admin, so it is not called' });
      for (const name of ['house_votes', 'senate_votes'] as const)
        expect(checks[name]).toMatchObject({ status: 'disabled', latency_ms: null, detail: 'roll_calls disabled by admin, so it is not called' });
      expect(checks.legislators).toMatchObject({ status: 'disabled', detail: 'legislators disabled by admin, so it is not called' });
      expect(checks.news).toMatchObject({ status: 'disabled', detail: 'news_search disabled by admin; news_rss disabled by admin, so it is not called' });
      expect(checks.trends).toMatchObject({ status: 'disabled', detail: 'search_trends disabled by admin, so it is not called' });
      // The checks without a switch still run.
      expect(checks.rep_lookup.status).toBe('ok');
      expect(checks.llm.status).toBe('ok');
      expect(seen.map((s) => s.upstream).sort()).toEqual(['census', 'openai', 'zip']);
    } finally {
      expect((await call(llm, 'PUT', '/api/settings', { token: adminToken, body: { data_sources: null } })).status).toBe(200);
    }
    // Switched back on, the failing GovInfo shows again.
    expect(byName(ProviderHealth().parse((await health()).res.body)).document_api.status).toBe('error');
  });

  it('answers from the recording on the offline local stack (REPLAY_HAR, no keys) and says so', async () => {
    useEnv({ ...Object.fromEntries(PROVIDER_ENV.map((k) => [k, undefined])), REPLAY_HAR: SEED_HAR_PATH, PROVIDER_HEALTH_TIMEOUT_MS: String(TIMEOUT_MS) });
    resetReplay();
    const report = ProviderHealth().parse((await health()).res.body);
    const checks = byName(report);
    expect(report.status).toBe('ok');
    for (const name of ['congress_api', 'document_api', 'rep_lookup'] as const) {
      expect(checks[name].status, `${name}: ${checks[name].detail}`).toBe('ok');
      expect(checks[name].detail).toMatch(/\(replayed from REPLAY_HAR, not live\)$/);
    }
    expect(checks.rep_lookup.detail).toMatch(/^ZIP 95014 → CA-17 /);
    expect(checks.llm.status).toBe('not_configured');
    expect(seen).toEqual([]);
  });

  it('is documented in the OpenAPI document with its reply schema', async () => {
    const doc = (await call(system, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> }>>;
    };
    const op = doc.paths['/api/admin/health']?.get;
    // `default`: the edge's 403, a 5xx or any other error, documented on every operation.
    expect(Object.keys(op?.responses ?? {}).sort()).toEqual(['200', '401', '403', 'default']);
    expect(Object.keys(op?.responses['200']?.content?.['application/json']?.schema.properties ?? {}).sort()).toEqual(['checked_at', 'checks', 'status']);
  });
});

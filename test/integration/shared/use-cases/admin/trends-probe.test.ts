/**
 * The "trends" check of GET /api/admin/health: the real probe and the real
 * search-trends client against a local server in SerpApi's shape.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROBE_TREND_TERM, providerProbes } from '#shared/use-cases/admin/provider-probes.ts';
import { ALL_ENABLED } from '#shared/domain/settings/data-sources.ts';
import { runCheck, type Probe } from '#shared/use-cases/admin/provider-health.ts';
import { resetConfig } from '#shared/platform/config.ts';

let mode: 'ok' | 'fail' | 'error_reply' = 'ok';
const seen: URL[] = [];
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  seen.push(url);
  if (mode === 'fail') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
  if (mode === 'error_reply')
    return void res
      .writeHead(200, { 'content-type': 'application/json' })
      .end('{"search_metadata":{"status":"Error"},"error":"Your account has run out of searches."}');
  const values = [{ query: PROBE_TREND_TERM, value: '42', extracted_value: 42 }];
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      search_metadata: { status: 'Success' },
      interest_over_time: { timeline_data: [{ date: 'Nov 19, 2026', timestamp: '1763510400', values }] },
    }),
  );
});

const setEnv = (values: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
};
const probe = (): Probe => providerProbes(ALL_ENABLED).find((p) => p.name === 'trends') as Probe;
const check = () => runCheck(probe(), { timeoutMs: 2000 });

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
beforeEach(() => {
  mode = 'ok';
  seen.length = 0;
  setEnv({ SEARCH_TRENDS_API_KEY: 'serp-secret', SEARCH_TRENDS_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, REPLAY_HAR: undefined });
});
afterAll(async () => {
  setEnv({ SEARCH_TRENDS_API_KEY: undefined, SEARCH_TRENDS_BASE_URL: undefined });
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('the trends health check', () => {
  it('is not_configured without a key and calls nothing', async () => {
    setEnv({ SEARCH_TRENDS_API_KEY: undefined });
    expect(await check()).toEqual({
      name: 'trends',
      status: 'not_configured',
      latency_ms: null,
      detail: 'SEARCH_TRENDS_API_KEY is not set, so trend scores go without search interest',
    });
    expect(seen).toEqual([]);
  });

  it('asks for one term once and reports its interest with the latency', async () => {
    const result = await check();
    expect(result).toMatchObject({
      name: 'trends',
      status: 'ok',
      latency_ms: expect.any(Number),
      detail: 'interest over time answered ("Congress": 42 mean interest)',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.pathname).toBe('/search.json');
    expect(seen[0]?.searchParams.get('q')).toBe(PROBE_TREND_TERM);
  });

  it('reports an HTTP failure without retrying and without the key', async () => {
    mode = 'fail';
    const result = await check();
    expect(result.status).toBe('error');
    expect(result.detail).toMatch(/^search-trends: HTTP 500 from GET http:\/\/127\.0\.0\.1:\d+\/search\.json/);
    expect(result.detail).not.toContain('serp-secret');
    expect(seen).toHaveLength(1);
  });

  it('reports an error the service answers in its body', async () => {
    mode = 'error_reply';
    expect(await check()).toMatchObject({ status: 'error', detail: 'search-trends: Your account has run out of searches.' });
  });
});

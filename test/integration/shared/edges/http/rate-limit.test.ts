import { describe, expect, it } from 'vitest';
import { hit } from '#shared/adapters/db/rate-limit.repository.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import { defineRoute } from '#shared/edges/http/route.ts';
import { call } from '#test/support/api.ts';

useIntegrationStack();

describe('sliding-window rate limits', () => {
  it('refuses the 11th hit within 60 seconds, even across a minute boundary', async () => {
    const start = Date.UTC(2026, 0, 1, 12, 0, 55);
    const decisions = [];
    for (let i = 0; i < 11; i++) decisions.push(await hit('login', 'ip:a', 10, 60, start + i * 1000));
    expect(decisions.slice(0, 10).every((d) => d.allowed)).toBe(true);
    expect(decisions[10]).toMatchObject({ allowed: false, count: 11 });
    expect(decisions[10]?.retryAfterSeconds).toBeGreaterThan(45);
    expect(decisions[10]?.retryAfterSeconds).toBeLessThanOrEqual(65);
  });

  it('allows again once the hits have left the window, and keeps subjects apart', async () => {
    const start = Date.UTC(2026, 0, 1, 13, 0, 0);
    for (let i = 0; i < 5; i++) await hit('register', 'ip:b', 5, 3600, start + i);
    expect((await hit('register', 'ip:b', 5, 3600, start + 60_000)).allowed).toBe(false);
    expect((await hit('register', 'ip:c', 5, 3600, start + 60_000)).allowed).toBe(true);
    // One slot (a twelfth of the window) after the window, every earlier hit has left it.
    expect((await hit('register', 'ip:b', 5, 3600, start + 3600_000 + 300_000)).allowed).toBe(true);
  });

  it('counts every one of many concurrent hits exactly once', async () => {
    const now = Date.UTC(2026, 0, 1, 14, 0, 0);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => hit('login', 'ip:race', 10, 60, now + i)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe('a cacheable, rate-limited route', () => {
  // A route of its own: no route of the table is both cacheable and limited today, and the edge must still get it right.
  const route = defineRoute({
    operationId: 'limitedRead',
    method: 'GET',
    path: '/api/limited-read',
    fn: 'system',
    auth: 'none',
    rateLimit: 'login',
    cache: 'public',
    summary: 'A limited read',
    description: 'A cacheable read with a rate limit, for this test only.',
  });
  const handler = apiFunction('system', [implement(route, async () => ({ hello: 'world' }))]);
  const get = (headers: Record<string, string> = {}) => call(handler, 'GET', '/api/limited-read', { headers, sourceIp: '198.51.100.200' });

  it('answers revalidations with 304 without spending the quota, while 200s count down', async () => {
    const first = await get();
    expect(first.headers.ratelimit).toMatch(/^"login";r=9;t=\d+$/);
    const etag = first.headers.etag ?? '';
    for (let i = 0; i < 12; i++) {
      const again = await get({ 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
    }
    const second = await get();
    expect(second.status).toBe(200);
    expect(second.headers.ratelimit).toMatch(/^"login";r=8;t=\d+$/);
  });
});

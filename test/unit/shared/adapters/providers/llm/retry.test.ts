// The one retry policy: Retry-After as seconds or an HTTP-date (capped, garbage ignored), retry-after-ms,
// exponential backoff with jitter, and both callers (provider transport, LLM retries) reading it the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelayMs, parseRetryAfter, retryAfterFromHeaders, retryDelayMs } from '#shared/platform/retry.ts';
import { withLlmRetries } from '#shared/adapters/providers/llm/retry.ts';
import { httpRequest, transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';
import { providerServer, sendJson } from '../../../../../support/ingest-fixtures.ts';

const now = Date.parse('2026-01-01T00:00:00Z');
const CAP = 30_000;

describe('parseRetryAfter', () => {
  it('reads delay-seconds, including 0 and fractions', () => {
    expect(parseRetryAfter('7', CAP, now)).toBe(7000);
    expect(parseRetryAfter(' 0 ', CAP, now)).toBe(0);
    expect(parseRetryAfter('1.5', CAP, now)).toBe(1500);
  });

  it('reads the HTTP-date forms, and a date in the past means now', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', CAP, now)).toBe(5000);
    expect(parseRetryAfter('Thursday, 01-Jan-26 00:00:05 GMT', CAP, now)).toBe(5000);
    expect(parseRetryAfter('Thu Jan  1 00:00:05 2026', CAP, now)).not.toBeNull();
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', CAP, now)).toBe(0);
  });

  it('caps what a server asks for', () => {
    expect(parseRetryAfter('86400', CAP, now)).toBe(CAP);
    expect(parseRetryAfter('9999999999', CAP, now)).toBe(CAP);
    expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', CAP, now)).toBe(CAP);
  });

  it('ignores values that are neither (the caller backs off instead)', () => {
    for (const bad of ['', '   ', '-5', '1e3', '0x10', 'soon', '1/2', 'NaN', 'Infinity', 'Thu, 99 Foo 2026 99:99:99 GMT']) {
      expect(parseRetryAfter(bad, CAP, now), bad).toBeNull();
    }
    expect(parseRetryAfter(undefined, CAP, now)).toBeNull();
  });
});

describe('retryAfterFromHeaders and retryDelayMs', () => {
  it('prefers retry-after-ms, reads Headers and plain records of any case', () => {
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), CAP, now)).toBe(250);
    expect(retryAfterFromHeaders({ 'retry-after': '3' }, CAP, now)).toBe(3000);
    expect(retryAfterFromHeaders({ 'Retry-After': '3' }, CAP, now)).toBe(3000);
    expect(retryAfterFromHeaders(undefined, CAP, now)).toBeNull();
  });

  it('backs off exponentially with equal jitter within the cap', () => {
    const policy = { baseDelayMs: 500, maxDelayMs: 4000 };
    expect(backoffDelayMs(1, policy, () => 0)).toBe(250);
    expect(backoffDelayMs(1, policy, () => 1)).toBe(500);
    expect(backoffDelayMs(3, policy, () => 0)).toBe(1000);
    expect(backoffDelayMs(3, policy, () => 1)).toBe(2000);
    expect(backoffDelayMs(10, policy, () => 1)).toBe(4000);
    for (let i = 0; i < 50; i++) {
      const d = retryDelayMs(2, { 'retry-after': 'garbage' }, policy, now);
      expect(d).toBeGreaterThanOrEqual(500);
      expect(d).toBeLessThanOrEqual(1000);
    }
    expect(retryDelayMs(2, { 'retry-after': '2' }, policy, now)).toBe(2000);
  });
});

describe('both callers use the one policy', () => {
  let server: Awaited<ReturnType<typeof providerServer>>;
  const saved = { ...transportSettings };
  beforeAll(async () => {
    server = await providerServer({
      // A blank Retry-After used to read as "0 s" in the transport, so it retried at once.
      '/blank': (_req, res, n) => (n === 1 ? sendJson(res, {}, 429, { 'retry-after': '  ' }) : sendJson(res, { ok: true })),
      // A day-long Retry-After is capped at maxDelayMs.
      '/long': (_req, res, n) => (n === 1 ? sendJson(res, {}, 503, { 'retry-after': '86400' }) : sendJson(res, { ok: true })),
    });
  });
  afterAll(async () => {
    Object.assign(transportSettings, saved);
    await server.close();
  });

  it('the transport backs off on an unreadable Retry-After and caps a long one', async () => {
    Object.assign(transportSettings, { baseDelayMs: 300, maxDelayMs: 300 });
    const t0 = Date.now();
    await httpRequest({ provider: 'test', url: `${server.base}/blank` });
    expect(server.seen.filter((s) => s.url.startsWith('/blank'))).toHaveLength(2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
    const t1 = Date.now();
    await httpRequest({ provider: 'test', url: `${server.base}/long` });
    expect(server.seen.filter((s) => s.url.startsWith('/long'))).toHaveLength(2);
    expect(Date.now() - t1).toBeLessThan(2000);
  });

  it('the LLM retries honour Retry-After on a 503 and cap it, as the transport does', async () => {
    const waits: number[] = [];
    let calls = 0;
    const out = await withLlmRetries(
      async () => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('down'), { status: 503, headers: new Headers({ 'retry-after': '3' }) });
        if (calls === 2) throw Object.assign(new Error('busy'), { status: 429, headers: new Headers({ 'retry-after': '86400' }) });
        return 'ok';
      },
      { maxDelayMs: 10_000, acquire: async () => {}, sleep: async (ms) => void waits.push(ms) },
    );
    expect(out).toBe('ok');
    expect(waits).toEqual([3000, 10_000]);
  });
});

/**
 * The one provider transport's offline modes: REPLAY_HAR matching (method,
 * host, path, query; credentials ignored), the error for an unmatched
 * request, 304 replay for a matching ETag, and RECORD_HAR without secrets.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '#shared/platform/config.ts';
import { harKey, redactUrl } from '#shared/adapters/providers/transport/har.ts';
import { httpRequest, resetReplay, transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';
import { retryDelayMs } from '#shared/platform/retry.ts';
import { bucketFor, CONGRESS_GOV_LIMIT } from '#shared/adapters/providers/transport/rate-limiter.ts';
import { buildSeedHar, SEED_HAR_PATH } from '../../../../../../local/fixtures/build-seed-har.ts';
import { providerServer, sendJson } from '../../../../../support/ingest-fixtures.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'har-'));
const useEnv = (env: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(env))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  resetConfig();
  resetReplay();
};
afterEach(() => useEnv({ REPLAY_HAR: undefined, RECORD_HAR: undefined }));

describe('HAR keys', () => {
  it('ignore credentials and parameter order', () => {
    expect(harKey('get', 'https://api.congress.gov/v3/bill?limit=2&api_key=abc&format=json')).toBe(
      harKey('GET', 'https://api.congress.gov/v3/bill?format=json&limit=2&api_key=xyz'),
    );
    expect(harKey('GET', 'https://a.example/x?q=1')).not.toBe(harKey('GET', 'https://a.example/x?q=2'));
    expect(redactUrl('https://api.govinfo.gov/packages/X/uslm?api_key=secret')).toBe('https://api.govinfo.gov/packages/X/uslm');
  });
});

describe('replay', () => {
  it('answers from the recording whatever the key, and names an unmatched URL', async () => {
    useEnv({ REPLAY_HAR: SEED_HAR_PATH });
    const res = await httpRequest({ provider: 'congress-gov', url: 'https://api.congress.gov/v3/member/K000389?api_key=anything&format=json' });
    expect(JSON.parse(res.body.toString()).member.bioguideId).toBe('K000389');
    await expect(httpRequest({ provider: 'congress-gov', url: 'https://api.congress.gov/v3/member/Z000001?api_key=k' })).rejects.toThrow(
      'congress-gov: no recorded response for GET https://api.congress.gov/v3/member/Z000001 in REPLAY_HAR',
    );
  });

  it('answers 304 to a conditional GET whose ETag matches the recording', async () => {
    useEnv({ REPLAY_HAR: SEED_HAR_PATH });
    const url = 'https://api.govinfo.gov/packages/BILLS-116hjres37rh/uslm';
    const fresh = await httpRequest({ provider: 'govinfo', url, accept: [304] });
    expect(fresh.status).toBe(200);
    const again = await httpRequest({ provider: 'govinfo', url, headers: { 'If-None-Match': fresh.headers.etag ?? '' }, accept: [304] });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('keeps the committed seed recording in step with its generator', () => {
    expect(JSON.parse(readFileSync(SEED_HAR_PATH, 'utf8'))).toEqual(buildSeedHar());
  });
});

describe('record', () => {
  it('writes live exchanges to a HAR file without credentials, which replay then answers', async () => {
    const server = await providerServer({ '/thing': (_req, res) => sendJson(res, { ok: true }, 200, { 'x-api-key': 'leak', etag: '"e1"' }) });
    const file = path.join(dir, 'rec.har');
    writeFileSync(file, '');
    useEnv({ RECORD_HAR: file });
    await httpRequest({ provider: 'test', url: `${server.base}/thing?api_key=topsecret&b=2&a=1` });
    await server.close();
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('topsecret');
    expect(text).not.toContain('leak');
    useEnv({ RECORD_HAR: undefined, REPLAY_HAR: file });
    const replayed = await httpRequest({ provider: 'test', url: `${server.base}/thing?a=1&b=2&api_key=other` });
    expect(JSON.parse(replayed.body.toString())).toEqual({ ok: true });
  });
});

describe('backoff and rate limit', () => {
  it('honours Retry-After in seconds and as a date, else backs off exponentially with jitter', () => {
    expect(retryDelayMs(1, { 'retry-after': '2' }, transportSettings)).toBe(2000);
    expect(retryDelayMs(1, { 'retry-after': new Date(Date.now() + 3000).toUTCString() }, transportSettings)).toBeGreaterThan(1000);
    const d = retryDelayMs(3, undefined, transportSettings);
    expect(d).toBeGreaterThanOrEqual(1000);
    expect(d).toBeLessThanOrEqual(2000);
  });

  it('sizes the Congress.gov bucket so that no hour can see more than 5,000 requests', () => {
    const bucket = bucketFor('congress-gov', CONGRESS_GOV_LIMIT);
    expect(bucket.capacity).toBe(500);
    expect(bucket.capacity + bucket.refillPerMs * CONGRESS_GOV_LIMIT.perMs).toBeCloseTo(5000, 6);
  });
});

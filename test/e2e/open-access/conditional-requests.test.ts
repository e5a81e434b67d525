// Conditional requests and rate-limit headers over HTTP against the local stack:
// every kind of cacheable GET answers a strong ETag and a Cache-Control, a
// second GET with that ETag is a 304 with no body, the feed also honours
// If-Modified-Since, and a rate-limited route counts down to its 429.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBill, seedBrief, seedMember, seedRollCall } from '#test/support/personal-seed.ts';
import { useLocalStack } from '../support/e2e-stack.ts';
import { signUp } from '../support/accounts.ts';

const e2e = useLocalStack();
const api = () => e2e.client();
let shareToken = '';
let feedPath = '';
let reader = '';

beforeAll(async () => {
  await Promise.all([seedBill(119, 'hr', 1, { title: 'Farm Security Act', sponsor_id: 'A000001' }), seedMember('A000001', 'Ada Adams')]);
  await seedRollCall({ billId: '119-hr-1', roll: 7, date: '2026-01-03', question: 'On Passage', positions: { A000001: 'Yea' } });
  shareToken = (await seedBrief('119-hr-1')).share_token;
  reader = await signUp(api(), 'reader');
  await api().request('PUT', '/api/notifications/settings', { token: reader, body: { rss_enabled: true } });
  const settings = await api().request('GET', '/api/notifications/settings', { token: reader });
  feedPath = new URL(settings.body.rss_feed_url ?? '').pathname;
});

/** One path per kind of cacheable GET the issue names. */
const kinds = () => [
  ['bill list', '/api/bills'],
  ['bill detail', '/api/bills/119-hr-1'],
  ['bill sub-resource', '/api/bills/119-hr-1/actions'],
  ['bill votes', '/api/bills/119-hr-1/votes'],
  ['briefs', '/api/bills/119-hr-1/briefs'],
  ['member list', '/api/members'],
  ['member detail', '/api/members/A000001'],
  ['member votes', '/api/members/A000001/votes'],
  ['share page', `/api/share/brief/${shareToken}`],
  ['RSS feed', feedPath],
  ['OpenAPI document', '/api/openapi.json'],
];

describe('conditional GETs', () => {
  it('answers each kind of cacheable GET with a strong ETag, and the same GET with If-None-Match with a 304 and no body', async () => {
    for (const [kind, path] of kinds()) {
      // A first view may queue work that its answer reports (a vote fetch): revalidate what a second view answers.
      await api().raw('GET', path ?? '');
      const first = await api().raw('GET', path ?? '');
      expect(first.status, kind).toBe(200);
      const etag = first.headers.get('etag') ?? '';
      expect(etag, kind).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      // A share link revalidates on every use (it stops at once when its collection turns private); the rest are cached a while.
      expect(first.headers.get('cache-control'), kind).toMatch(kind === 'share page' ? /^no-cache/ : /max-age=\d+/);
      const again = await api().raw('GET', path ?? '', { headers: { 'if-none-match': etag } });
      expect(again.status, kind).toBe(304);
      expect(again.text, kind).toBe('');
      expect(again.headers.get('etag'), kind).toBe(etag);
      const stale = await api().raw('GET', path ?? '', { headers: { 'if-none-match': '"not-this-one"' } });
      expect(stale.status, kind).toBe(200);
      expect(stale.headers.get('etag'), kind).toBe(etag);
    }
  });

  it('marks public data public and a signed-in reading of an optional-auth route private', async () => {
    const guest = await api().raw('GET', '/api/bills/119-hr-1');
    expect(guest.headers.get('cache-control')).toMatch(/^public, max-age=60/);
    expect(guest.headers.get('vary')).toContain('Authorization');
    const signedIn = await api().raw('GET', '/api/bills/119-hr-1', { token: reader });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    expect((await api().raw('GET', feedPath)).headers.get('cache-control')).toMatch(/^private/);
  });

  it('changes the ETag when the answer changes', async () => {
    const before = (await api().raw('GET', '/api/bills', { query: { congress: '119' } })).headers.get('etag');
    await seedBill(119, 'hr', 2, { title: 'Second Bill' });
    const after = await api().raw('GET', '/api/bills', { query: { congress: '119' }, headers: { 'if-none-match': before ?? '' } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
  });

  it('answers the feed with Last-Modified and a 304 to If-Modified-Since', async () => {
    const feed = await api().raw('GET', feedPath);
    const lastModified = feed.headers.get('last-modified') ?? '';
    expect(Date.parse(lastModified)).not.toBeNaN();
    const since = await api().raw('GET', feedPath, { headers: { 'if-modified-since': lastModified } });
    expect(since.status).toBe(304);
    const older = await api().raw('GET', feedPath, { headers: { 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() } });
    expect(older.status).toBe(200);
  });
});

describe('rate-limit headers', () => {
  it('counts RateLimit down on every answer of a limited route and sends it with the 429', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.77' };
    const remaining: number[] = [];
    let refused: Awaited<ReturnType<ReturnType<typeof api>['raw']>> | undefined;
    for (let i = 0; i < 15 && !refused; i++) {
      // No password: a 422 after the limit counted it, so no scrypt hash is spent.
      const res = await api().raw('POST', '/api/auth/login', { body: { email: 'nobody@example.org' }, headers });
      expect(res.headers.get('ratelimit-policy')).toBe('"login";q=10;w=60');
      const field = res.headers.get('ratelimit') ?? '';
      expect(field).toMatch(/^"login";r=\d+;t=\d+$/);
      remaining.push(Number(/r=(\d+)/.exec(field)?.[1]));
      if (res.status === 429) refused = res;
    }
    expect(remaining.slice(0, 10)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(refused?.status).toBe(429);
    expect(remaining.at(-1)).toBe(0);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { applyCacheRule, noneMatchHits, notModifiedSince, strongEtag } from '#shared/edges/http/conditional.ts';
import { rateLimitHeaders } from '#shared/edges/http/rate-limit-headers.ts';
import { defaultRateLimitRule, RATE_LIMIT_NAMES, rateLimitRule } from '#shared/edges/http/rate-limits.ts';
import { parseConfig } from '#shared/platform/config.ts';

const ok = (body: string, headers: Record<string, string> = {}) => ({ statusCode: 200, headers: { 'Content-Type': 'application/json', ...headers }, body });
const guest = { personal: false, varyOnAuth: true };

describe('conditional GETs', () => {
  it('derives one strong ETag per body, different for different bodies', () => {
    expect(strongEtag('{"a":1}')).toBe(strongEtag('{"a":1}'));
    expect(strongEtag('{"a":1}')).not.toBe(strongEtag('{"a":2}'));
    expect(strongEtag('x')).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    const tag = strongEtag('x');
    expect(noneMatchHits(`"other", ${tag}`, tag)).toBe(true);
    expect(noneMatchHits(`W/${tag}`, tag)).toBe(true);
    expect(noneMatchHits('*', tag)).toBe(true);
    expect(noneMatchHits('"other"', tag)).toBe(false);
    expect(noneMatchHits(undefined, tag)).toBe(false);
  });

  it('compares If-Modified-Since in whole seconds and ignores a malformed date', () => {
    const modified = 'Wed, 21 Oct 2026 07:28:00 GMT';
    expect(notModifiedSince(modified, modified)).toBe(true);
    expect(notModifiedSince('Wed, 21 Oct 2026 07:27:59 GMT', modified)).toBe(false);
    expect(notModifiedSince('yesterday', modified)).toBe(false);
  });

  it('adds ETag, Cache-Control and Vary to a 200 and answers a match with a bodiless 304', () => {
    const fresh = applyCacheRule('public', ok('{"a":1}'), guest);
    expect(fresh.headers).toMatchObject({ ETag: strongEtag('{"a":1}'), 'Cache-Control': expect.stringMatching(/^public, max-age=60/), Vary: 'Authorization' });
    const revalidated = applyCacheRule('public', ok('{"a":1}'), { ...guest, ifNoneMatch: strongEtag('{"a":1}') });
    expect(revalidated).toEqual({ statusCode: 304, headers: expect.objectContaining({ ETag: strongEtag('{"a":1}') }), body: '' });
  });

  it('issue 32.7: gives what an owner can take back (share links) no freshness: every use revalidates', () => {
    expect(applyCacheRule('revocable', ok('{"a":1}'), guest).headers).toMatchObject({ 'Cache-Control': 'no-cache', ETag: strongEtag('{"a":1}') });
    expect(applyCacheRule('revocable', ok('{"a":1}'), { ...guest, ifNoneMatch: strongEtag('{"a":1}') }).statusCode).toBe(304);
  });

  it('makes a signed-in answer private and leaves errors alone', () => {
    expect(applyCacheRule('public', ok('{}'), { ...guest, personal: true }).headers).toMatchObject({ 'Cache-Control': 'private, no-cache' });
    const notFound = { statusCode: 404, body: '{"detail":"x","code":"y"}' };
    expect(applyCacheRule('public', notFound, { ...guest, ifNoneMatch: '*' })).toBe(notFound);
  });

  it('honours If-Modified-Since only on a rule with Last-Modified, and If-None-Match before it', () => {
    const modified = 'Wed, 21 Oct 2026 07:28:00 GMT';
    const feed = ok('<rss/>', { 'Last-Modified': modified });
    expect(applyCacheRule('feed', feed, { ...guest, ifModifiedSince: modified }).statusCode).toBe(304);
    expect(applyCacheRule('feed', feed, { ...guest, ifModifiedSince: modified, ifNoneMatch: '"other"' }).statusCode).toBe(200);
    expect(applyCacheRule('public', feed, { ...guest, ifModifiedSince: modified }).statusCode).toBe(200);
  });
});

describe('rate-limit headers', () => {
  it('writes the IETF RateLimit-Policy and RateLimit fields, never a negative remainder', () => {
    const rule = { limit: 10, windowSeconds: 60, per: 'ip' as const };
    expect(rateLimitHeaders({ name: 'login', rule, count: 3, resetSeconds: 41.2 })).toEqual({
      'RateLimit-Policy': '"login";q=10;w=60',
      RateLimit: '"login";r=7;t=42',
    });
    expect(rateLimitHeaders({ name: 'login', rule, count: 12, resetSeconds: 5 }).RateLimit).toBe('"login";r=0;t=5');
  });

  it('documents the same defaults the configuration applies', () => {
    const config = parseConfig({ JWT_SECRET_KEY: 'k'.repeat(40) });
    for (const name of RATE_LIMIT_NAMES) expect(defaultRateLimitRule(name), name).toEqual(rateLimitRule(name, config));
  });
});

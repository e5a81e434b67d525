import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, parseJson, rawBody } from '#shared/edges/http/body.ts';
import { clientIp } from '#shared/edges/http/client-ip.ts';
import { AppError } from '#shared/errors/app-error.ts';
import { errorResponse } from '#shared/edges/http/error-response.ts';
import { HttpError } from '#shared/edges/http/http-error.ts';
import { findRoute } from '#shared/edges/http/api-function.ts';
import { gatewayPath, pathMatcher, routeKey } from '#shared/edges/http/route.ts';
import { ROUTES } from '#shared/edges/http/routes/index.ts';
import { toAwsCron } from '#shared/edges/jobs/cron.ts';

const statusOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof HttpError || err instanceof AppError ? errorResponse(err).statusCode : -1;
  }
  return 0;
};

describe('client IP', () => {
  it('uses the source IP unless a trusted proxy is declared', () => {
    expect(clientIp('198.51.100.9', { 'x-forwarded-for': '1.2.3.4', 'cloudfront-viewer-address': '1.2.3.4:443' }, 'none')).toBe('198.51.100.9');
  });
  it('takes the right-most X-Forwarded-For entry behind a trusted proxy', () => {
    expect(clientIp('10.0.0.1', { 'x-forwarded-for': 'spoofed, 203.0.113.5' }, 'x-forwarded-for')).toBe('203.0.113.5');
    expect(clientIp('10.0.0.1', {}, 'x-forwarded-for')).toBe('10.0.0.1');
  });
});

describe('request bodies', () => {
  it('refuses bodies over 64 KB with 413, counting bytes not characters', () => {
    expect(statusOf(() => rawBody('é'.repeat(MAX_BODY_BYTES / 2 + 1), false))).toBe(413);
    expect(rawBody('a'.repeat(MAX_BODY_BYTES), false)).toHaveLength(MAX_BODY_BYTES);
  });
  it('decodes base64 bodies and answers 400 for malformed JSON', () => {
    expect(rawBody(Buffer.from('{"a":1}').toString('base64'), true)).toBe('{"a":1}');
    expect(statusOf(() => parseJson('{"a":'))).toBe(400);
    expect(parseJson('  ')).toBeUndefined();
  });
});

describe('routing', () => {
  it('matches path parameters and decodes them', () => {
    expect(pathMatcher('/api/bills/{id}/text')('/api/bills/118-hr-1/text')).toEqual({ id: '118-hr-1' });
    expect(pathMatcher('/api/follows/{id}')('/api/follows/bill%3A118-hr-1')).toEqual({ id: 'bill:118-hr-1' });
    expect(pathMatcher('/api/bills/{id}')('/api/bills/1/2')).toBeNull();
  });
  it('answers 400 naming the parameter for a malformed %-escape, for every route with a path parameter', () => {
    for (const bad of ['%zz', '%', '%E0%A4%A', 'a%2', '%C3%28']) {
      expect(() => pathMatcher('/api/bills/{id}')(`/api/bills/${bad}`), bad).toThrow(/path parameter id has a malformed %-escape/);
      expect(
        statusOf(() => findRoute(ROUTES, 'GET', `/api/bills/${bad}`, undefined)),
        bad,
      ).toBe(400);
    }
    for (const route of ROUTES.filter((r) => r.path.includes('{'))) {
      const path = route.path.replace(/\{\w+\}/g, '%zz');
      expect(
        statusOf(() => findRoute(ROUTES, route.method, path, undefined)),
        path,
      ).toBe(400);
      expect(
        // The key API Gateway sends: its path variables whole segments (routeKey).
        statusOf(() => findRoute(ROUTES, route.method, path, routeKey(route))),
        path,
      ).toBe(400);
    }
  });
  it('routes a path variable beside fixed text as its whole segment at the gateway, and matches the fixed text itself', () => {
    expect(gatewayPath('/api/calendar/{token}.ics')).toBe('/api/calendar/{token}');
    expect(gatewayPath('/api/bills/{id}/calendar.ics')).toBe('/api/bills/{id}/calendar.ics');
    const { route, params } = findRoute(ROUTES, 'GET', '/api/calendar/abc-1.ics', 'GET /api/calendar/{token}');
    expect([route.path, params]).toEqual(['/api/calendar/{token}.ics', { token: 'abc-1' }]);
    expect(statusOf(() => findRoute(ROUTES, 'GET', '/api/calendar/abc-1', 'GET /api/calendar/{token}'))).toBe(404);
  });
  it('answers 404 for an unknown path and 405 for a known path with another method', () => {
    expect(statusOf(() => findRoute(ROUTES, 'GET', '/api/nope', undefined))).toBe(404);
    expect(statusOf(() => findRoute(ROUTES, 'DELETE', '/api/health', undefined))).toBe(405);
    expect(findRoute(ROUTES, 'GET', '/api/health', undefined).route.operationId).toBe('health');
  });
  it('has unique operation ids and unique method+path pairs', () => {
    const ids = ROUTES.map((r) => r.operationId);
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ROUTES.every((r) => r.path.startsWith('/api/'))).toBe(true);
  });
});

describe('cron conversion for EventBridge Scheduler', () => {
  it('turns five-field crons into AWS six-field crons with one "?"', () => {
    expect(toAwsCron('*/30 * * * *')).toBe('cron(0/30 * * * ? *)');
    expect(toAwsCron('0 4 * * *')).toBe('cron(0 4 * * ? *)');
    expect(toAwsCron('30 8 * * MON')).toBe('cron(30 8 ? * MON *)');
    expect(() => toAwsCron('* * *')).toThrow(/five-field/);
  });
});

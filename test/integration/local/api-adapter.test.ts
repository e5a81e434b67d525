// The local API Gateway: the v2 events it builds, the route it picks, and the server around the real handlers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { isTextContentType, queryParameters, toApiGatewayEvent } from '#local/apigw-event.ts';
import { MAX_REQUEST_BYTES, startApiServer, type RunningApiServer } from '#local/api-server.ts';
import { routeMatcher } from '#local/route-match.ts';
import { defineRoute } from '#shared/edges/http/route.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const base = { method: 'GET', headers: {}, body: Buffer.alloc(0), sourceIp: '192.0.2.9', routeKey: '$default' };

describe('API Gateway v2 events', () => {
  it('carries path parameters, the raw query and decoded query parameters with repeats comma-joined', () => {
    const event = toApiGatewayEvent({
      ...base,
      url: '/api/bills/119-hr-1/notes?tag=a&tag=b%20c&limit=5',
      routeKey: 'GET /api/bills/{id}/notes',
      pathParameters: { id: '119-hr-1' },
    });
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('GET /api/bills/{id}/notes');
    expect(event.requestContext.routeKey).toBe('GET /api/bills/{id}/notes');
    expect(event.rawPath).toBe('/api/bills/119-hr-1/notes');
    expect(event.rawQueryString).toBe('tag=a&tag=b%20c&limit=5');
    expect(event.queryStringParameters).toEqual({ tag: 'a,b c', limit: '5' });
    expect(event.pathParameters).toEqual({ id: '119-hr-1' });
    expect(event.requestContext.http).toMatchObject({ method: 'GET', path: '/api/bills/119-hr-1/notes', sourceIp: '192.0.2.9' });
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  it('lower-cases headers, joins repeats, moves cookies to their own field and keeps X-Forwarded-For untouched', () => {
    const event = toApiGatewayEvent({
      ...base,
      url: '/api/health',
      headers: { 'X-Custom': ['1', '2'], Cookie: ['a=1; b=2'], 'X-Forwarded-For': ['203.0.113.1, 10.0.0.1'] },
    });
    expect(event.headers).toEqual({ 'x-custom': '1,2', 'x-forwarded-for': '203.0.113.1, 10.0.0.1' });
    expect(event.cookies).toEqual(['a=1', 'b=2']);
  });

  it('passes JSON and text bodies as text and binary bodies base64-encoded', () => {
    const json = toApiGatewayEvent({ ...base, method: 'POST', url: '/x', headers: { 'content-type': ['application/json'] }, body: Buffer.from('{"a":1}') });
    expect(json).toMatchObject({ body: '{"a":1}', isBase64Encoded: false });
    const bytes = Buffer.from([0, 255, 16, 32]);
    const binary = toApiGatewayEvent({ ...base, method: 'POST', url: '/x', headers: { 'content-type': ['application/octet-stream'] }, body: bytes });
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.body as string, 'base64')).toEqual(bytes);
    expect(isTextContentType('application/problem+json; charset=utf-8')).toBe(true);
    expect(isTextContentType('application/x-www-form-urlencoded')).toBe(true);
    expect(isTextContentType('image/png')).toBe(false);
    expect(queryParameters('')).toBeUndefined();
  });

  it('prefers a literal path segment over a {param}, whatever the table order', () => {
    const route = (path: string, operationId: string) =>
      defineRoute({ operationId, method: 'GET', path, fn: 'bills', auth: 'none', summary: operationId, description: operationId });
    const match = routeMatcher([route('/api/bills/{id}', 'getBill'), route('/api/bills/search', 'searchBills')]);
    expect(match('GET', '/api/bills/search')?.route.operationId).toBe('searchBills');
    expect(match('GET', '/api/bills/119-hr-1')).toMatchObject({ routeKey: 'GET /api/bills/{id}', pathParameters: { id: '119-hr-1' } });
    expect(match('POST', '/api/bills/119-hr-1')).toBeNull();
    // A malformed %-escape still routes (as API Gateway does), so the handler can answer 400 naming the parameter.
    expect(match('GET', '/api/bills/%E0%A4%A')).toMatchObject({ routeKey: 'GET /api/bills/{id}', pathParameters: {} });
  });
});

describe('the local API server', () => {
  let server: RunningApiServer;
  beforeAll(async () => {
    server = await startApiServer({ port: 0, log: () => undefined });
  });
  afterAll(() => server.stop());

  it('calls the real handler of the route and the fallback for unknown paths', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const unknown = await fetch(`${server.url}/api/nowhere`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'route.not_found' });
  });

  it('refuses a body over 10 MB with 413 before invoking anything', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${server.url}/api/auth/login`);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': MAX_REQUEST_BYTES + 1 },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write('{');
    });
    expect(status).toBe(413);
  });
});

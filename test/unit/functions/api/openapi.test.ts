import { describe, expect, it } from 'vitest';
import { fallback, handler as system } from '#functions/api/system.ts';
import { ROUTES } from '#shared/edges/http/routes/index.ts';
import { apiEvent, call } from '#test/support/api.ts';

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with every route of the route table', async () => {
    const res = await call(system, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const route of ROUTES) {
      expect(doc.paths[route.path]?.[route.method.toLowerCase()]?.operationId, `${route.method} ${route.path}`).toBe(route.operationId);
    }
  });

  it('documents a response schema for every route that answers JSON with a body', () => {
    // The e2e contract check (test/e2e/support/contract.ts) fails such a route's replies too; this says so without a stack.
    const undocumented = ROUTES.filter((r) => !r.response && !r.produces && r.successStatus !== 204).map((r) => `${r.method} ${r.path}`);
    expect(undocumented).toEqual([]);
  });

  it('documents the register body from its zod schema, with its limits', async () => {
    const doc = (await call(system, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, { minLength?: number }> } }> } }>>;
    };
    const schema = doc.paths['/api/auth/register']?.post?.requestBody.content['application/json']?.schema;
    expect(schema?.properties.password?.minLength).toBe(8);
  });
});

describe('health and fallback', () => {
  it('answers {"status":"ok"}', async () => {
    expect((await call(system, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
  });

  it('answers 404 for unknown paths and 405 with Allow for known paths', async () => {
    const missing = await fallback(apiEvent('GET', '/api/unknown'));
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body ?? '{}')).toMatchObject({ code: 'route.not_found' });
    const wrong = await fallback(apiEvent('PUT', '/api/health'));
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers?.Allow).toBe('GET');
  });

  it('adds CORS headers only for configured origins', async () => {
    process.env.CORS_ORIGINS = 'https://app.example';
    const { resetConfig } = await import('#shared/platform/config.ts');
    resetConfig();
    const allowed = await call(system, 'GET', '/api/health', { headers: { origin: 'https://app.example' } });
    const other = await call(system, 'GET', '/api/health', { headers: { origin: 'https://evil.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

// GET /api/openapi.json builds its document once per container, not on every request.
import { describe, expect, it, vi } from 'vitest';
import * as builder from '#shared/edges/http/openapi.ts';
import { handler as system } from '#functions/api/system.ts';
import { call } from '#test/support/api.ts';

vi.mock('#shared/edges/http/openapi.ts', async (original) => {
  const actual = await original<typeof builder>();
  return { ...actual, buildOpenApi: vi.fn(actual.buildOpenApi) };
});

describe('GET /api/openapi.json', () => {
  it('builds the document on the first request only and answers the same document after', async () => {
    const first = await call(system, 'GET', '/api/openapi.json');
    const again = await Promise.all([call(system, 'GET', '/api/openapi.json'), call(system, 'GET', '/api/openapi.json')]);
    expect([first.status, ...again.map((r) => r.status)]).toEqual([200, 200, 200]);
    expect(again.map((r) => r.body)).toEqual([first.body, first.body]);
    expect(builder.buildOpenApi).toHaveBeenCalledTimes(1);
  });
});

// Issue 32.6: a result the server cannot write (here a header value Node refuses) is answered 500 with the error
// logged, never a connection closed with no status (the server destroyed the socket before).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as FunctionLoader from '#local/function-loader.ts';

vi.mock('#local/function-loader.ts', async (original) => ({
  ...(await original<typeof FunctionLoader>()),
  // Every API function answers with a header value outside Latin-1, which http.ServerResponse.writeHead throws on.
  loadFunction: async () => ({ status: 'ok', handler: async () => ({ statusCode: 200, headers: { 'X-Title': 'S. 2848 \u2014 \u03a9' }, body: '{}' }) }),
}));

const { startApiServer } = await import('#local/api-server.ts');

let server: Awaited<ReturnType<typeof startApiServer>>;
const logs: string[] = [];

beforeAll(async () => {
  server = await startApiServer({ port: 0, log: (line) => logs.push(line) });
});
afterAll(async () => {
  await server.stop();
});

describe('the local API server when writing a result throws', () => {
  it('answers 500 with a JSON detail and logs why, for a GET and a POST', async () => {
    const get = await fetch(`${server.url}/api/bills/118-hr-1`);
    expect(get.status).toBe(500);
    expect(get.headers.get('x-title')).toBeNull();
    expect(await get.json()).toEqual({ detail: 'Internal server error', code: 'internal' });
    const post = await fetch(`${server.url}/api/auth/register`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(post.status).toBe(500);
    expect(logs.join('\n')).toMatch(/api: GET \/api\/bills\/\{id\}: writing the answer failed: TypeError.*Invalid character in header content \["X-Title"\]/s);
    expect(logs.join('\n')).toMatch(/api: POST \/api\/auth\/register: writing the answer failed/);
  });
});

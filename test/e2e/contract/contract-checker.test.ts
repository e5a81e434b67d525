/**
 * The e2e contract check can fail: crafted replies that drift from a route's
 * declared response (an undeclared key, a null where the schema has none, a
 * missing field, an error body of another shape, the wrong content type, a
 * path no route serves) throw a ContractError naming the route, the status
 * and the zod issues, both from the checker itself and through the e2e
 * client, against a local server that answers with the crafted bodies.
 * The coverage report lists what a run did not validate.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, type RouteDef } from '#shared/edges/http/route.ts';
import { listOf } from '#shared/edges/http/schemas.ts';
import { ContractError, contractChecker, deepStrict, type ContractReply } from '../support/contract.ts';
import { httpClient } from '../support/http-client.ts';
import { formatCoverage, readCoverage, recordExercised } from '../support/route-coverage.ts';

const Widget = z.object({ id: z.string(), size: z.number().nullable(), tags: z.array(z.object({ name: z.string() })), color: z.string().default('red') });
const ROUTES: RouteDef[] = [
  defineRoute({
    operationId: 'getWidget',
    method: 'GET',
    path: '/api/widgets/{id}',
    fn: 'system',
    auth: 'none',
    summary: 's',
    description: 'A test route.',
    response: () => Widget,
  }),
  defineRoute({
    operationId: 'listWidgets',
    method: 'GET',
    path: '/api/widgets',
    fn: 'system',
    auth: 'none',
    summary: 's',
    description: 'A test route.',
    response: () => listOf(Widget),
  }),
  defineRoute({
    operationId: 'undocumented',
    method: 'GET',
    path: '/api/undocumented',
    fn: 'system',
    auth: 'none',
    summary: 's',
    description: 'A test route.',
  }),
  defineRoute({
    operationId: 'dropWidget',
    method: 'DELETE',
    path: '/api/widgets/{id}',
    fn: 'system',
    auth: 'none',
    summary: 's',
    description: 'A test route.',
    successStatus: 204,
  }),
  defineRoute({
    operationId: 'page',
    method: 'GET',
    path: '/api/page',
    fn: 'system',
    auth: 'none',
    summary: 's',
    description: 'A test route.',
    produces: 'text/html',
  }),
];
const widget = { id: 'w1', size: 3, tags: [{ name: 'a' }], color: 'blue' };

const check = contractChecker(ROUTES);
const reply = (
  method: string,
  path: string,
  status: number,
  body: unknown,
  contentType = 'application/json',
  headers: Record<string, string> = {},
): ContractReply => ({
  method,
  path,
  status,
  contentType,
  headers: new Headers(headers),
  text: typeof body === 'string' ? body : JSON.stringify(body),
});
const broken = (r: ContractReply) => {
  try {
    check(r);
  } catch (err) {
    expect(err).toBeInstanceOf(ContractError);
    return (err as Error).message;
  }
  throw new Error('the contract check passed a reply that breaks the contract');
};

describe('deepStrict', () => {
  it('refuses undeclared keys at every depth, requires defaults and keeps catchalls and records open', () => {
    expect(Widget.safeParse({ ...widget, extra: 1 }).success).toBe(true);
    expect(deepStrict(Widget).safeParse({ ...widget, extra: 1 }).success).toBe(false);
    expect(deepStrict(Widget).safeParse({ ...widget, tags: [{ name: 'a', leaked: true }] }).success).toBe(false);
    const { color: _color, ...withoutDefault } = widget;
    expect(deepStrict(Widget).safeParse(withoutDefault).success).toBe(false);
    expect(deepStrict(z.looseObject({ a: z.string() })).safeParse({ a: 'x', b: 1 }).success).toBe(true);
    expect(deepStrict(z.record(z.string(), z.unknown())).safeParse({ any: { thing: 1 } }).success).toBe(true);
  });

  it('tries each option of a (discriminated) union strictly, and follows lazy schemas', () => {
    const Either = z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.number() })]);
    expect(deepStrict(Either).safeParse({ a: 'x', b: 1 }).success).toBe(true);
    expect(deepStrict(Either).safeParse({ a: 'x', c: 1 }).success).toBe(false);
    const Tagged = z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), a: z.string() }), z.object({ kind: z.literal('b'), b: z.number() })]);
    expect(deepStrict(Tagged).safeParse({ kind: 'b', b: 1 }).success).toBe(true);
    expect(deepStrict(Tagged).safeParse({ kind: 'b', b: 1, a: 'x' }).success).toBe(false);
    interface Node {
      name: string;
      children: Node[];
    }
    const Tree: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(Tree) }));
    expect(deepStrict(Tree).safeParse({ name: 'r', children: [{ name: 'c', children: [] }] }).success).toBe(true);
    expect(deepStrict(Tree).safeParse({ name: 'r', children: [{ name: 'c', children: [], x: 1 }] }).success).toBe(false);
  });
});

describe('the contract check', () => {
  it('passes replies that match their route', () => {
    expect(check(reply('GET', '/api/widgets/w1?fields=all', 200, widget)).route?.operationId).toBe('getWidget');
    expect(check(reply('GET', '/api/widgets', 200, { items: [widget], next_cursor: null })).success).toBe(true);
    expect(check(reply('DELETE', '/api/widgets/w1', 204, '', '')).success).toBe(true);
    expect(check(reply('GET', '/api/page', 200, '<p>hi</p>', 'text/html; charset=utf-8')).success).toBe(true);
    expect(check(reply('GET', '/api/widgets/w2', 404, { detail: 'No widget', code: 'widget.not_found' })).success).toBe(false);
    expect(check(reply('GET', '/api/nowhere', 404, { detail: 'No route', code: 'route.not_found' })).route).toBeNull();
    expect(
      check(reply('POST', '/api/page', 405, { detail: 'Use GET', code: 'request.method_not_allowed' }, 'application/json', { allow: 'GET' })).route,
    ).toBeNull();
  });

  it('fails a success body with an undeclared key, naming the route, status and issue', () => {
    const message = broken(reply('GET', '/api/widgets', 200, { items: [{ ...widget, owner_id: 'u1' }], next_cursor: null }));
    expect(message).toContain('GET /api/widgets → 200');
    expect(message).toContain('listWidgets');
    expect(message).toMatch(/items\.0: Unrecognized key: "owner_id"/);
  });

  it('fails a null the schema does not allow, a missing field and a wrong type', () => {
    expect(broken(reply('GET', '/api/widgets/w1', 200, { ...widget, id: null }))).toMatch(/id: /);
    const { tags: _tags, ...noTags } = widget;
    expect(broken(reply('GET', '/api/widgets/w1', 200, noTags))).toMatch(/tags: /);
    expect(broken(reply('GET', '/api/widgets/w1', 200, { ...widget, size: '3' }))).toMatch(/size: /);
  });

  it('fails JSON from a route without a response schema, and a body-less reply from a route with one', () => {
    expect(broken(reply('GET', '/api/undocumented', 200, { ok: true }))).toContain('declares no `response` schema');
    expect(broken(reply('GET', '/api/widgets/w1', 200, '', ''))).toContain('no body');
  });

  it('fails error replies that are not a strict ErrorBody', () => {
    expect(broken(reply('GET', '/api/widgets/w2', 404, { message: 'No widget' }))).toMatch(/detail: /);
    expect(broken(reply('GET', '/api/widgets/w2', 404, { detail: 'No widget', code: 'widget.not_found', stack: 'at …' }))).toContain(
      'Unrecognized key: "stack"',
    );
    expect(broken(reply('GET', '/api/widgets/w2', 500, 'Internal Server Error', 'text/plain'))).toContain('JSON ErrorBody');
  });

  it('fails a content type other than the declared one', () => {
    expect(broken(reply('GET', '/api/page', 200, { html: '<p>' }))).toContain('produces text/html');
    expect(broken(reply('GET', '/api/widgets/w1', 200, 'w1', 'text/plain'))).toContain('declare `produces`');
  });

  it('allows a path no route serves only as a fallback 404 or 405', () => {
    expect(broken(reply('GET', '/api/nowhere', 200, { ok: true }))).toContain('no route');
    expect(broken(reply('GET', '/api/nowhere', 404, { detail: 'Gone', code: 'widget.not_found' }))).toContain('route.not_found');
    expect(broken(reply('POST', '/api/page', 405, { detail: 'Use GET', code: 'request.method_not_allowed' }))).toContain('Allow');
  });
});

describe('the e2e client', () => {
  let server: Server;
  let base = '';
  const crafted: Record<string, unknown> = {
    '/api/widgets/ok': widget,
    '/api/widgets/leaky': { ...widget, password_hash: 'x' },
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = crafted[req.url ?? ''];
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? { detail: 'No route', code: 'route.not_found' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('returns replies that keep the contract and throws on one that breaks it', async () => {
    const api = httpClient(base, ROUTES);
    expect((await api.raw('GET', '/api/widgets/ok')).body).toEqual(widget);
    await expect(api.raw('GET', '/api/widgets/leaky')).rejects.toThrow(/getWidget[\s\S]*Unrecognized key: "password_hash"/);
  });

  it('sends through the typed client: the path with its query, the token and the JSON body', async () => {
    const seen: { url?: string; auth?: string; type?: string; body?: string }[] = [];
    const echo = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ url: req.url, auth: req.headers.authorization, type: req.headers['content-type'], body });
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'No route', code: 'route.not_found' }));
      });
    });
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    try {
      const api = httpClient(`http://127.0.0.1:${(echo.address() as AddressInfo).port}`);
      const reply = await api.raw('POST', '/api/nowhere', { token: 't0k', query: { limit: '5' }, body: { a: 1 } });
      expect(reply.status).toBe(404);
      expect(seen).toEqual([{ url: '/api/nowhere?limit=5', auth: 'Bearer t0k', type: 'application/json', body: '{"a":1}' }]);
    } finally {
      await new Promise<void>((r) => echo.close(() => r()));
    }
  });

  it('types request() by the generated document: a path, method or field the document lacks fails tsc', () => {
    // Compiled, never run: each @ts-expect-error fails the type check if the typed client stops rejecting the line.
    const typed = (api: ReturnType<typeof httpClient>, id: string) => async () => {
      // @ts-expect-error no route has this path
      await api.request('GET', '/api/billz');
      // @ts-expect-error the route has no DELETE
      await api.request('DELETE', '/api/bills');
      // @ts-expect-error a path parameter cannot hold a slash: not a route
      await api.request('GET', `/api/bills/${id}/actions/extra`);
      const bill = await api.request('GET', `/api/bills/${id}`);
      // @ts-expect-error the bill detail has no field of this name
      void bill.body.sponsor_name;
      const title: string = bill.body.title;
      const votes = await api.request('GET', `/api/bills/${id}/votes`);
      const queued: boolean = votes.body.vote_fetch_queued;
      const zip = await api.request('GET', `/api/members/by-zip/${id}`);
      // A literal segment beats a parameter, as the gateway matches: by-zip/{zip}, not {id}/bills.
      const ambiguous: boolean = zip.body.ambiguous;
      return [title, queued, ambiguous];
    };
    expect(typeof typed).toBe('function');
  });

  it('checks against the real route table by default', async () => {
    crafted['/api/health'] = { status: 'ok', version: '1' };
    await expect(httpClient(base).request('GET', '/api/health')).rejects.toThrow(/health[\s\S]*Unrecognized key: "version"/);
  });
});

describe('the coverage report', () => {
  it('lists the routes with a validated success, those reached only with errors and those never reached', () => {
    const folder = mkdtempSync(join(tmpdir(), 'contract-coverage-'));
    expect(readCoverage(folder, ROUTES)).toBeNull();
    recordExercised(folder, ROUTES[0] as RouteDef, 200, true);
    recordExercised(folder, ROUTES[1] as RouteDef, 404, false);
    writeFileSync(join(folder, 'other.jsonl'), `${JSON.stringify({ route: 'GET /api/page', status: 200, success: true })}\n`);
    const report = readCoverage(folder, ROUTES);
    expect(report).toEqual({
      validated: ['GET /api/widgets/{id}', 'GET /api/page'],
      errorsOnly: ['GET /api/widgets'],
      untouched: ['GET /api/undocumented', 'DELETE /api/widgets/{id}'],
    });
    expect(formatCoverage(report as NonNullable<typeof report>)).toContain('2/5 routes');
  });
});

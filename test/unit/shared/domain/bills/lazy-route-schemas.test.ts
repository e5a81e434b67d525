/**
 * Route schemas are built on first read (shared/edges/http/route.ts), and so are
 * the schemas only the route table names and every other schema the code
 * parses with (shared/domain/lazy-schema.ts): an API function's cold start
 * builds none of them (what every cold start parses, the config, the secret
 * bundle and the log level, is zod/mini), and a request builds
 * only the request schemas of the route it matched, never a reply schema.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { API_FUNCTION_GROUPS, ROUTE_SCHEMA_FIELDS, defineRoute, lazySchema, type RouteDef } from '#shared/edges/http/route.ts';

/**
 * Every zod schema the service's code makes starts with a call of one of
 * zod's factories (`z.object`, `z.string`, `z.coerce.number`, …), so this
 * file's `zod` counts, while `recording` is on, each factory call that
 * returns a schema, with the line of the service's code that made it. What
 * every cold start parses (the config, the secret bundle, the log level) is
 * written with zod/mini (shared/platform/), which is not this module, so it
 * is not counted.
 */
const zodFactories = vi.hoisted(() => ({ recording: false, made: [] as string[] }));
vi.mock('zod', async (importOriginal) => {
  const root = `${process.cwd()}/`;
  const wrapped = new Map<object, Record<string, unknown>>();
  const wrap = (namespace: Record<string, unknown>): Record<string, unknown> => {
    const done = wrapped.get(namespace);
    if (done) return done;
    const out: Record<string, unknown> = {};
    wrapped.set(namespace, out);
    for (const [name, value] of Object.entries(namespace)) {
      if (value && typeof value === 'object' && Object.prototype.toString.call(value) === '[object Module]') {
        out[name] = wrap(value as Record<string, unknown>);
      } else if (typeof value === 'function' && /^[a-z_]/.test(name)) {
        // Lower-case exports are factories and helpers; the classes (ZodObject, …) stay as they are, for instanceof.
        const factory = value as (...args: unknown[]) => unknown;
        out[name] = (...args: unknown[]) => {
          const result = factory(...args);
          if (zodFactories.recording && typeof result === 'object' && result !== null && '_zod' in result) {
            const site = new Error().stack
              ?.split('\n')
              .slice(2)
              .find((line) => line.includes(root) && !line.includes('/node_modules/'));
            zodFactories.made.push(`z.${name} ${site?.trim().replace(root, '') ?? 'at an unknown line'}`);
          }
          return result;
        };
      } else out[name] = value;
    }
    return out;
  };
  return wrap(await importOriginal<Record<string, unknown>>());
});

type Field = (typeof ROUTE_SCHEMA_FIELDS)[number];

/** The schema fields a route declares, with whether each has been built (read) yet. */
function schemaState(route: RouteDef): Partial<Record<Field, 'built' | 'unbuilt'>> {
  const state: Partial<Record<Field, 'built' | 'unbuilt'>> = {};
  for (const field of ROUTE_SCHEMA_FIELDS) {
    const descriptor = Object.getOwnPropertyDescriptor(route, field);
    if (descriptor) state[field] = 'value' in descriptor ? 'built' : 'unbuilt';
  }
  return state;
}

const built = (route: RouteDef) =>
  Object.entries(schemaState(route))
    .filter(([, s]) => s === 'built')
    .map(([f]) => `${route.operationId}.${f}`);

describe('defineRoute', () => {
  it('builds each schema once, on its first read, and keeps that instance', () => {
    const params = vi.fn(() => z.object({ id: z.string() }));
    const response = vi.fn(() => z.object({ ok: z.boolean() }).meta({ id: 'LazyRouteTestReply' }));
    const route = defineRoute({
      operationId: 'lazyTest',
      method: 'GET',
      path: '/api/lazy/{id}',
      fn: 'system',
      auth: 'none',
      summary: 's',
      description: 'A test route.',
      params,
      response,
    });
    expect(params).not.toHaveBeenCalled();
    expect(response).not.toHaveBeenCalled();
    expect(schemaState(route)).toEqual({ params: 'unbuilt', response: 'unbuilt' });
    expect(Object.keys(route)).toContain('params');

    const first = route.params;
    expect(route.params).toBe(first);
    expect(params).toHaveBeenCalledTimes(1);
    expect(first?.parse({ id: 'x' })).toEqual({ id: 'x' });
    expect(schemaState(route)).toEqual({ params: 'built', response: 'unbuilt' });
    expect(response).not.toHaveBeenCalled();

    expect(route.response).toBe(route.response);
    expect(response).toHaveBeenCalledTimes(1);
    expect(z.globalRegistry.get(route.response as z.ZodType)).toEqual({ id: 'LazyRouteTestReply' });
    expect(route.query).toBeUndefined();
    expect(route.body).toBeUndefined();
  });
});

describe('lazySchema', () => {
  it('builds its schema on the first call only, and returns that instance after', () => {
    const build = vi.fn(() => z.string().meta({ id: 'LazySchemaTestValue' }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema()).toBe(schema());
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe('the API functions', () => {
  it('build no route schema when their module is imported (a cold start)', async () => {
    // The reply components only the route table names (lazySchema, shared/domain/lazy-schema.ts), as registered before
    // the import: none in a process of its own; whatever an earlier file built in the unit tier's shared one.
    const components = ['Bill', 'BillListItem', 'Brief', 'Error', 'JobRun', 'Member', 'MemberCard', 'NextCursor', 'StatusTimelineEntry', 'User'];
    const before = new Map(components.map((id) => [id, z.globalRegistry._idmap.get(id)]));
    const routes: RouteDef[] = [];
    for (const group of API_FUNCTION_GROUPS) {
      const mod = (await import(`../../../../../functions/api/${group}.ts`)) as { handler: { routes: readonly RouteDef[] } };
      routes.push(...mod.handler.routes);
    }
    expect(routes.filter((r) => Object.keys(schemaState(r)).length > 0).length).toBeGreaterThan(50);
    expect(routes.flatMap(built)).toEqual([]);
    // Nor are those components: none is registered, or registered anew, by the import.
    expect(components.filter((id) => z.globalRegistry._idmap.get(id) !== before.get(id))).toEqual([]);
  });

  it("build only the matched route's request schemas on a request, never its reply schema", async () => {
    const { handler } = await import('#functions/api/bills.ts');
    const actions = handler.routes.find((r) => r.operationId === 'listBillActions') as RouteDef;
    expect(schemaState(actions)).toEqual({ params: 'unbuilt', query: 'unbuilt', response: 'unbuilt' });

    // A malformed bill id is refused by the params schema, before any read.
    const event = {
      version: '2.0',
      routeKey: 'GET /api/bills/{id}/actions',
      rawPath: '/api/bills/not-a-bill/actions',
      rawQueryString: '',
      headers: {},
      pathParameters: { id: 'not-a-bill' },
      requestContext: { http: { method: 'GET', path: '/api/bills/not-a-bill/actions', sourceIp: '203.0.113.9' }, requestId: 'lazy-test' },
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2;
    const reply = await handler(event, { awsRequestId: 'lazy-test' } as Context);
    expect(reply.statusCode).toBe(422);

    // The query is never read: the params failed first.
    expect(handler.routes.flatMap(built)).toEqual(['listBillActions.params']);
  });

  it('build no zod schema when their module is imported, but what every cold start parses (zod/mini)', async () => {
    // Afresh, so that modules an earlier import (or the setup file) evaluated are evaluated again, under the count.
    vi.resetModules();
    zodFactories.made.length = 0;
    zodFactories.recording = true;
    try {
      for (const group of API_FUNCTION_GROUPS) await import(`../../../../../functions/api/${group}.ts`);
      expect(zodFactories.made).toEqual([]);

      // The count sees the service's schemas: a builder called now is counted.
      const { BillId } = await import('#shared/domain/bills/bill-id.ts');
      BillId();
      expect(zodFactories.made).toEqual([expect.stringMatching(/^z\.string at .*shared\/domain\/bills\/bill-id\.ts:\d+/)]);
    } finally {
      zodFactories.recording = false;
    }
  });
});

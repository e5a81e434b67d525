/**
 * The response contract of the e2e tests: every reply the e2e HTTP client
 * receives is checked against the row of the route table it answers, the
 * same rows (and zod schemas) /api/openapi.json is generated from. A reply
 * that breaks the contract throws, so the test that made the call fails.
 *
 * The rules, for a reply to METHOD /api/path (query string ignored):
 * - The route is found the way the local gateway finds it (local/route-match.ts:
 *   pathMatcher over ROUTES, a literal segment beating a {param}).
 * - 2xx JSON: the route must declare a `response` schema and must not declare
 *   `produces`; the body must parse with the deep-strict schema (below).
 * - 2xx without a body: only 204, or 202 on a route that declares no response.
 * - 304: only on a route with a cache rule, with no body and an ETag.
 * - 2xx non-JSON: the content type must be the route's `produces`.
 * - 4xx / 5xx: a JSON body that parses with the deep-strict ErrorBody; the
 *   non-JSON routes (`produces`) may instead answer a page of their own type.
 * - No route row: only the gateway fallback's answers are allowed, a 404
 *   route.not_found or a 405 with Allow, each with an ErrorBody; an OPTIONS
 *   preflight (answered by the CORS layer, not a route) must be a 204 with no body.
 *
 * Deep-strict: zod objects strip keys they do not declare, so a plain parse
 * would let an undocumented (or leaked) field through. `deepStrict` rebuilds
 * a schema with every object strict (an undeclared key is an issue) all the
 * way down, through arrays, records, unions, optional/nullable wrappers and
 * lazy schemas, keeping each object's own checks. Fields with a `.default()`
 * (or `.prefault()` / `.catch()`) become required: the OpenAPI document is
 * built with zod's output JSON Schema, where such fields are required and
 * every object has `additionalProperties: false`, so the strict schema
 * accepts exactly what the published document promises. Objects that declare
 * a catchall (z.looseObject, .catchall()) keep it, and z.unknown() /
 * z.record() values accept what they always accepted. Intersections are
 * refused outright, since two strict halves reject each other's keys: use
 * .extend() in response schemas.
 */
import { z } from 'zod';
import { ROUTES } from '#shared/edges/http/routes/index.ts';
import { ErrorBody } from '#shared/edges/http/schemas.ts';
import type { RouteDef } from '#shared/edges/http/route.ts';
import { routeMatcher } from '#local/route-match.ts';

/** What the checker needs of a reply. */
export interface ContractReply {
  method: string;
  /** The request path, with or without its query string. */
  path: string;
  status: number;
  contentType: string;
  headers: Headers;
  /** The raw body text. */
  text: string;
}

/** What a checked reply was: the route it answered (null for the fallback) and whether its success body was validated. */
export interface ContractOutcome {
  route: RouteDef | null;
  /** Set for a 2xx reply: its body (or its absence / content type) matched the route's declaration. */
  success: boolean;
}

export class ContractError extends Error {
  override name = 'ContractError';
}

type Schema = z.ZodType;
const strictCache = new WeakMap<Schema, Schema>();

/** The schema with every object strict and every default required, recursively (see the header). */
export function deepStrict<S extends Schema>(schema: S): S {
  const cached = strictCache.get(schema);
  if (cached) return cached as S;
  const built = buildStrict(schema);
  strictCache.set(schema, built);
  return built as S;
}

function buildStrict(schema: Schema): Schema {
  const def = schema.def as unknown as Record<string, unknown> & { type: string };
  const strict = (s: unknown) => deepStrict(s as Schema);
  const rebuild = (changes: Record<string, unknown>) => schema.clone({ ...def, ...changes } as typeof schema.def);
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(Object.entries((schema as unknown as z.ZodObject).shape).map(([k, v]) => [k, strict(v)]));
      return rebuild({ shape, catchall: def.catchall === undefined ? z.never() : strict(def.catchall) });
    }
    case 'default':
    case 'prefault':
    case 'catch':
      return strict(def.innerType);
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
      return rebuild({ innerType: strict(def.innerType) });
    case 'array':
      return rebuild({ element: strict(def.element) });
    case 'record':
      return rebuild({ valueType: strict(def.valueType) });
    case 'union':
      return rebuild({ options: (def.options as Schema[]).map(strict) });
    case 'tuple':
      return rebuild({ items: (def.items as Schema[]).map(strict), rest: def.rest ? strict(def.rest) : def.rest });
    case 'pipe':
      return rebuild({ in: strict(def.in) });
    case 'lazy': {
      const getter = def.getter as () => Schema;
      return z.lazy(() => deepStrict(getter()));
    }
    case 'intersection':
      throw new ContractError('An intersection (.and / z.intersection) in a response schema cannot be checked strictly; declare the object with .extend()');
    default:
      return schema;
  }
}

const routeLabel = (route: RouteDef | null) => (route ? `${route.method} ${route.path} (${route.operationId})` : 'no route (gateway fallback)');

function issuesOf(error: z.ZodError): string {
  return error.issues.map((i) => `  - ${i.path.length ? i.path.join('.') : '(body)'}: ${i.message}`).join('\n');
}

function fail(reply: ContractReply, route: RouteDef | null, problem: string): never {
  const body = reply.text.length > 600 ? `${reply.text.slice(0, 600)}…` : reply.text;
  throw new ContractError(`Contract broken by ${reply.method} ${reply.path} → ${reply.status}, route ${routeLabel(route)}: ${problem}\nbody: ${body}`);
}

function parseBody(reply: ContractReply, route: RouteDef | null): unknown {
  try {
    return JSON.parse(reply.text);
  } catch {
    return fail(reply, route, `the content type is ${reply.contentType} but the body is not JSON`);
  }
}

function check(reply: ContractReply, route: RouteDef | null, schema: Schema, what: string): void {
  const result = deepStrict(schema).safeParse(parseBody(reply, route));
  if (!result.success) fail(reply, route, `the body does not match ${what}:\n${issuesOf(result.error)}`);
}

const isJson = (contentType: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);

/** Checks one reply against the route table; throws a ContractError naming the route, status and issues on a mismatch. */
export function contractChecker(routes: readonly RouteDef[] = ROUTES): (reply: ContractReply) => ContractOutcome {
  const match = routeMatcher(routes);
  return (reply) => {
    const method = reply.method.toUpperCase();
    const path = reply.path.split('?')[0] ?? '';
    const route = match(method, path)?.route ?? null;
    const json = isJson(reply.contentType);
    const empty = reply.text === '';

    if (!route) {
      if (method === 'OPTIONS') {
        if (reply.status !== 204 || !empty) fail(reply, route, 'a CORS preflight must answer 204 with no body');
        return { route, success: false };
      }
      if (reply.status !== 404 && reply.status !== 405)
        fail(reply, route, 'no route of the route table serves this request; only a 404 or 405 of the fallback may answer it');
      if (!json) fail(reply, route, `the fallback's ${reply.status} must be a JSON ErrorBody`);
      check(reply, route, ErrorBody(), 'ErrorBody');
      const code = (JSON.parse(reply.text) as { code: string }).code;
      if (reply.status === 404 && code !== 'route.not_found') fail(reply, route, `the fallback's 404 must carry code route.not_found, not ${code}`);
      if (reply.status === 405 && !reply.headers.get('allow')) fail(reply, route, 'a 405 must name the allowed methods in Allow');
      return { route, success: false };
    }

    if (reply.status >= 400) {
      if (!json && route.produces && reply.contentType.startsWith(route.produces)) return { route, success: false };
      if (!json) fail(reply, route, `an error reply must be a JSON ErrorBody, not ${reply.contentType || 'an empty body'}`);
      check(reply, route, ErrorBody(), 'ErrorBody');
      return { route, success: false };
    }
    if (reply.status === 304) {
      if (!route.cache) fail(reply, route, 'only a route with a cache rule answers 304');
      if (!empty) fail(reply, route, 'a 304 has no body');
      if (!reply.headers.get('etag')) fail(reply, route, 'a 304 names the ETag it revalidated');
      return { route, success: false };
    }
    if (reply.status < 200 || reply.status >= 300) fail(reply, route, 'the API answers 2xx, 304 (cacheable GETs), 4xx or 5xx only');

    if (empty) {
      if (reply.status === 204 || (reply.status === 202 && !route.response)) return { route, success: true };
      fail(reply, route, route.response ? 'the route declares a JSON response but the reply has no body' : 'a reply without a body must be a 204');
    }
    if (route.produces) {
      if (!reply.contentType.startsWith(route.produces)) fail(reply, route, `the route produces ${route.produces} but the reply is ${reply.contentType}`);
      return { route, success: true };
    }
    if (!json) fail(reply, route, `a JSON route answered ${reply.contentType}; declare \`produces\` for non-JSON routes`);
    if (!route.response) fail(reply, route, 'the route answers JSON but declares no `response` schema, so /api/openapi.json cannot document it');
    check(reply, route, route.response, 'the route response schema');
    return { route, success: true };
  };
}

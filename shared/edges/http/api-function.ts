/**
 * Builds the Lambda handler of one API function group from the route table.
 * The pipeline for every request, in order:
 *   0. behind the edge, refuse a request without the origin secret (403, ./origin-guard.ts);
 *   1. find the route (API Gateway's routeKey, or method + path locally);
 *   2. resolve the caller for the route's auth level (401 / 403): verify the
 *      token (CPU only), then load the user, while the route's `prefetch`
 *      reads, if it declares any, run for the token's subject at once;
 *   3. count the route's rate limit (429 with Retry-After; RateLimit fields on every answer);
 *   4. validate path, query and JSON body with the route's zod schemas (413 / 400 / 422);
 *   5. run the operation and shape its Reply; errors become {"detail", "code"};
 *   6. on a route with a cache rule, add ETag and Cache-Control, or answer 304
 *      to a matching revalidation and refund its rate-limit hit (./conditional.ts).
 * middy carries the error mapping and CORS as middlewares.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import '#shared/platform/cold-start.ts';
import { htmlSecurityHeaders, PAGE_CSP } from '#shared/domain/web/content-security.ts';
import { config } from '#shared/platform/config.ts';
import { saneCorrelationId, withCorrelationId } from '#shared/platform/correlation.ts';
import { logger } from '#shared/platform/logger.ts';
import { traced } from '#shared/platform/tracer.ts';
import { callerFor, prefetchSubject, verifyBearer, type VerifiedToken } from './current-user.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { hit, refund } from '#shared/adapters/db/rate-limit.repository.ts';
import { parseJson, rawBody } from './body.ts';
import { clientIp, rateLimitSubject } from './client-ip.ts';
import { assertFromEdge } from './origin-guard.ts';
import { NotFoundError, RateLimitedError } from '#shared/errors/app-error.ts';
import { methodNotAllowed } from './http-error.ts';
import { errorResponse, htmlErrorResponse } from './error-response.ts';
import { applyCacheRule } from './conditional.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import { corsMiddleware, errorMiddleware } from './middlewares.ts';
import { Reply } from './reply.ts';
import { rateLimitRule } from './rate-limits.ts';
import { gatewayPath, pathMatcher, routeKey, type ApiFunctionGroup, type AuthLevel, type RouteDef } from './route.ts';
import { validate } from './validate.ts';

type Infer<S> = [NonNullable<S>] extends [never] ? undefined : NonNullable<S> extends z.ZodType ? z.infer<NonNullable<S>> : undefined;
type CallerFor<A extends AuthLevel> = A extends 'user' | 'admin' ? User : A extends 'optional' ? User | null : null;

export interface ApiRequest<R extends RouteDef, A extends AuthLevel = AuthLevel, P = undefined> {
  params: Infer<R['params']>;
  query: Infer<R['query']>;
  body: Infer<R['body']>;
  /** The signed-in user: always set on user and admin routes, null for guests. */
  user: CallerFor<A>;
  /**
   * What the route's `prefetch` read, only when it was read for this very
   * caller (the token's subject is the loaded user's id, or both are guests);
   * undefined otherwise (a deleted user's token, a route without prefetch),
   * and the operation reads afresh.
   */
  prefetched: P | undefined;
  /** The raw body text, for routes that accept non-JSON forms (RFC 8058 one-click). */
  rawBody: string;
  headers: Record<string, string | undefined>;
  ip: string;
  requestId: string;
  event: APIGatewayProxyEventV2;
}

export type Operation<R extends RouteDef, P = undefined> = (req: ApiRequest<R, R['auth'], P>) => Promise<unknown>;

/**
 * Reads a route may start before its caller is loaded, to save a round trip:
 * called with the verified token's subject (null without a valid token, and
 * always null on auth-'none' routes), concurrently with the user's GetItem.
 * Only reads belong here, never a write or a send: the caller may turn out to
 * be gone, unauthorised or rate-limited, and the result is then discarded.
 * Nothing here may be trusted as the caller's until the pipeline has matched
 * the subject against the loaded user (see ApiRequest.prefetched).
 * Pass a named function or type its parameter, so `implement` infers P from it
 * before it types the operation.
 */
export type Prefetch<P> = (subjectId: string | null) => Promise<P>;

export interface ImplementOptions<P> {
  prefetch?: Prefetch<P>;
}

/** Pairs a route with its implementation, keeping the route's schema types. */
export interface Implementation {
  route: RouteDef;
  run: (req: ApiRequest<RouteDef, AuthLevel, unknown>) => Promise<unknown>;
  prefetch?: Prefetch<unknown>;
}
export function implement<R extends RouteDef, P = undefined>(route: R, run: Operation<R, P>, options: ImplementOptions<P> = {}): Implementation {
  return { route, run: run as unknown as Implementation['run'], ...(options.prefetch ? { prefetch: options.prefetch } : {}) };
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * The caller and, for a route that prefetches, its reads for the token's
 * subject, started together. The prefetch is settled at once so a failed
 * caller lookup (401, 403) never leaves a rejection unhandled, and it is
 * returned only for the caller it was read for.
 */
async function callerAndPrefetch(implementation: Implementation, verified: VerifiedToken): Promise<{ user: User | null; prefetched: unknown }> {
  const { route, prefetch } = implementation;
  const level = route.auth;
  if (!prefetch) return { user: await callerFor(level, verified), prefetched: undefined };
  const subject = prefetchSubject(level, verified);
  // Started before the user's GetItem is sent; an async wrapper so a synchronous throw is settled too.
  const reads = settle((async () => prefetch(subject))());
  const user = await callerFor(level, verified);
  if ((user?.id ?? null) !== subject) return { user, prefetched: undefined };
  const outcome = await reads;
  if (!outcome.ok) throw outcome.error;
  return { user, prefetched: outcome.value };
}

const method = (event: APIGatewayProxyEventV2) => event.requestContext.http.method.toUpperCase();

const lowerHeaders = (h: Record<string, string | undefined> | undefined) => Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k.toLowerCase(), v]));

/** The request's correlation id: the client's `x-correlation-id` when it is sane, else API Gateway's request id. */
export function requestCorrelationId(event: APIGatewayProxyEventV2, context: Context | undefined): string {
  const header = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-correlation-id')?.[1];
  return saneCorrelationId(header) ?? event.requestContext?.requestId ?? context?.awsRequestId ?? 'unknown';
}

function toResult(route: RouteDef, value: unknown): APIGatewayProxyStructuredResultV2 {
  const reply = value instanceof Reply ? value : new Reply(route.successStatus ?? 200, value);
  if (reply.status === 204 || reply.body === undefined) {
    return { statusCode: reply.status, headers: reply.headers, body: '' };
  }
  if (reply.contentType) {
    // Every HTML page carries a policy and frame protection: its own (the docs page's, the app's for a share page), else the strict one of the service's pages.
    const page = reply.contentType.startsWith('text/html') ? htmlSecurityHeaders(PAGE_CSP) : {};
    return { statusCode: reply.status, headers: { 'Content-Type': reply.contentType, ...page, ...reply.headers }, body: String(reply.body) };
  }
  return {
    statusCode: reply.status,
    headers: { 'Content-Type': 'application/json', ...reply.headers },
    body: JSON.stringify(reply.body),
  };
}

/** Finds the route a request is for: by routeKey in AWS, by matching method and path otherwise. */
export function findRoute(
  routes: readonly RouteDef[],
  method: string,
  path: string,
  key: string | undefined,
): { route: RouteDef; params: Record<string, string> } {
  const allowed: string[] = [];
  for (const route of routes) {
    if (key && key !== '$default' && key !== routeKey(route)) continue;
    const params = pathMatcher(route.path)(path);
    if (!params) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  if (allowed.length > 0) throw methodNotAllowed(allowed);
  throw new NotFoundError(`No route for ${method} ${path}`, 'route.not_found');
}

interface CountedHit {
  name: string;
  subject: string;
  slot: number;
  headers: Record<string, string>;
}

/**
 * Counts the request against the route's rate limit. Over the limit it
 * answers the 429 itself (with Retry-After and the RateLimit fields); under
 * it, returns what the reply's headers and a later refund need.
 */
async function countRateLimit(
  route: RouteDef,
  ip: string,
  user: User | null,
  requestId: string,
): Promise<CountedHit | APIGatewayProxyStructuredResultV2 | null> {
  if (!route.rateLimit) return null;
  const rule = rateLimitRule(route.rateLimit);
  const subject = rule.per === 'user' && user ? `user:${user.id}` : `ip:${rateLimitSubject(ip)}`;
  const decision = await hit(route.rateLimit, subject, rule.limit, rule.windowSeconds);
  const headers = rateLimitHeaders({ name: route.rateLimit, rule, count: decision.count, resetSeconds: decision.retryAfterSeconds });
  if (!decision.allowed) {
    const refused = errorResponse(
      new RateLimitedError(decision.retryAfterSeconds, `Too many ${route.rateLimit} attempts; try again in ${decision.retryAfterSeconds} s`),
      requestId,
    );
    return { ...refused, headers: { ...(refused.headers ?? {}), ...headers } };
  }
  return { name: route.rateLimit, subject, slot: decision.slot, headers };
}

const isHit = (v: CountedHit | APIGatewayProxyStructuredResultV2 | null): v is CountedHit => v !== null && 'slot' in v;

/**
 * The handler of one function group, serving exactly the routes it is given.
 * It does not import the whole route table, so each bundle carries only its
 * own group's code; test/unit/shared/edges/http/route-coverage.test.ts checks that every
 * route of the table is implemented by its group. An implementation for
 * another group's route fails at cold start.
 */
export function apiFunction(group: ApiFunctionGroup, implementations: Implementation[]) {
  const routes = implementations.map((i) => i.route);
  const byOperation = new Map(implementations.map((i) => [i.route.operationId, i]));
  const foreign = implementations.filter((i) => i.route.fn !== group).map((i) => i.route.operationId);
  if (foreign.length || byOperation.size !== implementations.length) {
    throw new Error(`API group ${group}: routes of other groups [${foreign.join(', ')}] or an operation implemented twice`);
  }

  const dispatch = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const headers = lowerHeaders(event.headers);
    assertFromEdge(headers, config().ORIGIN_VERIFY_SECRET);
    const method = event.requestContext.http.method.toUpperCase();
    const { route, params } = findRoute(routes, method, event.rawPath, event.routeKey);
    try {
      return await serve(route, params, headers, event, context);
    } catch (err) {
      if (route.produces === 'text/html') return htmlErrorResponse(err, context.awsRequestId ?? event.requestContext.requestId);
      throw err;
    }
  };

  const serve = async (
    route: RouteDef,
    params: Record<string, string>,
    headers: Record<string, string | undefined>,
    event: APIGatewayProxyEventV2,
    context: Context,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    const implementation = byOperation.get(route.operationId);
    if (!implementation) throw new NotFoundError(`No route for ${route.method} ${event.rawPath}`, 'route.not_found');
    const ip = clientIp(event.requestContext.http.sourceIp, headers, config().TRUST_PROXY);
    const verified: VerifiedToken = route.auth === 'none' ? { kind: 'absent' } : await verifyBearer(headers.authorization);
    const { user, prefetched } = await callerAndPrefetch(implementation, verified);
    const requestId = context.awsRequestId ?? event.requestContext.requestId;
    const counted = await countRateLimit(route, ip, user, requestId);
    if (counted && !isHit(counted)) return counted;

    if (!counted) return answer(route, implementation, params, headers, event, { user, prefetched, ip, requestId }, null);
    // Every answer of a limited route carries the RateLimit fields, its errors included (a 422 still spent a hit).
    let result: APIGatewayProxyStructuredResultV2;
    try {
      result = await answer(route, implementation, params, headers, event, { user, prefetched, ip, requestId }, counted);
    } catch (err) {
      if (route.produces === 'text/html') throw err;
      result = errorResponse(err, requestId);
    }
    return { ...result, headers: { ...(result.headers ?? {}), ...counted.headers } };
  };

  /** Steps 4 to 6 of the pipeline: validate, run, and apply the route's cache rule. */
  const answer = async (
    route: RouteDef,
    implementation: Implementation,
    params: Record<string, string>,
    headers: Record<string, string | undefined>,
    event: APIGatewayProxyEventV2,
    caller: { user: User | null; prefetched: unknown; ip: string; requestId: string },
    counted: CountedHit | null,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    const text = rawBody(event.body, event.isBase64Encoded);
    const request: ApiRequest<RouteDef, AuthLevel, unknown> = {
      // Where the gateway's path variable is a whole segment but the route's is not ("{token}.ics"), only the route's own match has the parameter.
      params: (route.params
        ? validate(route.params, gatewayPath(route.path) === route.path ? (event.pathParameters ?? params) : params, 'path')
        : undefined) as ApiRequest<RouteDef>['params'],
      query: (route.query ? validate(route.query, event.queryStringParameters ?? {}, 'query') : undefined) as ApiRequest<RouteDef>['query'],
      body: route.body ? validate(route.body, parseJson(text), 'body') : undefined,
      ...caller,
      rawBody: text,
      headers,
      event,
    };
    const result = toResult(route, await implementation.run(request));
    if (!route.cache || method(event) !== 'GET') return result;
    const cached = applyCacheRule(route.cache, result, {
      ifNoneMatch: headers['if-none-match'],
      ifModifiedSince: headers['if-modified-since'],
      personal: caller.user !== null,
      varyOnAuth: route.auth === 'optional',
    });
    // A revalidation that changed nothing costs the caller no quota.
    if (cached.statusCode === 304 && counted) await refund(counted.name, counted.subject, counted.slot);
    return cached;
  };

  const pipeline = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    // onError runs in reverse order: the error becomes a response first, then CORS headers are added.
    .use(corsMiddleware())
    .use(errorMiddleware())
    .handler(dispatch);
  // Outside the middlewares, so the error middleware's logs carry the Lambda context and correlation id too.
  const handler = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    return logger.withContext(context, () =>
      withCorrelationId(requestCorrelationId(event, context), () => traced(`api-${group}`, { route: event.routeKey }, () => pipeline(event, context))),
    );
  };
  return Object.assign(handler, { routes: routes as readonly RouteDef[] });
}

/**
 * The e2e tests' client of the API: every call goes through the typed client
 * of clients/typescript (@billwatch/client, openapi-fetch over the types
 * openapi-typescript generates from the route table), and every reply is
 * checked against the route table's contract (./contract.ts) before the test
 * sees it: a reply that does not match its route's response schema (or
 * ErrorBody) throws, and the test fails.
 *
 * `request(method, path)` is typed by the generated `paths`: the method and
 * the concrete path (`/api/bills/${id}/votes`) must be a route of the
 * document, or tsc fails, and the reply's body is the route's success type
 * (with the ErrorBody fields optional, since an error reply carries those).
 * So a route renamed, removed or given another method, or a response field
 * renamed or retyped, breaks the build of the tests that use it. `raw()` is
 * for requests that are off the contract on purpose (unknown paths, hostile
 * input, URLs read from a reply); it is still sent through the client and
 * still contract-checked.
 */
import { inject } from 'vitest';
import { createBillWatchClient, type ApiError, type paths } from '#clients/typescript/index.ts';
import { ROUTES } from '#shared/edges/http/routes/index.ts';
import type { RouteDef } from '#shared/edges/http/route.ts';
import { contractChecker } from './contract.ts';
import { recordExercised } from './route-coverage.ts';

export interface HttpReply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  /** Sent as JSON. Not typed by the route's body schema: tests send invalid bodies on purpose. */
  body?: unknown;
  /** Sent as is, instead of JSON-encoding `body`. */
  rawBody?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type AnyMethod = Method | 'OPTIONS' | 'HEAD';

/** '/api/bills/{id}/votes' → `/api/bills/${string}/votes`. */
type Concrete<P extends string> = P extends `${infer A}{${string}}${infer B}` ? `${A}${string}${Concrete<B>}` : P;
type Segments<S extends string> = S extends `${infer H}/${infer R}` ? [H, ...Segments<R>] : [S];
type Holes<P extends string> = P extends `${string}{${string}}${infer R}` ? [0, ...Holes<R>] : [];
type Fewer<A extends unknown[], B extends unknown[]> = B extends [...A, unknown, ...unknown[]] ? true : false;
type PathsFor<M extends Method> = { [P in keyof paths]: paths[P][Lowercase<M>] extends undefined ? never : P }[keyof paths];
/** The documented paths a concrete path can be, segment for segment. */
type Candidates<M extends Method, S extends string> = {
  [P in PathsFor<M>]: S extends Concrete<P> ? (Segments<S>['length'] extends Segments<P>['length'] ? P : never) : never;
}[PathsFor<M>];
/** As the gateway matches: a literal segment beats a {param}, so the candidate with the fewest parameters. */
type Best<U extends string, All extends string = U> = U extends unknown
  ? true extends (All extends unknown ? Fewer<Holes<All>, Holes<U>> : never)
    ? never
    : U
  : never;
/** The route (path template) a concrete path and method call; never when the document has none. */
export type RouteOf<M extends Method, S extends string> = Best<Candidates<M, S>>;

type Operation<M extends Method, P extends keyof paths> = NonNullable<paths[P][Lowercase<M>]>;
type BodyOf<R> = R extends { content: infer C } ? (C extends { 'application/json': infer J } ? J : C[keyof C]) : undefined;
/** The body of the operation's 2xx replies. */
export type SuccessBody<M extends Method, P extends keyof paths> =
  Operation<M, P> extends { responses: infer R } ? { [K in keyof R]: K extends 200 | 201 | 202 | 204 ? BodyOf<R[K]> : never }[keyof R] : never;
/** A reply body: the route's success type, with the error fields a 4xx / 5xx reply carries instead. */
export type ReplyBody<M extends Method, P extends keyof paths> = SuccessBody<M, P> & Partial<ApiError>;

export interface HttpClient {
  baseUrl: string;
  /** A call of a route of the document: a wrong method or path fails tsc; the body is typed by the route. */
  request<M extends Method, S extends string>(
    method: M,
    path: S,
    ...rest: [RouteOf<M, S>] extends [never] ? [options: RequestOptions, noSuchRoute: never] : [options?: RequestOptions]
  ): Promise<HttpReply<ReplyBody<M, RouteOf<M, S>>>>;
  /** A call off the contract on purpose (unknown path, hostile input, a URL from a reply); still contract-checked. */
  raw<T = unknown>(method: AnyMethod, path: string, options?: RequestOptions): Promise<HttpReply<T>>;
}

/** The folder the global setup gave for the contract coverage report; null outside a vitest run. */
function coverageDir(): string | null {
  try {
    return inject('contractCoverageDir') || null;
  } catch {
    return null;
  }
}

/** What the e2e client asks of openapi-fetch's untyped entry (the typing is done by HttpClient.request). */
type LooseRequest = (
  method: string,
  url: string,
  init: {
    body?: unknown;
    bodySerializer?: (body: unknown) => unknown;
    headers?: Record<string, string>;
    params?: { query?: Record<string, string> };
    parseAs?: 'text';
    fetch?: (request: Request) => Promise<Response>;
  },
) => Promise<{ response: Response }>;

/**
 * A client for the API at `baseUrl`, checking replies against `routes` (the
 * route table unless given) and recording the routes it exercised.
 */
export function httpClient(baseUrl: string, routes: readonly RouteDef[] = ROUTES): HttpClient {
  const checkContract = contractChecker(routes);
  const coverage = routes === ROUTES ? coverageDir() : null;
  const client = createBillWatchClient(baseUrl);
  const send = client.request as unknown as LooseRequest;

  async function call<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpReply<T>> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const raw = options.rawBody !== undefined;
    // The reply as fetch gave it, read here as text: the contract check needs the exact bytes, whatever openapi-fetch parses.
    let reply: Response | undefined;
    await send(method, path, {
      ...(raw ? { body: options.rawBody, bodySerializer: (b: unknown) => b } : options.body !== undefined ? { body: options.body } : {}),
      headers,
      params: options.query ? { query: options.query } : {},
      parseAs: 'text',
      fetch: async (request) => {
        reply = await fetch(request);
        return reply.clone();
      },
    });
    if (!reply) throw new Error(`${method} ${path}: openapi-fetch made no request`);
    const text = await reply.text();
    const contentType = reply.headers.get('content-type') ?? '';
    const outcome = checkContract({ method, path, status: reply.status, contentType, headers: reply.headers, text });
    if (outcome.route && coverage) recordExercised(coverage, outcome.route, reply.status, outcome.success);
    const body = contentType.includes('json') && text ? (JSON.parse(text) as T) : (text as T);
    return { status: reply.status, headers: reply.headers, body, text };
  }

  return {
    baseUrl,
    request: ((method: Method, path: string, options?: RequestOptions) => call(method, path, options)) as HttpClient['request'],
    raw: (method, path, options) => call(method, path, options),
  };
}

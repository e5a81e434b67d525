/**
 * A tiny fetch client for e2e tests: JSON in, JSON (or text) out, headers
 * lower-cased. Every reply is checked against the route table's contract
 * (./contract.ts) before the test sees it: a reply that does not match its
 * route's response schema (or ErrorBody) throws, and the test fails.
 */
import { inject } from 'vitest';
import { ROUTES } from '#shared/http/routes/index.ts';
import type { RouteDef } from '#shared/http/route.ts';
import { contractChecker } from './contract.ts';
import { recordExercised } from './route-coverage.ts';

export interface HttpReply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, instead of JSON-encoding `body`. */
  rawBody?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface HttpClient {
  baseUrl: string;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<HttpReply<T>>;
}

/** The folder the global setup gave for the contract coverage report; null outside a vitest run. */
function coverageDir(): string | null {
  try {
    return inject('contractCoverageDir') || null;
  } catch {
    return null;
  }
}

/**
 * A client for the API at `baseUrl`, checking replies against `routes` (the
 * route table unless given) and recording the routes it exercised.
 */
export function httpClient(baseUrl: string, routes: readonly RouteDef[] = ROUTES): HttpClient {
  const checkContract = contractChecker(routes);
  const coverage = routes === ROUTES ? coverageDir() : null;
  return {
    baseUrl,
    async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpReply<T>> {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | Buffer | undefined = options.rawBody;
      if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
      const res = await fetch(`${baseUrl}${path}${query}`, { method, headers, body });
      const text = await res.text();
      const contentType = res.headers.get('content-type') ?? '';
      const outcome = checkContract({ method, path, status: res.status, contentType, headers: res.headers, text });
      if (outcome.route && coverage) recordExercised(coverage, outcome.route, res.status, outcome.success);
      const parsed = contentType.includes('json') && text ? (JSON.parse(text) as T) : (text as T);
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
  };
}

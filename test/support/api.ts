/**
 * Calls an API function group's handler with a real API Gateway v2 event, as
 * the HTTP API would: for integration tests of routes without a server.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  sourceIp?: string;
  routeKey?: string;
}

export function apiEvent(method: string, path: string, options: CallOptions = {}): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const query = options.query ?? {};
  return {
    version: '2.0',
    routeKey: options.routeKey ?? '$default',
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: options.sourceIp ?? '203.0.113.10', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey: options.routeKey ?? '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body,
    isBase64Encoded: false,
  };
}

export const lambdaContext = (): Context =>
  ({ awsRequestId: randomUUID(), functionName: 'test', getRemainingTimeInMillis: () => 30_000 }) as unknown as Context;

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  text: string;
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** Invokes a handler and parses a JSON reply. */
export async function call(handler: Handler, method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const result = await handler(apiEvent(method, path, options), lambdaContext());
  const text = result.body ?? '';
  const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
  let body: unknown = text;
  if ((headers['content-type'] ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: result.statusCode ?? 200, headers, body, text };
}

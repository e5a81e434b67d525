/**
 * Turns a plain HTTP request into the API Gateway HTTP API (payload 2.0)
 * event the deployed Lambdas receive, so the local server calls the real
 * handlers with the same input shape as AWS.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export interface PlainRequest {
  method: string;
  /** The request target as sent: path plus optional ?query. */
  url: string;
  /** Header name → every value received for it. */
  headers: Record<string, string[]>;
  body: Buffer;
  sourceIp: string;
  /** "GET /api/bills/{id}" of the matched route, or "$default". */
  routeKey: string;
  pathParameters?: Record<string, string>;
  requestId?: string;
  now?: Date;
}

// API Gateway passes these as text; every other content type (and none) arrives base64-encoded.
const TEXT_TYPES = [/^text\//, /[/+]json\b/, /[/+]xml\b/, /^application\/javascript\b/, /^application\/x-www-form-urlencoded\b/];

/** Whether API Gateway would hand a body of this Content-Type to the Lambda as text. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.toLowerCase().trim();
  return TEXT_TYPES.some((re) => re.test(type));
}

/** Query parameters the way API Gateway v2 gives them: decoded, repeats joined with commas. */
export function queryParameters(rawQueryString: string): Record<string, string> | undefined {
  if (!rawQueryString) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQueryString)) {
    out[key] = key in out ? `${out[key]},${value}` : value;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Splits the Cookie header(s) into the `cookies` array of the v2 event. */
function cookiesOf(values: string[] | undefined): string[] | undefined {
  const cookies = (values ?? [])
    .flatMap((v) => v.split(';'))
    .map((c) => c.trim())
    .filter(Boolean);
  return cookies.length ? cookies : undefined;
}

/** Builds the v2 event for one request. */
export function toApiGatewayEvent(req: PlainRequest): APIGatewayProxyEventV2 {
  const queryAt = req.url.indexOf('?');
  const rawPath = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  const rawQueryString = queryAt === -1 ? '' : req.url.slice(queryAt + 1);
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(req.headers)) {
    const key = name.toLowerCase();
    // API Gateway moves cookies to their own field and joins repeated headers with commas.
    if (key === 'cookie') continue;
    headers[key] = values.join(',');
  }
  const contentType = headers['content-type'];
  const hasBody = req.body.length > 0;
  const asText = hasBody && isTextContentType(contentType);
  const now = req.now ?? new Date();
  const requestId = req.requestId ?? randomUUID();
  const method = req.method.toUpperCase();
  return {
    version: '2.0',
    routeKey: req.routeKey,
    rawPath,
    rawQueryString,
    cookies: cookiesOf(req.headers.cookie ?? req.headers.Cookie),
    headers,
    queryStringParameters: queryParameters(rawQueryString),
    pathParameters: req.pathParameters && Object.keys(req.pathParameters).length ? req.pathParameters : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: req.sourceIp, userAgent: headers['user-agent'] ?? '' },
      requestId,
      routeKey: req.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: hasBody ? (asText ? req.body.toString('utf8') : req.body.toString('base64')) : undefined,
    isBase64Encoded: hasBody && !asText,
  };
}

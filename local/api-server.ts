/**
 * The local API Gateway: a node:http server that turns each request into a
 * v2 event, calls the real handler of the route's function group
 * (functions/api/<fn>.ts), and writes the handler's result back. Requests no
 * route matches go to the system group's `fallback` (404 / 405), as to the
 * $default route in AWS. GET /bulk/... serves the public snapshot from the
 * local bucket, as CloudFront's /bulk/* behaviour does in AWS. With a web app,
 * other paths outside /api are the app's (local/web-app.ts) and the share
 * pages go to their API route, as the edge routes them in AWS
 * (infra/constructs/web-app.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { corsHeaders } from '#shared/edges/http/middlewares.ts';
import { ROUTES } from '#shared/edges/http/routes/index.ts';
import { toApiGatewayEvent } from './apigw-event.ts';
import { lambdaContext, loadFunction } from './function-loader.ts';
import { PortInUseError } from './port-in-use.ts';
import { routeMatcher } from './route-match.ts';
import { serveBulkFile } from './bulk-files.ts';
import type { WebApp } from './web-app.ts';
import { sharePageApiPath } from '#shared/domain/web/web-paths.ts';

/** API Gateway's payload limit: bigger requests never reach a Lambda. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

const HandlerResult = z.object({
  statusCode: z.number().int().optional(),
  headers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  multiValueHeaders: z.record(z.string(), z.array(z.union([z.string(), z.number(), z.boolean()]))).optional(),
  cookies: z.array(z.string()).optional(),
  body: z.string().optional(),
  isBase64Encoded: z.boolean().optional(),
});
type HandlerResult = z.infer<typeof HandlerResult>;

const json = (status: number, detail: string, code: string): HandlerResult => ({
  statusCode: status,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ detail, code }),
});

class TooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_REQUEST_BYTES) return reject(new TooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        reject(new TooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Answers 500 when writing a result threw (a header value Node refuses, a
 * status out of range): the client gets a status and the error is logged,
 * rather than a connection closed with no answer. Only once the headers
 * went out is the socket destroyed, as nothing else can be said then.
 */
export function writeFailure(res: ServerResponse, err: unknown, what: string, log: (line: string) => void): void {
  log(`${what}: writing the answer failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  try {
    // Headers set before the throw (setHeader) would go out with the 500: clear them.
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const body = JSON.stringify({ detail: 'Internal server error', code: 'internal' });
    res.writeHead(500, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  } catch {
    res.destroy();
  }
}

function writeResult(res: ServerResponse, result: HandlerResult): void {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  for (const [k, v] of Object.entries(result.multiValueHeaders ?? {})) headers[k] = v.map(String);
  if (result.cookies?.length) headers['Set-Cookie'] = result.cookies;
  const body = result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(body);
}

export interface ApiServerOptions {
  port: number;
  host?: string;
  log: (line: string) => void;
  /** The web app served on the same origin (absent: every path is the API's). */
  web?: WebApp;
}

export interface RunningApiServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * How a request is named in a log line: by its route template when it has
 * one, so feed, unsubscribe and share tokens in the path never reach a log
 * (`GET /api/notifications/feed/{token}`); an unmatched path without its query.
 */
export function loggedRequest(method: string | undefined, url: string | undefined): string {
  const verb = (method ?? 'GET').toUpperCase();
  const path = (url ?? '/').split('?')[0] ?? '/';
  return matchRoute(verb, path)?.routeKey ?? `${verb} ${path}`;
}

/** Answers one request: route → event → handler → result. */
async function respond(req: IncomingMessage, log: (line: string) => void): Promise<HandlerResult> {
  const method = (req.method ?? 'GET').toUpperCase();
  const url = req.url ?? '/';
  const origin = req.headers.origin;
  if (method === 'OPTIONS') return { statusCode: 204, headers: corsHeaders(origin) };
  const bulk = await serveBulkFile(method, url.split('?')[0] ?? '/');
  if (bulk) return bulk;
  const body = await readBody(req);
  const match = matchRoute(method, url.split('?')[0] ?? '/');
  const requestId = randomUUID();
  const event = toApiGatewayEvent({
    method,
    url,
    headers: headersOf(req),
    body,
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; API Gateway reports a.b.c.d.
    sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
    routeKey: match?.routeKey ?? '$default',
    pathParameters: match?.pathParameters,
    requestId,
  });
  const fn = match ? match.route.fn : 'system';
  const loadedFn = await loadFunction('api', fn);
  if (loadedFn.status === 'missing') return json(503, `The ${fn} API function is not built yet (${loadedFn.file})`, 'local.function_missing');
  if (loadedFn.status === 'failed') {
    log(`api: functions/api/${fn}.ts failed to initialise: ${loadedFn.error.message}`);
    return json(500, 'Internal server error', 'internal');
  }
  const context = lambdaContext(`api-${fn}`, requestId);
  const raw = match ? await loadedFn.handler(event, context) : await fallback(event, context);
  const parsed = HandlerResult.safeParse(raw);
  if (!parsed.success) {
    log(`api: functions/api/${fn}.ts returned a result API Gateway would reject: ${parsed.error.message}`);
    return json(502, 'Bad gateway: the function returned an invalid result', 'local.bad_result');
  }
  return parsed.data;
}

const matchRoute = routeMatcher(ROUTES);

async function fallback(event: unknown, _context: unknown): Promise<unknown> {
  const mod = (await import('#functions/api/system.ts')) as { fallback: (e: unknown) => Promise<unknown> };
  return mod.fallback(event);
}

function headersOf(req: IncomingMessage): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(req.headersDistinct)) if (values) out[name] = values;
  return out;
}

/** Starts the server; resolves once it listens (rejects with PortInUseError when the port is taken). */
export function startApiServer(options: ApiServerOptions): Promise<RunningApiServer> {
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const sharePage = sharePageApiPath(path);
    // The share page is the API's, under the path the app shows (the edge's /share/* behaviour).
    if (sharePage) req.url = sharePage + url.slice(path.length);
    const web = sharePage ? Promise.resolve(false) : (options.web?.handle(req, res) ?? Promise.resolve(false));
    web
      .then((served) => (served ? undefined : answer(req, res)))
      .catch((err: unknown) => writeFailure(res, err, `web: ${loggedRequest(req.method, req.url)}`, options.log));
  });
  const answer = (req: IncomingMessage, res: ServerResponse) =>
    respond(req, options.log)
      .catch((err: unknown) => {
        if (err instanceof TooLarge) return json(413, `Request bodies are limited to ${MAX_REQUEST_BYTES} bytes`, 'request.too_large');
        options.log(`api: ${loggedRequest(req.method, req.url)} crashed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        return json(500, 'Internal server error', 'internal');
      })
      .then((result) => writeResult(res, result))
      .catch((err: unknown) => writeFailure(res, err, `api: ${loggedRequest(req.method, req.url)}`, options.log));
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(options.port, host) : err));
    server.listen(options.port, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${options.host ?? '127.0.0.1'}:${port}`,
        port,
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

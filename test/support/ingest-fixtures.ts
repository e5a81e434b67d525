/**
 * Helpers for the ingest unit tests: the shared real recordings (tests skip
 * with a note when the folder is absent) and a local HTTP server standing in
 * for a provider.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const FIXTURES = path.resolve(import.meta.dirname, '../..', '../shared/fixtures');
export const hasFixtures = existsSync(FIXTURES);
if (!hasFixtures) console.warn(`[ingest tests] ${FIXTURES} is absent: tests on the real provider recordings are skipped`);

/** The text of a real recording. */
export const fixture = (name: string): string => readFileSync(path.join(FIXTURES, name), 'utf8');

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export type Route = (req: IncomingMessage, res: ServerResponse, n: number) => void;

/** Starts a server answering by path (the n-th call of a path gets n = 1, 2, …); records every request. */
export async function providerServer(routes: Record<string, Route>) {
  const seen: Seen[] = [];
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push({ method: req.method ?? 'GET', url: req.url ?? '', headers: req.headers });
    const n = (counts.get(url.pathname) ?? 0) + 1;
    counts.set(url.pathname, n);
    const route = routes[url.pathname];
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Unknown resource"}');
      return;
    }
    route(req, res, n);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A JSON reply. */
export const sendJson = (res: ServerResponse, body: unknown, status = 200, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body));

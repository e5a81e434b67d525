/**
 * HAR 1.2 recordings for the provider transport: replay answers requests
 * from recorded entries matched on method, host, path and query (with
 * credentials removed); record appends live exchanges to a file. Keys and
 * recordings never contain API keys. The recording schemas are built on
 * first use (lazySchema): only those offline modes read them, so no cold
 * start of a function that calls a provider builds them.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** Query parameters and headers that carry credentials: never part of a match key, never recorded. */
const SECRET_PARAMS = new Set(['api_key', 'apikey', 'key', 'token', 'access_token']);
const SECRET_HEADERS = new Set(['x-api-key', 'authorization', 'cookie', 'set-cookie']);

const Pair = lazySchema(() => z.object({ name: z.string(), value: z.string() }));
export const HarEntry = lazySchema(() =>
  z
    .object({
      startedDateTime: z.string().default(() => new Date(0).toISOString()),
      time: z.number().default(0),
      request: z
        .object({
          method: z.string(),
          url: z.string(),
          httpVersion: z.string().default('HTTP/1.1'),
          headers: z.array(Pair()).default([]),
          queryString: z.array(Pair()).default([]),
        })
        .passthrough(),
      response: z
        .object({
          status: z.number().int(),
          statusText: z.string().default(''),
          httpVersion: z.string().default('HTTP/1.1'),
          headers: z.array(Pair()).default([]),
          content: z.object({
            size: z.number().default(0),
            mimeType: z.string().default('application/octet-stream'),
            text: z.string().default(''),
            encoding: z.string().optional(),
          }),
        })
        .passthrough(),
    })
    .passthrough(),
);
export type HarEntry = z.infer<ReturnType<typeof HarEntry>>;
export const Har = lazySchema(() =>
  z.object({
    log: z.object({ version: z.string(), creator: z.object({ name: z.string(), version: z.string() }), entries: z.array(HarEntry()) }),
  }),
);

/** The match key of a request: METHOD host/path?sorted-query-without-credentials. */
export function harKey(method: string, url: string): string {
  const u = new URL(url);
  const params = [...u.searchParams.entries()]
    .filter(([k]) => !SECRET_PARAMS.has(k.toLowerCase()))
    .sort(([a, av], [b, bv]) => a.localeCompare(b) || av.localeCompare(bv));
  const query = new URLSearchParams(params).toString();
  return `${method.toUpperCase()} ${u.host}${u.pathname}${query ? `?${query}` : ''}`;
}

/** A URL with credential parameters removed (what recordings and error messages show). */
export function redactUrl(url: string): string {
  const u = new URL(url);
  for (const k of [...u.searchParams.keys()]) if (SECRET_PARAMS.has(k.toLowerCase())) u.searchParams.delete(k);
  return u.toString();
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Loads HAR files into a lookup by match key; later files and entries win. */
export function loadHar(files: string[]): Map<string, RecordedResponse> {
  const map = new Map<string, RecordedResponse>();
  for (const file of files) {
    const har = Har().parse(JSON.parse(readFileSync(file, 'utf8')));
    for (const e of har.log.entries) {
      const c = e.response.content;
      map.set(harKey(e.request.method, e.request.url), {
        status: e.response.status,
        headers: Object.fromEntries(e.response.headers.map((h) => [h.name.toLowerCase(), h.value])),
        body: c.encoding === 'base64' ? Buffer.from(c.text, 'base64') : Buffer.from(c.text, 'utf8'),
      });
    }
  }
  return map;
}

const isText = (mime: string) => /json|xml|text|html|yaml|csv/.test(mime);

/** Appends one exchange to a HAR file (created when absent), without credentials. */
export function appendHarEntry(file: string, method: string, url: string, response: RecordedResponse, startedAt: Date, ms: number): void {
  const existing = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  const har = existing ? Har().parse(JSON.parse(existing)) : { log: { version: '1.2', creator: { name: 'billwatch', version: '0.1.0' }, entries: [] } };
  const clean = redactUrl(url);
  const mimeType = response.headers['content-type'] ?? 'application/octet-stream';
  const text = isText(mimeType);
  har.log.entries.push({
    startedDateTime: startedAt.toISOString(),
    time: ms,
    request: {
      method,
      url: clean,
      httpVersion: 'HTTP/1.1',
      headers: [],
      queryString: [...new URL(clean).searchParams.entries()].map(([name, value]) => ({ name, value })),
    },
    response: {
      status: response.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: Object.entries(response.headers)
        .filter(([k]) => !SECRET_HEADERS.has(k))
        .map(([name, value]) => ({ name, value })),
      content: {
        size: response.body.length,
        mimeType,
        text: text ? response.body.toString('utf8') : response.body.toString('base64'),
        ...(text ? {} : { encoding: 'base64' }),
      },
    },
  });
  writeFileSync(file, `${JSON.stringify(har, null, 1)}\n`);
}

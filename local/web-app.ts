/**
 * The web app on the local stack's origin, as the edge serves it in AWS:
 * files of the build (clients/web/dist) with the cache headers the edge
 * gives them, compressed when the browser accepts it, and the app's shell
 * (index.html, revalidated each time, with the app's Content-Security-Policy)
 * for every page path, so a deep link from a notification opens the app. Paths under /api and the share pages
 * (served by the API with their link preview) are not answered here.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { APP_CSP, htmlSecurityHeaders, PAGE_CSP } from '#shared/domain/web/content-security.ts';
import { APP_SHELL, BULK_PREFIX, HASHED_ASSETS_PREFIX, isFilePath, webCacheControl } from '#shared/domain/web/web-paths.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
/** Types worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.map']);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface Loaded {
  body: Buffer;
  mtimeMs: number;
  /** Each encoding is made once per version of a file, off the event loop (brotli at its best takes seconds). */
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
}

export interface WebApp {
  /** Answers the request when it is the app's (true), or leaves it to the API (false). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

const notBuilt = (distDir: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>BillWatch: the web app is not built</title></head>
<body><main><h1>The web app is not built</h1>
<p>No build was found in <code>${distDir.replace(/[<>&]/g, '')}</code>. Run <code>npm run web:build</code> (or restart <code>npm start</code>, which builds it), then reload.</p>
<p>The API answers under <a href="/api/docs">/api</a>.</p></main></body></html>`;

/** The app's request handler over a build folder; files are read once and re-read when they change. */
export function webApp(distDir: string): WebApp {
  const files = new Map<string, Loaded>();

  async function load(path: string): Promise<Loaded | null> {
    const file = normalize(join(distDir, path));
    // Nothing outside the build folder is ever served, whatever the path says.
    if (!file.startsWith(normalize(distDir) + sep)) return null;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const known = files.get(file);
    if (known && known.mtimeMs === info.mtimeMs) return known;
    const loaded: Loaded = { body: await readFile(file), mtimeMs: info.mtimeMs };
    files.set(file, loaded);
    return loaded;
  }

  const compressible = (loaded: Loaded, ext: string) => COMPRESSIBLE.has(ext) && loaded.body.length >= 1024;
  const brotli = (loaded: Loaded) =>
    (loaded.br ??= brotliAsync(loaded.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: loaded.body.length },
    }));

  async function encode(loaded: Loaded, ext: string, accept: string): Promise<{ body: Buffer; encoding?: string }> {
    if (!compressible(loaded, ext)) return { body: loaded.body };
    if (/\bbr\b/.test(accept)) return { body: await brotli(loaded), encoding: 'br' };
    if (/\bgzip\b/.test(accept)) return { body: await (loaded.gzip ??= gzipAsync(loaded.body, { level: 9 })), encoding: 'gzip' };
    return { body: loaded.body };
  }

  // Compress the shell and the hashed files as the server starts, so the first visitor after a build does not wait
  // for it. A build that is not there yet is simply not warmed.
  void (async () => {
    const assets = await readdir(join(distDir, HASHED_ASSETS_PREFIX)).catch(() => [] as string[]);
    for (const path of [APP_SHELL, ...assets.map((f) => `${HASHED_ASSETS_PREFIX}${f}`)]) {
      const loaded = await load(path).catch(() => null);
      if (loaded && compressible(loaded, extname(path))) await brotli(loaded).catch(() => undefined);
    }
  })();

  return {
    async handle(req, res) {
      const method = (req.method ?? 'GET').toUpperCase();
      let path: string;
      try {
        path = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
      } catch {
        return false;
      }
      if (path.startsWith('/api/') || path === '/api' || path.startsWith(BULK_PREFIX)) return false;
      if (method !== 'GET' && method !== 'HEAD') return false;
      const asFile = isFilePath(path);
      const served = asFile ? path : APP_SHELL;
      const loaded = await load(served);
      if (!loaded) {
        if (asFile) {
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
          res.end(method === 'HEAD' ? undefined : `No file ${path} in the web app's build`);
          return true;
        }
        res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...htmlSecurityHeaders(PAGE_CSP) });
        res.end(method === 'HEAD' ? undefined : notBuilt(distDir));
        return true;
      }
      const ext = extname(served);
      const { body, encoding } = await encode(loaded, ext, String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(200, {
        'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
        'Cache-Control': webCacheControl(served),
        'Content-Length': String(body.length),
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Encoding',
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
        // An HTML document of the app (the shell) carries the app's policy and is never framed, as at the edge.
        ...(ext === '.html' ? htmlSecurityHeaders(APP_CSP) : {}),
      });
      res.end(method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}

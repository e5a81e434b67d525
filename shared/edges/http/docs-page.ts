/**
 * The readable API reference at GET /api/docs: Swagger UI (swagger-ui-dist)
 * rendering /api/openapi.json, every file served by the system function
 * itself, so the page works with no network beyond the service (no CDN).
 *
 * Loaded with import() by the docs routes only, and the 1.9 MB of Swagger UI
 * are read from disk on the first request for them (then kept in memory), so
 * the system function's cold start and its health checks never pay for them.
 * In Lambda the files sit in swagger-ui/ beside the bundle (infra/bundling.ts
 * copies them there); locally they are read from node_modules.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The folder beside a bundle's index.mjs that holds the Swagger UI files (infra/bundling.ts writes it). */
export const SWAGGER_UI_BUNDLE_DIR = 'swagger-ui';
/** The Swagger UI files the page needs, as swagger-ui-dist names them. */
export const SWAGGER_UI_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css'] as const;
export type SwaggerUiFile = (typeof SWAGGER_UI_FILES)[number];

/** Where the page and its files live; the page links them by these absolute paths. */
export const DOCS_PATHS = {
  page: '/api/docs',
  script: '/api/docs/swagger-ui-bundle.js',
  style: '/api/docs/swagger-ui.css',
  start: '/api/docs/start.js',
  document: '/api/openapi.json',
} as const;

/** The Swagger UI files are linked with their content hash (?v=), so a URL's content never changes: a year, immutable. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function swaggerUiDir(): string {
  const taskRoot = process.env.LAMBDA_TASK_ROOT;
  if (taskRoot) return path.join(taskRoot, SWAGGER_UI_BUNDLE_DIR);
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

const cache = new Map<SwaggerUiFile, Promise<string>>();
/** One Swagger UI file's text, read once per container. */
export function swaggerUiFile(name: SwaggerUiFile): Promise<string> {
  let text = cache.get(name);
  if (!text) {
    text = readFile(path.join(swaggerUiDir(), name), 'utf8');
    cache.set(name, text);
    text.catch(() => cache.delete(name));
  }
  return text;
}

const version = async (name: SwaggerUiFile) =>
  createHash('sha256')
    .update(await swaggerUiFile(name))
    .digest('hex')
    .slice(0, 16);

/**
 * The page: Swagger UI's stylesheet and script (each linked with its content
 * hash, so a new Swagger UI is a new URL), then the start script; nothing
 * inline, so the CSP needs no 'unsafe-inline' script.
 */
export async function docsHtml(): Promise<string> {
  const [script, style] = await Promise.all([version('swagger-ui-bundle.js'), version('swagger-ui.css')]);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>BillWatch API reference</title>
    <link rel="stylesheet" href="${DOCS_PATHS.style}?v=${style}">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_PATHS.script}?v=${script}"></script>
    <script src="${DOCS_PATHS.start}"></script>
  </body>
</html>
`;
}

/**
 * Starts Swagger UI on the document. validatorUrl null: Swagger UI would
 * otherwise send the document to validator.swagger.io for a badge.
 */
export const DOCS_START_JS = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(DOCS_PATHS.document)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/**
 * The page's Content-Security-Policy: scripts and styles from this origin only
 * (Swagger UI sets style attributes, hence 'unsafe-inline' for styles, never
 * for scripts), its SVG icons as data: images, and requests to this origin and
 * to the API's public origin (the document and "Try it out"). Nothing else:
 * no frames, no forms, no plugins, and the page cannot be framed.
 */
export function docsContentSecurityPolicy(publicUrl: string): string {
  let apiOrigin = '';
  try {
    apiOrigin = new URL(publicUrl).origin;
  } catch {
    // A malformed PUBLIC_URL only narrows the page to its own origin.
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

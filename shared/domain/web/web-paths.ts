/**
 * How the one origin of the service splits its paths between the API and the
 * web app, in one place for the local server (local/web-app.ts) and the
 * edge (infra/constructs/web-app.ts): /api/* is the API; /share/{kind}/{token}
 * is the app's page served by the API with its link preview; a path with a
 * file extension is a file of the build; any other path is a page of the app
 * (a deep link), answered with the app's shell.
 */

export const API_PREFIX = '/api/';
export const APP_SHELL = '/index.html';
/** The public bulk snapshot's files (GET /api/bulk lists them): served from the data bucket, never the app. */
export const BULK_PREFIX = '/bulk/';
/** Where Vite puts the hashed (content-addressed) files of a build. */
export const HASHED_ASSETS_PREFIX = '/assets/';

/** The share pages: the path the app shows and the API route that serves it with its preview. */
export const SHARE_PAGE_PATTERN = /^\/share\/(brief|collection)\/([^/]+)\/?$/;
export const sharePageApiPath = (path: string): string | null => {
  const m = SHARE_PAGE_PATTERN.exec(path);
  return m ? `/api/share-pages/${m[1]}/${m[2]}` : null;
};

/** A last path segment that names a file: it has an extension. */
export const FILE_SEGMENT = /\.[A-Za-z0-9]+$/;
/** Whether the last segment of a path names a file (has an extension) rather than a page. */
export const isFilePath = (path: string): boolean => FILE_SEGMENT.test(path.slice(path.lastIndexOf('/') + 1));

/** Cache-Control of a file of the build: hashed files never change; the shell and other files are revalidated. */
export function webCacheControl(path: string): string {
  if (path.startsWith(HASHED_ASSETS_PREFIX)) return 'public, max-age=31536000, immutable';
  if (path === APP_SHELL || path.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

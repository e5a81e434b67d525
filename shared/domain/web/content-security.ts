/**
 * The Content-Security-Policy and frame protection of every HTML document
 * the service serves, in one place for the API's pages (shared/edges/http),
 * the local stack's web server (local/web-app.ts) and the edge
 * (infra/constructs/edge.ts). A token sits in the browser's storage, so an
 * injected script would own the account: no policy allows inline or foreign
 * script, and no page may be framed (clickjacking the unsubscribe button).
 */

/**
 * The web app (its shell, and the share pages, which are the shell with a
 * link preview): script and styles from the app's own files only (Vite puts
 * none inline; React sets style attributes through the DOM, which CSP does
 * not govern), images also as data: (the icon) and over https (members'
 * official photos), requests to this origin (the API is under /api).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The service's own small pages (unsubscribe, a link's problem page): no script at all, the app's stylesheet, forms posting to this origin. */
export const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every HTML document carries with its policy: never framed, never sniffed, and no token-bearing URL sent on as a referrer. */
export const htmlSecurityHeaders = (csp: string): Record<string, string> => ({
  'Content-Security-Policy': csp,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
});

/** The stylesheets the app's built shell links (`/assets/index-….css`), so a page of the service can wear the app's look. */
export function shellStylesheets(shell: string | null): string[] {
  if (!shell) return [];
  return [...shell.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/gi)].flatMap((m) => {
    const href = /\bhref="([^"]+)"/i.exec(m[0])?.[1];
    // Only the app's own files: a page's policy allows styles from this origin alone.
    return href && href.startsWith('/') && !href.startsWith('//') ? [href] : [];
  });
}

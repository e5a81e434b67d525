// GET /api/docs over real HTTP: the readable API reference renders from the service alone (works offline).
import { describe, expect, it } from 'vitest';
import { useLocalStack } from './support/e2e-stack.ts';

const e2e = useLocalStack();
const api = () => e2e.client();

/** The URLs a page loads: src and href attributes. */
const linksOf = (html: string) => [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');

describe('GET /api/docs', () => {
  it('is an HTML page that loads Swagger UI and its start script from the service itself, and no external URL', async () => {
    const page = await api().request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const links = linksOf(page.text);
    expect(links.map((l) => l.split('?')[0])).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
    expect(page.text).not.toMatch(/https?:\/\//);
    expect(page.text).not.toMatch(/<script>|<style>|\son\w+=/i);
  });

  it('sends a CSP that allows only its own origin (and the API) for scripts, styles and requests', async () => {
    const csp = (await api().request('GET', '/api/docs')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|https?:)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self'/);
  });

  it('serves every file the page links, with long cache headers for the versioned ones', async () => {
    const page = await api().request('GET', '/api/docs');
    for (const link of linksOf(page.text)) {
      const path = link.split('?')[0] ?? '';
      const res = await api().raw('GET', path, { query: Object.fromEntries(new URLSearchParams(link.split('?')[1] ?? '')) });
      expect(res.status, link).toBe(200);
      expect(res.text.length, link).toBeGreaterThan(100);
      if (link.includes('?v=')) expect(res.headers.get('cache-control'), link).toBe('public, max-age=31536000, immutable');
    }
    const script = await api().request('GET', '/api/docs/swagger-ui-bundle.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.text).toContain('SwaggerUIBundle');
    const style = await api().request('GET', '/api/docs/swagger-ui.css');
    expect(style.headers.get('content-type')).toMatch(/^text\/css/);
    const start = await api().request('GET', '/api/docs/start.js');
    expect(start.text).toContain('"/api/openapi.json"');
    expect(start.text).toContain('validatorUrl: null');
  });
});

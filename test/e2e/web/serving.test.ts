// The web app on the API's origin: files with their cache headers, the shell for every page path (the links
// notifications carry among them), the API untouched under /api, and share pages with their link preview.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { billUrl, followAction, letterAction } from '#shared/domain/notify/render.ts';
import { APP_CSP } from '#shared/domain/web/content-security.ts';
import { seedBill, seedBrief } from '#test/support/personal-seed.ts';
import { useLocalStack } from '../support/e2e-stack.ts';
import { signUp } from '../support/accounts.ts';

// A build folder of the shape Vite writes, made here so the test does not depend on a build of the real app.
const dist = mkdtempSync(join(tmpdir(), 'billwatch-web-'));
mkdirSync(join(dist, 'assets'));
const SHELL = `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>BillWatch</title>
<meta name="description" content="Track US federal legislation" />
<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
<body><div id="root"></div></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
writeFileSync(join(dist, 'index.html'), SHELL);
writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const PUBLIC = 'https://billwatch.example.org';
const e2e = useLocalStack({ webDistDir: dist, publicUrl: PUBLIC });
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${e2e.stack().apiUrl}${path}`, { headers });
let brief: Brief;

beforeAll(async () => {
  await seedBill(119, 'hr', 1, { title: 'Farm Security Act' });
  brief = await seedBrief('119-hr-1', ['agriculture-and-food']);
});

describe('the web app on the local origin', () => {
  it('answers every page path, the links of notifications among them, with the shell, revalidated each time', async () => {
    const paths = ['/', '/dashboard', '/notifications', '/search?q=farm', '/members/A000360', '/admin/jobs', '/bills/119-hr-1'];
    const links = [billUrl('', '119-hr-1'), letterAction('', '119-hr-1').url, followAction('', '119-hr-1', 'H.R. 2').url];
    for (const path of [...paths, ...links]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      // Issue 32.7: the app's policy (its own scripts only) and no framing, as at the edge.
      expect(res.headers.get('content-security-policy')).toBe(APP_CSP);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(await res.text()).toBe(SHELL);
    }
  });

  it('serves hashed files immutable for a year, compressed when accepted, and 404 for a missing file', async () => {
    const js = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(await js.text()).toBe(SCRIPT);
    // fetch decodes on its own; the bytes on the wire are read here to see that they are gzip's.
    const wire = await new Promise<Buffer>((resolve, reject) => {
      httpGet(`${e2e.stack().apiUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      }).on('error', reject);
    });
    expect(wire.length).toBeLessThan(SCRIPT.length / 10);
    expect(gunzipSync(wire).toString()).toBe(SCRIPT);
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await get('/assets/index-missing.js')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/package.json')).status).toBe(404);
  });

  it('leaves /api to the API: an unknown API path is still its JSON 404', async () => {
    const res = await e2e.client().raw('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'route.not_found' });
  });
});

describe('share pages', () => {
  it('carry the brief preview in the HTML a crawler fetches, under /share/brief/{token} and its API route', async () => {
    const page = await e2e.client().request('GET', `/api/share-pages/brief/${brief.share_token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = page.text;
    expect(html).toContain('<meta property="og:title" content="H.R. 1: Farm Security Act \u2013 brief" />');
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC}/share/brief/${brief.share_token}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain('/assets/index-abc123.js');
    const viaApp = await get(`/share/brief/${brief.share_token}`);
    expect(viaApp.status).toBe(200);
    expect(await viaApp.text()).toBe(html);
    // The shell's policy, and never framed (clickjacking a shared page).
    expect(viaApp.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(viaApp.headers.get('x-frame-options')).toBe('DENY');
  });

  it('preview a public collection by name and bills, and say nothing of a private one (404 with the shell)', async () => {
    const alice = await signUp(e2e.client(), 'alice');
    const c = (await e2e.client().request('POST', '/api/collections', { token: alice, body: { name: 'Farm <watch>' } })).body;
    await e2e.client().request('PUT', `/api/collections/${c.id}/bills/119-hr-1`, { token: alice });
    const hidden = await e2e.client().request('GET', `/api/share-pages/collection/${c.share_token}`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).toContain('Shared link not found');
    expect(hidden.text).not.toContain('Farm');
    await e2e.client().request('PATCH', `/api/collections/${c.id}`, { token: alice, body: { is_public: true } });
    const viaApi = await e2e.client().request('GET', `/api/share-pages/collection/${c.share_token}`);
    expect(viaApi.status).toBe(200);
    const shown = await get(`/share/collection/${c.share_token}`);
    expect(shown.status).toBe(200);
    expect(await shown.clone().text()).toBe(viaApi.text);
    const html = await shown.text();
    expect(html).toContain('<meta property="og:title" content="Farm &lt;watch&gt; \u2013 collection" />');
    expect(html).toContain('A collection of bills on BillWatch: H.R. 1.');
  });
});

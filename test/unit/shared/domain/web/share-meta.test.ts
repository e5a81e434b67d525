// The link preview of share pages: what it says, that it is escaped, and that it replaces the shell's own tags.
import { describe, expect, it } from 'vitest';
import { briefShareMeta, clip, collectionShareMeta, injectShareMeta, missingShareMeta } from '#shared/domain/web/share-meta.ts';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>BillWatch</title>
    <meta name="description" content="Track US federal legislation" />
    <meta property="og:title" content="BillWatch" />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const url = 'https://billwatch.example.org/share/brief/t0k';

describe('share previews', () => {
  it('name the bill and summarise the brief', () => {
    const meta = briefShareMeta({
      url,
      summary: 'Raises the cap.',
      billId: '118-hr-1',
      bill: { label: 'H.R. 1', title: 'Official title', short_title: 'Short Act' },
    });
    expect(meta).toEqual({ title: 'H.R. 1: Short Act \u2013 brief', description: 'Raises the cap.', url });
    expect(briefShareMeta({ url, summary: 's', billId: '118-hr-1', bill: null }).title).toBe('118-hr-1 \u2013 brief');
  });

  it('name a collection and its first bills', () => {
    const meta = collectionShareMeta({ url, name: 'Farm bills', billLabels: ['H.R. 1', 'S. 2'], more: true });
    expect(meta.title).toBe('Farm bills \u2013 collection');
    expect(meta.description).toBe('A collection of bills on BillWatch: H.R. 1, S. 2, and more.');
    expect(collectionShareMeta({ url, name: 'Empty', billLabels: [], more: false }).description).toBe('An empty collection of bills on BillWatch.');
  });

  it('cut long text at a word with an ellipsis', () => {
    const long = 'word '.repeat(100);
    const cut = clip(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('word\u2026')).toBe(true);
    expect(clip('  short\n text ')).toBe('short text');
  });

  it('replace the shell title and preview tags with escaped values, keeping the app script', () => {
    const meta = { title: '<script>alert(1)</script> & "$&" Act', description: "It's <b>bold</b>", url };
    const html = injectShareMeta(SHELL, meta);
    expect(html).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;$&amp;&quot; Act</title>');
    expect(html).toContain('<meta property="og:description" content="It&apos;s &lt;b&gt;bold&lt;/b&gt;" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain(`<meta property="og:url" content="${url}" />`);
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/og:title/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('make a page of their own when no app is built, and say when the link is gone', () => {
    const html = injectShareMeta(null, missingShareMeta(url));
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<h1>Shared link not found \u2013 BillWatch</h1>');
    expect(html).toContain('og:title');
  });
});

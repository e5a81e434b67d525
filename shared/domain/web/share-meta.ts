/**
 * The link preview of a share page: crawlers (chat apps, social sites) run no
 * JavaScript, so the Open Graph and Twitter tags that name the shared bill or
 * collection must be in the HTML they fetch. These pure functions say what a
 * preview shows and write it into the web app's built shell (index.html);
 * the app itself then renders the page in the browser as for any deep link.
 */
import { escapeXml } from '#shared/domain/notify/escape-xml.ts';

export interface ShareMeta {
  /** The page title: what the preview shows in bold. */
  title: string;
  /** One or two sentences under the title. */
  description: string;
  /** The canonical URL of the share page. */
  url: string;
}

/** The site name previews show beside the title. */
export const SITE_NAME = 'BillWatch';
/** Longest description previews show in full; longer ones are cut at a word. */
export const DESCRIPTION_MAX = 300;
/** How many bill labels a collection's preview names. */
export const COLLECTION_LABELS_SHOWN = 5;

/** Cuts text at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}\u2026`;
}

/** What a shared brief previews as: the bill's label and title, and the brief's summary. */
export function briefShareMeta(args: {
  url: string;
  summary: string;
  bill: { label: string; title: string; short_title: string | null } | null;
  billId: string;
}): ShareMeta {
  const name = args.bill ? `${args.bill.label}: ${args.bill.short_title ?? args.bill.title}` : args.billId;
  return { title: `${name} \u2013 brief`, description: clip(args.summary), url: args.url };
}

/** What a shared collection previews as: its name and the labels of its first bills (`more` when it holds others). */
export function collectionShareMeta(args: { url: string; name: string; billLabels: readonly string[]; more: boolean }): ShareMeta {
  const shown = args.billLabels.slice(0, COLLECTION_LABELS_SHOWN);
  const more = args.more || args.billLabels.length > shown.length;
  const description = shown.length
    ? `A collection of bills on ${SITE_NAME}: ${shown.join(', ')}${more ? ', and more' : ''}.`
    : `An empty collection of bills on ${SITE_NAME}.`;
  return { title: `${args.name} \u2013 collection`, description: clip(description), url: args.url };
}

/** What a link previews as when its share is gone or private: nothing of it leaks. */
export const missingShareMeta = (url: string): ShareMeta => ({
  title: `Shared link not found \u2013 ${SITE_NAME}`,
  description: 'This shared link is no longer available: it may have been made private or replaced by a new link.',
  url,
});

/** The head tags of a preview, every value escaped. */
export function shareMetaTags(meta: ShareMeta): string {
  const tag = (attr: 'property' | 'name', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeXml(value)}" />`;
  return [
    `<title>${escapeXml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    tag('property', 'og:type', 'article'),
    tag('property', 'og:site_name', SITE_NAME),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    tag('name', 'twitter:card', 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    `<link rel="canonical" href="${escapeXml(meta.url)}" />`,
  ].join('\n    ');
}

/**
 * The shell with the preview's tags: the shell's own <title>, description and
 * any og:/twitter: tags are replaced, so a crawler reads one value of each.
 * Without a shell (the app is not deployed) a small page of its own carries
 * the preview and a readable summary.
 */
export function injectShareMeta(shell: string | null, meta: ShareMeta): string {
  const tags = shareMetaTags(meta);
  if (shell === null || !/<\/head>/i.test(shell)) {
    return [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <meta charset="utf-8" />',
      '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
      `    ${tags}`,
      '  </head>',
      '  <body>',
      `    <main><h1>${escapeXml(meta.title)}</h1><p>${escapeXml(meta.description)}</p></main>`,
      '  </body>',
      '</html>',
      '',
    ].join('\n');
  }
  const stripped = shell
    .replace(/<title>[\s\S]*?<\/title>\s*/gi, '')
    .replace(/<meta\s+(?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>\s*/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, '');
  // A function replacement: a title with `$&` in it must not be read as a replacement pattern.
  return stripped.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

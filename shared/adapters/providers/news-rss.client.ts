/**
 * The news RSS search feed (Google News RSS search). Results are cached for
 * 2 hours in DynamoDB and shared by every Lambda (the news fetcher and
 * the trend scorer read the same entries), so a query is fetched at most
 * once per 2 hours however many jobs ask. Item titles read "Headline -
 * Publisher"; the publisher comes from <source> and is cut off the title.
 * The feed's descriptions only repeat clustered headlines, so they are not
 * kept as an article description.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { config } from '#shared/platform/config.ts';
import { clearCachedFeeds, getCachedFeed, putCachedFeed } from '#shared/adapters/db/news-rss-cache.repository.ts';
import type { NewsArticle } from '#shared/domain/news/news-article.ts';
import { textOf, xmlParser } from '#shared/adapters/providers/transport/xml.ts';
import { getText } from '#shared/adapters/providers/transport/http-transport.ts';
import { parsePayload, ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';

export const NEWS_RSS = 'news-rss';
/** Items kept per query: bounds the cache item far below DynamoDB's 400 KB. */
export const MAX_RSS_ITEMS = 100;

const Text = lazySchema(() => z.union([z.string(), z.object({ '#text': z.string().optional() }).passthrough()]));
const RssItem = lazySchema(() =>
  z.object({ title: Text().optional(), link: Text().optional(), pubDate: Text().optional(), source: Text().optional() }).passthrough(),
);
export const RssFeed = lazySchema(() =>
  z.object({
    rss: z.object({ channel: z.object({ item: z.array(RssItem()).default([]) }).passthrough() }).passthrough(),
  }),
);

const isoOrNull = (value: string): string | null => {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
};

/** "Headline - Publisher" → "Headline" when the suffix is the item's source. */
function headline(title: string, source: string | null): string {
  if (!source) return title;
  const suffix = ` - ${source}`;
  return title.endsWith(suffix) && title.length > suffix.length ? title.slice(0, -suffix.length).trim() : title;
}

/** Parses an RSS search feed into articles (items without a title or http link are skipped). */
export function parseNewsRss(xml: string): NewsArticle[] {
  let parsed: unknown;
  try {
    parsed = xmlParser(['item']).parse(xml, true);
  } catch (err) {
    throw new ProviderError(NEWS_RSS, `malformed feed: not XML (${(err as Error).message})`, { cause: err });
  }
  const feed = parsePayload(NEWS_RSS, 'feed', RssFeed(), parsed);
  const articles: NewsArticle[] = [];
  for (const item of feed.rss.channel.item) {
    const url = textOf(item.link).trim();
    const rawTitle = textOf(item.title).trim();
    if (!rawTitle || !/^https?:\/\//.test(url)) continue;
    const source =
      textOf(item.source)
        .trim()
        .replace(/\s*\|$/, '') || null;
    articles.push({
      url,
      title: headline(rawTitle, textOf(item.source).trim() || null),
      source,
      description: null,
      image_url: null,
      published_at: isoOrNull(textOf(item.pubDate).trim()),
    });
  }
  return [...new Map(articles.map((a) => [a.url, a])).values()].slice(0, MAX_RSS_ITEMS);
}

/** The feed URL of a query (US English edition). */
export const newsRssUrl = (query: string): string =>
  `${config().NEWS_RSS_BASE_URL.replace(/\/$/, '')}/rss/search?${new URLSearchParams({ q: query, hl: 'en-US', gl: 'US', ceid: 'US:en' })}`;

/** Per-call transport options; the admin health check asks for one short attempt and no cache. */
export interface RssOptions {
  timeoutMs?: number;
  retries?: number;
  now?: Date;
}

/** Fetches and parses a query's feed, bypassing the cache. */
export async function fetchNewsRss(query: string, opts: RssOptions = {}): Promise<NewsArticle[]> {
  const res = await getText({ provider: NEWS_RSS, url: newsRssUrl(query), retries: opts.retries ?? 2, timeoutMs: opts.timeoutMs ?? 15_000 });
  return parseNewsRss(res.text);
}

/** A query's articles from the shared 2-hour cache, fetching the feed on a miss. */
export async function newsRssItems(query: string, opts: RssOptions = {}): Promise<NewsArticle[]> {
  const q = query.trim();
  if (!q) throw new ProviderError(NEWS_RSS, 'empty search query');
  const now = (opts.now ?? new Date()).getTime();
  const cached = await getCachedFeed(q, now);
  if (cached) return cached;
  const articles = await fetchNewsRss(q, opts);
  await putCachedFeed(q, articles, now);
  return articles;
}

/** Flushes the shared cache; resolves to the number of cached queries removed. */
export function clearNewsRssCache(): Promise<number> {
  return clearCachedFeeds();
}

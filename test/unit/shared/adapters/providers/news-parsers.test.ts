/**
 * The news providers' payloads: the real NewsAPI /v2/everything recording
 * (with its urlToImage "null" strings) and the real Google News RSS search
 * feed, plus OR batching and the attribution of a shared call's articles.
 */
import { describe, expect, it } from 'vitest';
import { parsePayload, ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';
import {
  articleFromProvider,
  attribute,
  combinedQuery,
  EverythingResponse,
  NEWS_API_MAX_QUERY_CHARS,
  packQueries,
} from '#shared/adapters/providers/news-search.client.ts';
import { parseNewsRss } from '#shared/adapters/providers/news-rss.client.ts';
import { fixture, hasFixtures } from '../../../../support/ingest-fixtures.ts';

const article = (over: Record<string, unknown> = {}) => ({
  source: { id: null, name: 'Example' },
  author: null,
  title: 'T',
  description: null,
  url: 'https://example.com/a',
  urlToImage: null,
  publishedAt: '2025-01-01T00:00:00Z',
  content: null,
  ...over,
});

describe('OR batching', () => {
  it('joins up to four queries in one q with OR, each in parentheses', () => {
    expect(combinedQuery(['"A Act"'])).toBe('"A Act"');
    expect(combinedQuery(['"A Act" OR "H.R. 1"', '"S. 2"'])).toBe('("A Act" OR "H.R. 1") OR ("S. 2")');
    expect(packQueries(['a', 'b', 'c', 'd'])).toEqual([['a', 'b', 'c', 'd']]);
  });

  it('splits queries whose combined q would pass 500 characters, keeping their order', () => {
    const long = (c: string) => `"${c.repeat(200)}"`;
    const calls = packQueries([long('a'), long('b'), long('c'), 'd']);
    expect(calls).toEqual([
      [long('a'), long('b')],
      [long('c'), 'd'],
    ]);
    expect(calls.every((c) => combinedQuery(c).length <= NEWS_API_MAX_QUERY_CHARS)).toBe(true);
    expect(() => packQueries(['x'.repeat(NEWS_API_MAX_QUERY_CHARS + 1)])).toThrow(ProviderError);
  });

  it('attributes each article to the queries whose terms it mentions, in query order', () => {
    const found = [
      articleFromProvider(article({ url: 'https://e.com/1', title: 'House passes the Laken Riley Act' })),
      articleFromProvider(article({ url: 'https://e.com/2', title: 'Budget news', description: 'S. 5 and the Laken Riley Act' })),
      articleFromProvider(article({ url: 'https://e.com/3', title: 'Unrelated', content: 'mentions H.R. 9' })),
    ].flatMap((f) => f ?? []);
    const lists = attribute(['"Laken Riley Act" OR "S. 5"', '"H.R. 9"', '"H.R. 10"'], found);
    expect(lists.map((l) => l.map((a) => a.url))).toEqual([['https://e.com/1', 'https://e.com/2'], ['https://e.com/3'], []]);
    expect(attribute(['"anything"'], found)[0]).toHaveLength(3);
  });

  it('skips removed and URL-less articles and reads the string "null" as null', () => {
    expect(articleFromProvider(article({ title: '[Removed]' }))).toBeNull();
    expect(articleFromProvider(article({ url: null }))).toBeNull();
    const raw = parsePayload('t', 'a', EverythingResponse(), {
      status: 'ok',
      totalResults: 1,
      articles: [article({ urlToImage: 'null', publishedAt: 'soon' })],
    });
    expect(raw.status === 'ok' && articleFromProvider(raw.articles[0]!)?.article).toMatchObject({ image_url: null, published_at: null });
  });

  it('reads an error payload and rejects a payload without a status', () => {
    expect(parsePayload('t', 'a', EverythingResponse(), { status: 'error', code: 'rateLimited', message: 'Too many' })).toMatchObject({ code: 'rateLimited' });
    expect(() => parsePayload('t', 'a', EverythingResponse(), { articles: [] })).toThrow(/field status/);
  });
});

describe.skipIf(!hasFixtures)('the real recordings', () => {
  it('reads every article of the NewsAPI everything response', () => {
    const payload = parsePayload('t', 'everything', EverythingResponse(), JSON.parse(fixture('newsapi/everything-abc-news-2020-04-28.json')));
    if (payload.status !== 'ok') throw new Error('expected an ok payload');
    const articles = payload.articles.flatMap((a) => articleFromProvider(a) ?? []).map((f) => f.article);
    expect(articles).toHaveLength(20);
    expect(articles.filter((a) => a.image_url === null)).toHaveLength(3);
    expect(articles[0]).toEqual({
      url: 'https://abcnews.go.com/International/wireStory/madagascars-president-touts-herbal-drink-covid-19-70378591',
      title: "Madagascar's president touts herbal drink against COVID-19",
      source: 'ABC News',
      description:
        "Madagascar's President Andry Rajoelina is promoting a herbal drink that he says can prevent and cure COVID-19, but there is no scientific proof to back up his claims",
      image_url: 'https://s.abcnews.com/images/International/WireAP_715e180cebae404599ffb9a55efcce16_16x9_992.jpg',
      published_at: '2020-04-28T09:25:08.000Z',
    });
  });

  it('attributes the recorded articles to the queries they mention', () => {
    const payload = parsePayload('t', 'everything', EverythingResponse(), JSON.parse(fixture('newsapi/everything-abc-news-2020-04-28.json')));
    if (payload.status !== 'ok') throw new Error('expected an ok payload');
    const found = payload.articles.flatMap((a) => articleFromProvider(a) ?? []);
    const [madagascar, whiteHouse, none] = attribute(['Madagascar', '"White House"', '"Postal Service Reform Act"'], found);
    expect(madagascar?.[0]?.title).toBe("Madagascar's president touts herbal drink against COVID-19");
    expect(whiteHouse?.some((a) => a.title.startsWith('Despite slow start, White House'))).toBe(true);
    expect(none).toEqual([]);
  });

  it('reads the Google News RSS search feed: headline without the publisher, source, date', () => {
    const articles = parseNewsRss(fixture('google-news-rss/search-bears-ears-monument.xml'));
    expect(articles).toHaveLength(92);
    expect(articles[0]).toMatchObject({
      title: 'Trump again shrinks two national monuments in Utah',
      source: 'The Washington Post',
      description: null,
      image_url: null,
      published_at: '2026-07-14T03:33:16.000Z',
    });
    expect(articles[0]?.url).toMatch(/^https:\/\/news\.google\.com\/rss\/articles\//);
    expect(new Set(articles.map((a) => a.url)).size).toBe(articles.length);
    expect(articles.every((a) => a.source === null || !a.source.endsWith('|'))).toBe(true);
  });
});

describe('RSS parser on malformed feeds', () => {
  it('names the problem instead of returning a partial list', () => {
    expect(() => parseNewsRss('<rss><channel><item><title>x</title></channel>')).toThrow(/news-rss: malformed feed/);
    expect(() => parseNewsRss('<feed></feed>')).toThrow(/news-rss: malformed feed: field rss/);
  });

  it('reads a feed with one item and none', () => {
    expect(
      parseNewsRss('<rss><channel><item><title>A - Pub</title><link>https://e.com/a</link><source url="https://e.com">Pub</source></item></channel></rss>'),
    ).toEqual([{ url: 'https://e.com/a', title: 'A', source: 'Pub', description: null, image_url: null, published_at: null }]);
    expect(parseNewsRss('<rss><channel><title>none</title></channel></rss>')).toEqual([]);
  });
});

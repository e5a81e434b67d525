/**
 * The news-search and news RSS signals over the news clients, with the same
 * queries the news fetcher uses (shared/domain/news/news-queries.ts), so a bill's
 * gnews_count counts what the fetcher would find. RSS reads go through the
 * shared 2-hour cache, so the fetcher and the scorer read a feed once.
 */
import { billNewsQuery, memberNewsQuery } from '#shared/domain/news/news-queries.ts';
import { newsRssItems } from '#shared/adapters/providers/news-rss.client.ts';
import { isNewsSearchConfigured, newsSearchQuota, searchNewsBatch } from '#shared/adapters/providers/news-search.client.ts';
import type { SignalSources, Subject } from './signal-sources.ts';

/** How the news is searched for a subject. */
export const newsQuery = (s: Subject): string => (s.kind === 'bill' ? billNewsQuery(s.bill) : memberNewsQuery(s.member));

export const newsSearchSource: SignalSources['newsSearch'] = {
  unavailable: () => (isNewsSearchConfigured() ? null : 'NEWS_API_KEY is not set'),
  quotaLow: async () => (await newsSearchQuota()).low,
  countBatch: async (subjects, from) => (await searchNewsBatch(subjects.map(newsQuery), { from })).map((articles) => articles.length),
};

// The RSS search feed needs no key, so it is always available; a feed that fails costs only its subject the signal.
export const newsRssSource: SignalSources['newsRss'] = {
  unavailable: () => null,
  count: async (s) => (await newsRssItems(newsQuery(s))).length,
};

/**
 * Topic tags with their bill counts: GET /api/topics, and the topics part of
 * global search (cached). Apart from search.ts so the personal function's cold
 * start does not load the search engine to answer /api/topics.
 */
import { listTopicsWithCounts } from '#shared/adapters/db/search-index.repository.ts';

export type TopicCount = { topic: string; bill_count: number };

/** Topic tags with bill counts (GET /api/topics). */
export const topics = (): Promise<TopicCount[]> => listTopicsWithCounts();

/** Topic counts change only when a brief is written; search suggestions may lag them by a minute. */
const TOPIC_CACHE_MS = 60_000;
let topicCache: { at: number; topics: Promise<TopicCount[]> } | undefined;

/** The topic counts, read at most once a minute per container. */
export function cachedTopics(now = Date.now()): Promise<TopicCount[]> {
  if (!topicCache || now - topicCache.at > TOPIC_CACHE_MS) {
    const topics = listTopicsWithCounts();
    topicCache = { at: now, topics };
    // A failed read must not be served from the cache.
    topics.catch(() => {
      if (topicCache?.topics === topics) topicCache = undefined;
    });
  }
  return topicCache.topics;
}

/**
 * Pure rules of global search: the 500-character query limit and how
 * a query matches a topic tag.
 */

/** The longest search query, in characters; a longer one answers 422 rather than being cut. */
export const SEARCH_QUERY_MAX = 500;

/** True when every word of the query (2+ letters) appears in the kebab-case tag. */
export function topicMatches(q: string, topic: string): boolean {
  const words = q
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((w) => w.length > 1);
  return words.length > 0 && words.every((w) => topic.includes(w));
}

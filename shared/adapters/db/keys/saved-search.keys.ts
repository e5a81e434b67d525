/**
 * Saved searches (docs/data-model.md P10): SAVED_SEARCH / {key} holds each
 * distinct search that a `search` follow keeps (its query and filters), so
 * the matcher lists every saved search with one Query; who follows one is the
 * follow's reverse lookup, FOLLOWERS#search#{key} (./follow.keys.ts).
 */
import type { ItemKey } from './key.ts';

const PARTITION = 'SAVED_SEARCH';

export const savedSearchKeys = {
  /** The one partition listing every distinct saved search. */
  partition: PARTITION,
  search: (key: string): ItemKey => ({ pk: PARTITION, sk: key }),
} as const;

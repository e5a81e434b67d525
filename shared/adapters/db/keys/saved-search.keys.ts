/**
 * Saved searches (docs/data-model.md P10): every `search` follow is listed on
 * secondaryListings (gsi3) SAVED_SEARCHES / {key}#{user}, so the matcher
 * lists every followed search with one Query, and unfollowing it, or deleting
 * the account, takes it off the list with the follow itself (issue 32.7).
 * SAVED_SEARCH / {key} was the registry before: one item per search ever
 * followed, which outlived its followers; migration 0018 puts the follows of
 * those searches on the listing and deletes it.
 */
import { onIndex, type ItemKey } from './key.ts';

const LISTING = 'SAVED_SEARCHES';
const LEGACY = 'SAVED_SEARCH';

export const savedSearchKeys = {
  /** P10: every search follow, by search key then user. */
  listing: {
    index: 'secondaryListings',
    partition: LISTING,
    keys: (f: { user_id: string; target_id: string }) => onIndex('secondaryListings', LISTING, `${f.target_id}#${f.user_id}`),
  },
  /** The registry before migration 0018, which reads and deletes it. */
  legacy: {
    partition: LEGACY,
    search: (key: string): ItemKey => ({ pk: LEGACY, sk: key }),
  },
} as const;

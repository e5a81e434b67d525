/**
 * Migration 0018: the saved searches the matcher runs become the search
 * follows themselves (docs/data-model.md P10, issue 32.7). The registry
 * before, SAVED_SEARCH / {key}, kept every search ever followed, unfollowed
 * or not; each of its searches has its followers' follows put on the listing
 * (their reverse lookup, one Query per search), then its item deleted.
 * Follows made since the new code carry the listing already. Putting a follow
 * on the listing twice, or deleting a deleted item, changes nothing, so a
 * re-run after a crash is harmless.
 */
import { followersOf } from '#shared/adapters/db/follows.repository.ts';
import { deleteLegacySavedSearch, legacySavedSearchKeys, listSearchFollow } from '#shared/adapters/db/saved-searches.repository.ts';
import type { Migration } from './migration.ts';

export const savedSearchListing: Migration = {
  id: '0018',
  description: 'List saved searches by their follows (unfollowing removes them); delete the registry that outlived its followers',
  up: async () => {
    let listed = 0;
    let unfollowed = 0;
    const keys = await legacySavedSearchKeys();
    for (const key of keys) {
      const followers = await followersOf('search', key);
      for (const f of followers) if (await listSearchFollow(f.user_id, key)) listed += 1;
      if (followers.length === 0) unfollowed += 1;
      await deleteLegacySavedSearch(key);
    }
    return { registry_items: keys.length, follows_listed: listed, searches_nobody_followed: unfollowed };
  },
};

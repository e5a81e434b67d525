/**
 * The saved searches the matcher runs: every `search` follow, listed on its
 * index (./keys/saved-search.keys.ts) with the query and filters it carries,
 * each distinct search once. A search nobody follows is on no list.
 */
import { SavedSearch } from '#shared/domain/search/saved-search.schema.ts';
import { conditional, queryAll } from './dynamo.ts';
import { cond, query, update } from './expressions.ts';
import { followKeys } from './keys/follow.keys.ts';
import { savedSearchKeys } from './keys/saved-search.keys.ts';
import * as table from './table-client.ts';

/** A saved search with the key its follows carry as their target id. */
export interface KeyedSavedSearch extends SavedSearch {
  key: string;
}

/** Every followed search, once each (one Query on the listing, all pages; ordered by key). */
export async function listSavedSearches(): Promise<KeyedSavedSearch[]> {
  const items = await queryAll(query({ index: savedSearchKeys.listing.index, pk: savedSearchKeys.listing.partition }, { projection: ['target_id', 'search'] }));
  const byKey = new Map<string, KeyedSavedSearch>();
  for (const item of items) {
    const key = String(item.target_id);
    const search = SavedSearch().safeParse(item.search);
    if (search.success && !byKey.has(key)) byKey.set(key, { key, ...search.data });
  }
  return [...byKey.values()];
}

/** Migration 0018: the keys of the searches in the registry the listing replaced. */
export async function legacySavedSearchKeys(): Promise<string[]> {
  const items = await queryAll(query({ pk: savedSearchKeys.legacy.partition }, { projection: ['sk'] }));
  return items.map((i) => String(i.sk));
}

/** Migration 0018: puts one search follow on the listing; false when the follow is gone. */
export function listSearchFollow(userId: string, key: string): Promise<boolean> {
  const keys = savedSearchKeys.listing.keys({ user_id: userId, target_id: key });
  return conditional(() => table.updateItem({ Key: followKeys.follow(userId, 'search', key), ...update({ set: keys }, cond.itemExists()) }));
}

/** Migration 0018: deletes one search from the registry the listing replaced. */
export async function deleteLegacySavedSearch(key: string): Promise<void> {
  await table.deleteItem({ Key: savedSearchKeys.legacy.search(key) });
}

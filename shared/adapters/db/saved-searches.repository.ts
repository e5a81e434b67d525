/**
 * The registry of distinct saved searches (./keys/saved-search.keys.ts): one
 * item per search that anyone has followed, written when it is followed and
 * listed whole by the matcher. An entry outlives its last follower (it then
 * matches to nobody, which costs one follower Query per match): unfollowing
 * never has to know whether someone else keeps the same search.
 */
import { SavedSearch } from '#shared/domain/search/saved-search.schema.ts';
import { isConditionFailed, queryAll } from './dynamo.ts';
import { cond, condition, query } from './expressions.ts';
import { savedSearchKeys } from './keys/saved-search.keys.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

/** A saved search with the key its follows carry as their target id. */
export interface KeyedSavedSearch extends SavedSearch {
  key: string;
}

/** Registers a saved search; registering it again changes nothing. */
export async function registerSavedSearch(key: string, search: SavedSearch, now = new Date().toISOString()): Promise<void> {
  try {
    await table.putItem({
      Item: entityItem('saved_search', savedSearchKeys.search(key), { key, q: search.q, filters: search.filters, created_at: now }),
      ...condition(cond.itemAbsent()),
    });
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** Every registered saved search (one Query on the registry's partition, all pages). */
export async function listSavedSearches(): Promise<KeyedSavedSearch[]> {
  const items = await queryAll(query({ pk: savedSearchKeys.partition }, { projection: ['key', 'q', 'filters'] }));
  return items.map((i) => ({ key: String(i.key), ...SavedSearch().parse({ q: i.q, filters: i.filters }) }));
}

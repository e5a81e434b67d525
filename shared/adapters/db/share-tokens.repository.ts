/**
 * Collection share tokens (data-model A14): TOKEN#collection#{token} / TOKEN
 * points at the owner and the collection. The item is created in the same
 * transaction as its collection (unique by condition) and read with a
 * strongly consistent GetItem. Brief tokens (TOKEN#brief#…) are written and
 * read by the briefs repository.
 */
import type { Item } from './dynamo.ts';
import { tokenKeys } from './keys/token.keys.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

export type ShareKind = 'collection';

/** The key of a share-token item. */
export const shareTokenKey = (kind: ShareKind, token: string) => tokenKeys.token(kind, token);

/** The item a collection's token is stored as (written inside the collection's create transaction). */
export function collectionTokenItem(token: string, userId: string, collectionId: string): Item {
  return entityItem('collection_token', shareTokenKey('collection', token), { kind: 'collection', user_id: userId, collection_id: collectionId });
}

export interface CollectionTokenTarget {
  user_id: string;
  collection_id: string;
}

/** The owner and collection a collection share token points at, or null. */
export async function resolveCollectionToken(token: string): Promise<CollectionTokenTarget | null> {
  const out = await table.getItem({ Key: shareTokenKey('collection', token), ConsistentRead: true });
  const item = out.Item;
  if (!item || typeof item.user_id !== 'string' || typeof item.collection_id !== 'string') return null;
  return { user_id: item.user_id, collection_id: item.collection_id };
}

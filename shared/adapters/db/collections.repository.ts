/**
 * Collections in the single table (data-model P4, P5):
 *   USER#{uid} / COLLECTION#{cid}            the collection (lists its token item in external_keys)
 *   USER#{uid} / COLLBILL#{cid}#{bill_id}    one bill in it: unique per pair by key
 *   USER#{uid} / COLLNAME#{name key}         the owner's claim on a name: unique by condition
 *   TOKEN#collection#{token} / TOKEN         the share link (share-tokens.repository.ts)
 * Invariants that span items (name claim, token, bill count) are kept by
 * transactions with attribute_not_exists / attribute_exists conditions.
 */
import { Collection, CollectionBill } from '#shared/domain/personal/collection.schema.ts';
import { batchWrite, queryAll, queryPage, transactionReasons, isConditionFailed, type Item, type Page } from './dynamo.ts';
import { collectionKeys } from './keys/collection.keys.ts';
import { userKeys } from './keys/user.keys.ts';
import { collectionTokenItem, shareTokenKey } from './share-tokens.repository.ts';
import { cond, expressions, query, update } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

const absent = () => expressions({ condition: cond.itemAbsent() });
const exists = () => expressions({ condition: cond.itemExists() });

/** The owner already has a collection with this name. */
export class CollectionNameTakenError extends Error {
  override name = 'CollectionNameTakenError';
}

const nameClaim = (userId: string, key: string, cid: string) => ({
  Put: {
    Item: entityItem('collection_name', collectionKeys.name(userId, key), { collection_id: cid }),
    ...absent(),
  },
});

/** Creates a collection with its name claim and share-token item in one transaction. */
export async function createCollection(collection: Collection, key: string): Promise<void> {
  const tokenItem = collectionTokenItem(collection.share_token, collection.user_id, collection.id);
  const item: Item = entityItem('collection', collectionKeys.collection(collection.user_id, collection.id), {
    ...collection,
    name_key: key,
    external_keys: [shareTokenKey('collection', collection.share_token)],
  });
  try {
    await table.transactWrite([
      { Put: { Item: item, ...absent() } },
      nameClaim(collection.user_id, key, collection.id),
      { Put: { Item: tokenItem, ...absent() } },
    ]);
  } catch (err) {
    if (transactionReasons(err)?.[1] === 'ConditionalCheckFailed') throw new CollectionNameTakenError(collection.name);
    throw err;
  }
}

/** A user's collection, or null (also for another user's collection id). */
export async function getCollection(userId: string, cid: string): Promise<Collection | null> {
  const out = await table.getItem({ Key: collectionKeys.collection(userId, cid), ConsistentRead: true });
  return out.Item ? Collection().parse(out.Item) : null;
}

/** The user's collections, a page at a time, in id order. */
export async function listCollections(userId: string, limit: number, cursor?: string): Promise<Page<Collection>> {
  const page = await queryPage(
    {
      ...query({ pk: userKeys.partition(userId), skPrefix: collectionKeys.prefix }),
      Limit: limit,
    },
    cursor,
  );
  return { items: page.items.map((i) => Collection().parse(i)), next_cursor: page.next_cursor };
}

/** The bill entries of a collection, a page at a time. */
export async function listCollectionBills(userId: string, cid: string, limit: number, cursor?: string): Promise<Page<CollectionBill>> {
  const page = await queryPage(
    {
      ...query({ pk: userKeys.partition(userId), skPrefix: collectionKeys.billsPrefix(cid) }),
      Limit: limit,
    },
    cursor,
  );
  return { items: page.items.map((i) => CollectionBill().parse(i)), next_cursor: page.next_cursor };
}

/**
 * Renames and/or toggles is_public. A rename moves the name claim in the
 * same transaction, on the condition that the collection still has the name
 * key `current` was read with: two concurrent renames would otherwise both
 * delete the same old claim and each put its own, leaving the loser's claim
 * held by no collection (its name answering 409 for good). Null when the
 * collection does not exist; 'stale' when a rename landed since `current`
 * was read (read it again).
 */
export async function updateCollection(
  current: Collection & { name_key?: string },
  change: { name?: string; slug?: string; key?: string; is_public?: boolean },
  now = new Date().toISOString(),
): Promise<Collection | null | 'stale'> {
  const renames = change.name !== undefined;
  const sameName = current.name_key !== undefined ? cond.eq('name_key', current.name_key) : cond.absent('name_key');
  const write = {
    Key: collectionKeys.collection(current.user_id, current.id),
    ...update(
      {
        set: {
          updated_at: now,
          ...(renames ? { name: change.name, slug: change.slug, name_key: change.key } : {}),
          ...(change.is_public !== undefined ? { is_public: change.is_public } : {}),
        },
      },
      renames ? cond.and(cond.itemExists(), sameName) : cond.itemExists(),
    ),
  };
  const oldKey = current.name_key;
  const moveClaim = change.key !== undefined && change.key !== oldKey;
  try {
    if (moveClaim && change.key !== undefined) {
      await table.transactWrite([
        { Update: write },
        nameClaim(current.user_id, change.key, current.id),
        ...(oldKey ? [{ Delete: { Key: collectionKeys.name(current.user_id, oldKey) } }] : []),
      ]);
    } else {
      await table.updateItem(write);
    }
  } catch (err) {
    const reasons = transactionReasons(err);
    // The collection's own condition first: a rename read before another one landed reads again before judging the name.
    if (reasons?.[0] === 'ConditionalCheckFailed' || reasons?.includes('TransactionConflict') || isConditionFailed(err)) {
      return (await getCollection(current.user_id, current.id)) ? 'stale' : null;
    }
    if (reasons?.[1] === 'ConditionalCheckFailed') throw new CollectionNameTakenError(change.name ?? '');
    throw err;
  }
  return getCollection(current.user_id, current.id);
}

/**
 * Gives a collection a new share token in one transaction: delete the old
 * token item, put the new one, and on the collection swap share_token and
 * its external_keys entry, conditioned on the old token (a concurrent
 * rotation makes one of them fail and re-read). The old link answers 404 the
 * moment the new one exists. Null when the collection does not exist.
 */
export async function rotateCollectionShareToken(userId: string, cid: string, token: string, now = new Date().toISOString()): Promise<Collection | null> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const out = await table.getItem({ Key: collectionKeys.collection(userId, cid), ConsistentRead: true });
    if (!out.Item) return null;
    const old = String(out.Item.share_token);
    const oldKey = shareTokenKey('collection', old);
    const newKey = shareTokenKey('collection', token);
    const listed = Array.isArray(out.Item.external_keys) ? (out.Item.external_keys as { pk: string; sk: string }[]) : [];
    const at = listed.findIndex((k) => k.pk === oldKey.pk && k.sk === oldKey.sk);
    try {
      await table.transactWrite([
        { Delete: { Key: oldKey } },
        { Put: { Item: collectionTokenItem(token, userId, cid), ...absent() } },
        {
          Update: {
            Key: collectionKeys.collection(userId, cid),
            ...(at >= 0
              ? update(
                  { set: { share_token: token, updated_at: now }, setPaths: [[['external_keys', at], newKey]] },
                  cond.and(cond.eq('share_token', old), cond.eq(['external_keys', at, 'pk'], oldKey.pk)),
                )
              : update({ set: { share_token: token, updated_at: now }, append: { external_keys: [newKey] } }, cond.eq('share_token', old))),
          },
        },
      ]);
      return getCollection(userId, cid);
    } catch (err) {
      if (!transactionReasons(err)) throw err;
      // Another rotation won, or the collection was deleted: read again. A token changed since it was read was
      // rotated by a concurrent call of the owner, which did what this one was asked: its collection is the answer.
      const now = await getCollection(userId, cid);
      if (!now) return null;
      if (now.share_token !== old) return now;
    }
  }
  throw new Error(`Could not rotate the share token of collection ${cid}`);
}

/** Reads a collection with its stored name key (for renames). */
export async function getCollectionWithKey(userId: string, cid: string): Promise<(Collection & { name_key?: string }) | null> {
  const out = await table.getItem({ Key: collectionKeys.collection(userId, cid), ConsistentRead: true });
  if (!out.Item) return null;
  const nk = out.Item.name_key;
  return { ...Collection().parse(out.Item), ...(typeof nk === 'string' ? { name_key: nk } : {}) };
}

/** Maps a cancelled add/remove transaction: the collection's condition is checked before the bill's. */
function changeFailure(err: unknown): BillChange {
  const reasons = transactionReasons(err);
  if (reasons?.[1] === 'ConditionalCheckFailed') return 'no_collection';
  if (reasons?.[0] === 'ConditionalCheckFailed') return 'unchanged';
  throw err;
}

export type BillChange = 'done' | 'unchanged' | 'no_collection';

/** Adds a bill and counts it on the collection; 'unchanged' when it was already there (nothing written). */
export async function addCollectionBill(userId: string, cid: string, billId: string, now = new Date().toISOString()): Promise<BillChange> {
  try {
    await table.transactWrite([
      {
        Put: {
          Item: entityItem('collection_bill', collectionKeys.bill(userId, cid, billId), { collection_id: cid, bill_id: billId, added_at: now }),
          ...absent(),
        },
      },
      {
        Update: {
          Key: collectionKeys.collection(userId, cid),
          ...update({ set: { updated_at: now }, add: { bill_count: 1 } }, cond.itemExists()),
        },
      },
    ]);
    return 'done';
  } catch (err) {
    return changeFailure(err);
  }
}

/** Removes a bill and uncounts it; 'unchanged' when it was not in the collection. */
export async function removeCollectionBill(userId: string, cid: string, billId: string, now = new Date().toISOString()): Promise<BillChange> {
  try {
    await table.transactWrite([
      { Delete: { Key: collectionKeys.bill(userId, cid, billId), ...exists() } },
      {
        Update: {
          Key: collectionKeys.collection(userId, cid),
          ...update({ set: { updated_at: now }, add: { bill_count: -1 } }, cond.itemExists()),
        },
      },
    ]);
    return 'done';
  } catch (err) {
    return changeFailure(err);
  }
}

/** Deletes a collection, its bills, its name claim and its token item; false when absent. */
export async function deleteCollection(userId: string, cid: string): Promise<boolean> {
  let old: Item | undefined;
  try {
    const out = await table.deleteItem({
      Key: collectionKeys.collection(userId, cid),
      ...exists(),
      ReturnValues: 'ALL_OLD',
    });
    old = out.Attributes;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
  const bills = await queryAll(query({ pk: userKeys.partition(userId), skPrefix: collectionKeys.billsPrefix(cid) }, { projection: ['pk', 'sk'] }));
  const extra: { pk: string; sk: string }[] = [];
  if (typeof old?.name_key === 'string') extra.push(collectionKeys.name(userId, old.name_key));
  if (typeof old?.share_token === 'string') extra.push(shareTokenKey('collection', old.share_token));
  await batchWrite([...bills.map((b) => ({ pk: String(b.pk), sk: String(b.sk) })), ...extra].map((k) => ({ delete: k })));
  return true;
}

/**
 * Collection use cases (watchlists of bills), always scoped to the caller:
 * another user's collection id is simply not found (404), and nothing changes.
 * create: 1. validate the name (422); 2. derive the slug, a new id and a UUID
 *   share token; 3. write collection, name claim and token in one transaction
 *   (409 when the owner already uses the name).
 * update: 1. find the caller's collection (404); 2. validate a new name;
 *   3. move the name claim and/or set is_public in one transaction.
 * add/remove bill: 1. find the caller's collection (404); 2. the bill must
 *   exist to be added (404); 3. add or remove the pair (a repeat is a no-op).
 * read: the collection with a page of its bills as summaries.
 * rotate the share token: 1. find the caller's collection (404); 2. a new
 *   UUID token replaces the old in one transaction; the old link answers 404
 *   at once (a leaked link is revoked this way).
 */
import { randomUUID } from 'node:crypto';
import type { User } from '#shared/domain/users/user.schema.ts';
import { getBill, getBills } from '#shared/adapters/db/bills.repository.ts';
import {
  addCollectionBill,
  CollectionNameTakenError,
  createCollection,
  deleteCollection,
  getCollection,
  getCollectionWithKey,
  listCollectionBills,
  listCollections,
  removeCollectionBill,
  rotateCollectionShareToken,
  updateCollection,
} from '#shared/adapters/db/collections.repository.ts';
import type { Page } from '#shared/adapters/db/dynamo.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#shared/errors/app-error.ts';
import type { Paging } from '#shared/domain/paging.ts';
import { collectionNameKey, slugify, validateCollectionName } from '#shared/domain/personal/collection-name.ts';
import type { Collection, CollectionCreate, CollectionUpdate } from '#shared/domain/personal/collection.schema.ts';
import { billSummary, type BillSummary } from '#shared/domain/personal/summaries.ts';

export interface CollectionWithBills extends Collection {
  bills: Page<BillSummary & { added_at: string }>;
}

function checkedName(raw: string): { name: string; key: string; slug: string } {
  const result = validateCollectionName(raw);
  if (!result.ok)
    throw new InvalidInputError(`Invalid body.name: ${result.reason}`, [{ path: 'body.name', message: result.reason }], 'collection.invalid_name');
  return { name: result.name, key: collectionNameKey(result.name), slug: slugify(result.name) };
}

const nameTaken = (name: string) => new ConflictError(`You already have a collection named "${name}"`, 'collection.name_taken');

async function ownCollection(user: User, id: string): Promise<Collection> {
  const collection = await getCollection(user.id, id);
  if (!collection) throw new NotFoundError(`No collection ${id}`, 'collection.not_found');
  return collection;
}

/** Creates a collection for the caller (private unless asked otherwise). */
export async function createUserCollection(user: User, body: CollectionCreate, now = new Date().toISOString()): Promise<Collection> {
  const { name, key, slug } = checkedName(body.name);
  const collection: Collection = {
    id: randomUUID(),
    user_id: user.id,
    name,
    slug,
    share_token: randomUUID(),
    is_public: body.is_public,
    bill_count: 0,
    created_at: now,
    updated_at: now,
  };
  try {
    await createCollection(collection, key);
  } catch (err) {
    if (err instanceof CollectionNameTakenError) throw nameTaken(name);
    throw err;
  }
  return collection;
}

/** The caller's collections, a page at a time. */
export const listUserCollections = (user: User, paging: Paging): Promise<Page<Collection>> => listCollections(user.id, paging.limit, paging.cursor);

/** A page of a collection's bills as summaries (bills no longer stored are left out). */
async function billsPage(userId: string, collectionId: string, paging: Paging): Promise<CollectionWithBills['bills']> {
  const page = await listCollectionBills(userId, collectionId, paging.limit, paging.cursor);
  const bills = new Map((await getBills(page.items.map((e) => e.bill_id))).map((b) => [b.id, b]));
  const items = page.items.flatMap((e) => {
    const bill = bills.get(e.bill_id);
    return bill ? [{ ...billSummary(bill), added_at: e.added_at }] : [];
  });
  return { items, next_cursor: page.next_cursor };
}

/** The caller's collection with a page of its bills. */
export async function readUserCollection(user: User, id: string, paging: Paging): Promise<CollectionWithBills> {
  const collection = await ownCollection(user, id);
  return { ...collection, bills: await billsPage(user.id, id, paging) };
}

/** Renames and/or toggles is_public on the caller's collection. */
export async function updateUserCollection(user: User, id: string, change: CollectionUpdate): Promise<Collection> {
  const renamed = change.name !== undefined ? checkedName(change.name) : undefined;
  // A rename is conditional on the name it read (collections.repository.ts): one that lost to a concurrent rename reads again.
  for (let attempt = 0; attempt < RENAME_ATTEMPTS; attempt++) {
    const current = await getCollectionWithKey(user.id, id);
    if (!current) throw new NotFoundError(`No collection ${id}`, 'collection.not_found');
    try {
      const updated = await updateCollection(current, { ...(renamed ?? {}), ...(change.is_public !== undefined ? { is_public: change.is_public } : {}) });
      if (!updated) throw new NotFoundError(`No collection ${id}`, 'collection.not_found');
      if (updated !== 'stale') return updated;
    } catch (err) {
      if (err instanceof CollectionNameTakenError) throw nameTaken(renamed?.name ?? '');
      throw err;
    }
  }
  throw new ConflictError(`Collection ${id} kept being renamed while renaming it; try again`, 'collection.rename_conflict');
}

/** Attempts of a rename that keeps finding the collection renamed under it before it answers 409. */
const RENAME_ATTEMPTS = 5;

/** Deletes the caller's collection with its bills, name claim and share link. */
export async function deleteUserCollection(user: User, id: string): Promise<void> {
  if (!(await deleteCollection(user.id, id))) throw new NotFoundError(`No collection ${id}`, 'collection.not_found');
}

/** Adds a bill to the caller's collection; adding it again changes nothing. */
export async function addBillToCollection(user: User, id: string, billId: string): Promise<{ collection_id: string; bill_id: string; added: boolean }> {
  await ownCollection(user, id);
  if (!(await getBill(billId))) throw new NotFoundError(`No bill ${billId}`, 'bill.not_found');
  const change = await addCollectionBill(user.id, id, billId);
  if (change === 'no_collection') throw new NotFoundError(`No collection ${id}`, 'collection.not_found');
  return { collection_id: id, bill_id: billId, added: change === 'done' };
}

/** Removes a bill from the caller's collection (404 when it is not in it). */
export async function removeBillFromCollection(user: User, id: string, billId: string): Promise<void> {
  await ownCollection(user, id);
  const change = await removeCollectionBill(user.id, id, billId);
  if (change === 'no_collection') throw new NotFoundError(`No collection ${id}`, 'collection.not_found');
  if (change === 'unchanged') throw new NotFoundError(`Bill ${billId} is not in collection ${id}`, 'collection.bill_not_found');
}

export { billsPage as collectionBillsPage };

/** POST /api/collections/{id}/rotate-share-token: the caller's collection with its new share token. */
export async function rotateUserCollectionShareToken(user: User, id: string): Promise<Collection> {
  const rotated = await rotateCollectionShareToken(user.id, id, randomUUID());
  if (!rotated) throw new NotFoundError(`No collection ${id}`, 'collection.not_found');
  return rotated;
}

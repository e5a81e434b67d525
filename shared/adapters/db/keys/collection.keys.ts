/**
 * Collections (docs/data-model.md P4, P4a), in the owner's partition:
 *   USER#{uid} / COLLECTION#{cid}           the collection
 *   USER#{uid} / COLLBILL#{cid}#{bill_id}   one bill in it (kept out of the COLLECTION# prefix,
 *                                           so listing collections never reads bill entries)
 *   USER#{uid} / COLLNAME#{name key}        the owner's claim on a name
 * The share link is a token item (token.keys.ts).
 */
import type { ItemKey } from './key.ts';
import { userKeys } from './user.keys.ts';

const PREFIX = 'COLLECTION#';
const billsPrefix = (collectionId: string) => `COLLBILL#${collectionId}#`;

export const collectionKeys = {
  collection: (userId: string, collectionId: string): ItemKey => ({ pk: userKeys.partition(userId), sk: `${PREFIX}${collectionId}` }),
  /** begins_with prefix of a user's collections. */
  prefix: PREFIX,
  bill: (userId: string, collectionId: string, billId: string): ItemKey => ({ pk: userKeys.partition(userId), sk: `${billsPrefix(collectionId)}${billId}` }),
  /** begins_with prefix of one collection's bills. */
  billsPrefix,
  name: (userId: string, nameKey: string): ItemKey => ({ pk: userKeys.partition(userId), sk: `COLLNAME#${nameKey}` }),
} as const;

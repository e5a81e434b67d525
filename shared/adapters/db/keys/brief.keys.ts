/**
 * Briefs and their markers, all in the bill's partition (docs/data-model.md
 * B6, B6a, B6b, B12):
 *   BILL#{bill_id} / BRIEF#{version:0000}          a brief (versions sort newest last)
 *   BILL#{bill_id} / BRIEFKEY#{dedupe_key}         the one-brief-per-text-version guard
 *   BILL#{bill_id} / BRIEFPENDING#{version_code}   a text version waiting for its brief
 * with two sparse secondaryListings (gsi3): PENDING#brief / {bill_id}#{version_code}
 * for the waiting versions and BRIEFS#uncited / {bill_id}#BRIEF#{version:0000}
 * for briefs with an uncited point. The share token is a token item (token.keys.ts).
 */
import { billKeys } from './bill.keys.ts';
import { onIndex, type ItemKey } from './key.ts';

const PREFIX = 'BRIEF#';
const sortKey = (version: number) => `${PREFIX}${String(version).padStart(4, '0')}`;
const PENDING = 'PENDING#brief';
const UNCITED = 'BRIEFS#uncited';
const uncitedSortKey = (billId: string, version: number) => `${billId}#${sortKey(version)}`;

export const briefKeys = {
  /** BRIEF#{version}, zero-padded to four digits so versions sort as numbers. */
  sortKey,
  brief: (billId: string, version: number): ItemKey => ({ pk: billKeys.partition(billId), sk: sortKey(version) }),
  /** begins_with prefix of a bill's briefs. */
  prefix: PREFIX,
  /** B6a: the idempotency guard of one (bill, dedupe key). */
  guard: (billId: string, dedupeKey: string): ItemKey => ({ pk: billKeys.partition(billId), sk: `BRIEFKEY#${dedupeKey}` }),

  /** B12: the marker of a text version waiting for its brief. */
  pending: (billId: string, versionCode: string): ItemKey => ({ pk: billKeys.partition(billId), sk: `BRIEFPENDING#${versionCode}` }),
  /** B12: the sparse list of waiting text versions. */
  pendingList: {
    index: 'secondaryListings',
    partition: PENDING,
    keys: (billId: string, versionCode: string) => onIndex('secondaryListings', PENDING, `${billId}#${versionCode}`),
  },

  /** B6b: the sparse list of briefs with an uncited point. */
  uncitedList: {
    index: 'secondaryListings',
    partition: UNCITED,
    sortKey: uncitedSortKey,
    keys: (billId: string, version: number) => onIndex('secondaryListings', UNCITED, uncitedSortKey(billId, version)),
  },
} as const;

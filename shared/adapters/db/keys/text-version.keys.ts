/**
 * Bill text versions (docs/data-model.md B5, B5a):
 *   BILL#{bill_id} / TEXT#{version_code}   a stored text version
 *   BILL#{bill_id} / DOCFETCH              a document fetch skipped while an admin had its source off,
 *       listed on secondaryListings (gsi3) DOCFETCHES_PENDING / {bill_id}
 */
import { billKeys } from './bill.keys.ts';
import { onIndex, type ItemKey } from './key.ts';

const PREFIX = 'TEXT#';
const FETCH_PENDING = 'DOCFETCH';
const FETCH_PENDING_LIST = 'DOCFETCHES_PENDING';

export const textVersionKeys = {
  version: (billId: string, versionCode: string): ItemKey => ({ pk: billKeys.partition(billId), sk: `${PREFIX}${versionCode}` }),
  /** begins_with prefix of a bill's text versions. */
  prefix: PREFIX,
  /** B5a: the marker of a bill whose document fetch waits for its source to be switched back on. */
  fetchPending: (billId: string): ItemKey => ({ pk: billKeys.partition(billId), sk: FETCH_PENDING }),
  /** B5a: the sparse list of those bills. */
  fetchPendingList: {
    index: 'secondaryListings',
    partition: FETCH_PENDING_LIST,
    keys: (billId: string) => onIndex('secondaryListings', FETCH_PENDING_LIST, billId),
  },
} as const;

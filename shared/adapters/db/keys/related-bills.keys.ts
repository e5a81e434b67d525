/**
 * Related bills (docs/data-model.md B1, B21, B21a):
 *   BILL#{bill_id} / RELATED#{other_id}   one related bill with its relationships, in the
 *       bill's partition so the detail read (one Query) shows it; listed on
 *       reverseLookups (gsi2) RELATEDTO#{other_id} / {bill_id}, so a bill saved after
 *       another named it finds that bill and writes its side of the pair
 *   BILL#{bill_id} / RELATEDSYNC         the related-bills count last fetched, so a fetch is
 *       queued only when the count Congress.gov gives changes
 */
import { billKeys } from './bill.keys.ts';
import { onIndex, type ItemKey } from './key.ts';

const PREFIX = 'RELATED#';
const namedBy = (otherId: string) => `RELATEDTO#${otherId}`;

export const relatedBillKeys = {
  related: (billId: string, otherId: string): ItemKey => ({ pk: billKeys.partition(billId), sk: `${PREFIX}${otherId}` }),
  /** begins_with prefix of a bill's related bills. */
  prefix: PREFIX,
  /** B21a: the bills whose related-bill item names `otherId` (reverseLookups). */
  namedBy: {
    index: 'reverseLookups',
    partition: namedBy,
    keys: (billId: string, otherId: string) => onIndex('reverseLookups', namedBy(otherId), billId),
  },
  /** The count of related bills the last fetch stored. */
  sync: (billId: string): ItemKey => ({ pk: billKeys.partition(billId), sk: 'RELATEDSYNC' }),
} as const;

/**
 * Amendments (docs/data-model.md AM1-AM4):
 *   AMDT#{amendment_id} / META                 the amendment: its record, actions, text versions and the
 *                                              roll calls linked to it (a map by vote id)
 *   gsi3 AMDTS#{bill_id} / {type}#{number:000000}  the amendments of a bill, House then Senate, by number
 *                                              (secondaryListings; only amendments to a bill carry it)
 */
import { META, onIndex, type ItemKey } from './key.ts';

const partition = (amendmentId: string) => `AMDT#${amendmentId}`;
const billPartition = (billId: string) => `AMDTS#${billId}`;

export const amendmentKeys = {
  /** AMDT#{id}: the amendment's own partition. */
  partition,
  /** The amendment record. */
  record: (amendmentId: string): ItemKey => ({ pk: partition(amendmentId), sk: META }),
  /** AM2: the amendments of a bill (secondaryListings). */
  byBill: {
    index: 'secondaryListings',
    partition: billPartition,
    keys: (billId: string, a: { type: string; number: number }) =>
      onIndex('secondaryListings', billPartition(billId), `${a.type}#${String(a.number).padStart(6, '0')}`),
  },
} as const;

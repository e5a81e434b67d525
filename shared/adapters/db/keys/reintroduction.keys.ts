/**
 * Reintroductions (docs/data-model.md B22, B22a):
 *   BILL#{bill_id} / TITLEFP           the bill's title fingerprint (SHA-256 of the normalised
 *       title, shared/domain/bills/reintroduction.ts), listed on secondaryListings (gsi3)
 *       TITLEFP#{fingerprint} / {congress:000}#{bill_id}: the bills of every Congress
 *       with the same title, one Query
 *   BILL#{bill_id} / REINTRO#OF        the earlier bill this one reintroduces (one per bill,
 *       written with attribute_not_exists)
 *   BILL#{bill_id} / REINTRO#AS#{new}  a later bill that reintroduces this one
 */
import { createHash } from 'node:crypto';
import { billKeys } from './bill.keys.ts';
import { onIndex, type ItemKey } from './key.ts';

const PREFIX = 'REINTRO#';
const OF = `${PREFIX}OF`;
const AS = `${PREFIX}AS#`;
const byTitlePartition = (fingerprint: string) => `TITLEFP#${fingerprint}`;

/** 24 hex digits of SHA-256: short keys, and no two distinct titles will meet. */
const fingerprint = (normalisedTitle: string) => createHash('sha256').update(normalisedTitle).digest('hex').slice(0, 24);

export const reintroductionKeys = {
  /** The fingerprint a normalised title is listed under. */
  fingerprint,
  /** B22: the fingerprint item of a bill. */
  titleFingerprint: (billId: string): ItemKey => ({ pk: billKeys.partition(billId), sk: 'TITLEFP' }),
  /** B22: the bills with one normalised title, oldest Congress first (secondaryListings). */
  byTitle: {
    index: 'secondaryListings',
    partition: byTitlePartition,
    keys: (fp: string, congress: number, billId: string) =>
      onIndex('secondaryListings', byTitlePartition(fp), `${String(congress).padStart(3, '0')}#${billId}`),
  },
  /** B22a: the bill a bill reintroduces. */
  reintroductionOf: (billId: string): ItemKey => ({ pk: billKeys.partition(billId), sk: OF }),
  /** B22a: a later bill reintroducing this one. */
  reintroducedAs: (billId: string, laterId: string): ItemKey => ({ pk: billKeys.partition(billId), sk: `${AS}${laterId}` }),
  /** begins_with prefixes among a bill's items. */
  ofSk: OF,
  asPrefix: AS,
} as const;

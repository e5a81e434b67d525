/**
 * Bill cosponsors (docs/data-model.md B1, B9): BILL#{bill_id} / COSPONSOR#{member_id},
 * listed on reverseLookups (gsi2) COSPONSOR#{member_id} / {sponsorship_date}#{bill_id}
 * for a member's cosponsored bills.
 */
import type { Cosponsor } from '#shared/domain/bills/cosponsor.schema.ts';
import { billKeys } from './bill.keys.ts';
import { UNDATED, onIndex, type ItemKey } from './key.ts';

const PREFIX = 'COSPONSOR#';
const memberPartition = (memberId: string) => `${PREFIX}${memberId}`;

export const cosponsorKeys = {
  cosponsor: (billId: string, memberId: string): ItemKey => ({ pk: billKeys.partition(billId), sk: `${PREFIX}${memberId}` }),
  /** begins_with prefix of a bill's cosponsors. */
  prefix: PREFIX,
  /** B9: the bills a member cosponsored, by sponsorship date. */
  byMember: {
    index: 'reverseLookups',
    partition: memberPartition,
    keys: (c: Pick<Cosponsor, 'member_id' | 'sponsorship_date' | 'bill_id'>) =>
      onIndex('reverseLookups', memberPartition(c.member_id), `${c.sponsorship_date ?? UNDATED}#${c.bill_id}`),
  },
} as const;

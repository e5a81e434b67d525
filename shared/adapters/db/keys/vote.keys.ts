/**
 * Roll-call votes (docs/data-model.md M5, M6, M7, B18):
 *   BILL#{bill_id} / VOTE#{chamber}#{congress}#{session}#{roll:00000}   the roll call beside its bill
 *   ROLLCALL#{vote_id} / META                                           the roll call
 *   ROLLCALL#{vote_id} / POS#{member_id}                                one member's position, listed on
 *       reverseLookups (gsi2) MEMBERVOTES#{member_id} / {date}#{vote_id}
 *   BILL#{bill_id} / VOTEFETCH                                          the one background vote fetch
 */
import type { RollCall } from '#shared/domain/votes/vote.schema.ts';
import { billKeys } from './bill.keys.ts';
import { META, onIndex, type ItemKey } from './key.ts';

const BILL_VOTE = 'VOTE#';
const POSITION = 'POS#';
const rollCallPartition = (voteId: string) => `ROLLCALL#${voteId}`;
const memberPartition = (memberId: string) => `MEMBERVOTES#${memberId}`;

export const voteKeys = {
  /** A roll call as an item of its bill's partition. */
  billVote: (billId: string, r: Pick<RollCall, 'chamber' | 'congress' | 'session' | 'roll_number'>): ItemKey => ({
    pk: billKeys.partition(billId),
    sk: `${BILL_VOTE}${r.chamber}#${r.congress}#${r.session}#${String(r.roll_number).padStart(5, '0')}`,
  }),
  /** begins_with prefix of a bill's roll calls. */
  billVotePrefix: BILL_VOTE,
  /** ROLLCALL#{vote_id}: a roll call with its positions. */
  rollCallPartition,
  rollCall: (voteId: string): ItemKey => ({ pk: rollCallPartition(voteId), sk: META }),
  position: (voteId: string, memberId: string): ItemKey => ({ pk: rollCallPartition(voteId), sk: `${POSITION}${memberId}` }),
  /** begins_with prefix of a roll call's positions. */
  positionPrefix: POSITION,
  /** M7: a member's recorded positions, by date. */
  byMember: {
    index: 'reverseLookups',
    partition: memberPartition,
    keys: (memberId: string, r: Pick<RollCall, 'date' | 'vote_id'>) => onIndex('reverseLookups', memberPartition(memberId), `${r.date}#${r.vote_id}`),
  },
  /** B18: the claim of a bill's one background vote fetch. */
  fetchClaim: (billId: string): ItemKey => ({ pk: billKeys.partition(billId), sk: 'VOTEFETCH' }),
} as const;

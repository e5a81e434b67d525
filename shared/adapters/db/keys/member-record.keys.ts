/**
 * Member report cards (docs/data-model.md M14, M15):
 *   MEMBER#{bioguide} / RECORD#{congress:000}    a member's report card for one Congress (read with the member's other cards in one Query)
 *   RECORDSTALE / {congress:000}#{bioguide}      a card to compute again: put beside each position a roll call stores
 *                                                (and by the nightly refresh), deleted by compute_member_records once computed
 */
import type { ItemKey } from './key.ts';
import { memberKeys } from './member.keys.ts';

const RECORD = 'RECORD#';
const STALE = 'RECORDSTALE';
const congressKey = (congress: number) => String(congress).padStart(3, '0');

export const memberRecordKeys = {
  record: (memberId: string, congress: number): ItemKey => ({ pk: memberKeys.partition(memberId), sk: `${RECORD}${congressKey(congress)}` }),
  /** begins_with prefix of a member's cards in their partition. */
  recordPrefix: RECORD,
  /** M15: the partition of every stale mark, and one mark. */
  stalePartition: STALE,
  stale: (congress: number, memberId: string): ItemKey => ({ pk: STALE, sk: `${congressKey(congress)}#${memberId}` }),
} as const;

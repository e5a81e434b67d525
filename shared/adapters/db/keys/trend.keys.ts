/**
 * Daily trend scores (docs/data-model.md B14, M12): BILL#{id} / TREND#{date}
 * and MEMBER#{id} / TREND#{date}; a bill's day is also listed on
 * sortedListings (gsi1) TRENDING#{date} / {score:000.0}#{bill_id}.
 */
import { scoreSortKey } from '#shared/domain/scores/trend-score.ts';
import { billKeys } from './bill.keys.ts';
import { onIndex, type ItemKey } from './key.ts';
import { memberKeys } from './member.keys.ts';

export type TrendSubject = 'bill' | 'member';

const PREFIX = 'TREND#';
/** The partition a subject's days live in: the bill's or the member's own. */
const partition = (subject: TrendSubject, id: string) => (subject === 'bill' ? billKeys.partition(id) : memberKeys.partition(id));
const trendingPartition = (date: string) => `TRENDING#${date}`;

export const trendKeys = {
  partition,
  day: (subject: TrendSubject, id: string, date: string): ItemKey => ({ pk: partition(subject, id), sk: `${PREFIX}${date}` }),
  /** begins_with prefix of a bill's or member's days. */
  prefix: PREFIX,
  /** B14, P8, M12a: a day's bills, highest score first. */
  trending: {
    index: 'sortedListings',
    partition: trendingPartition,
    keys: (date: string, score: number, billId: string) => onIndex('sortedListings', trendingPartition(date), `${scoreSortKey(score)}#${billId}`),
    /** The score and bill id a trending sort key holds, or null for another shape. */
    parseSortKey: (sortKey: string): { score: number; bill_id: string } | null => {
      const hash = sortKey.indexOf('#');
      return hash > 0 ? { score: Number(sortKey.slice(0, hash)), bill_id: sortKey.slice(hash + 1) } : null;
    },
  },
} as const;

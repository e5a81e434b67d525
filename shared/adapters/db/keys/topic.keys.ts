/**
 * Topics (docs/data-model.md B15): TOPIC / {tag} holds a topic's bill count,
 * TOPIC#{tag} / {bill_id} lists its bills.
 */
import type { ItemKey } from './key.ts';

const COUNTERS = 'TOPIC';
const billsPartition = (tag: string) => `TOPIC#${tag}`;

export const topicKeys = {
  /** The one partition of every topic's counter. */
  countersPartition: COUNTERS,
  counter: (tag: string): ItemKey => ({ pk: COUNTERS, sk: tag }),
  /** The partition listing a topic's bills. */
  billsPartition,
  bill: (tag: string, billId: string): ItemKey => ({ pk: billsPartition(tag), sk: billId }),
} as const;

/** Bill title-word index items (docs/data-model.md B17): WORD#{word} / {bill_id}. Retired: only migration 0015 names them, to delete them. */
import type { ItemKey } from './key.ts';

const partition = (word: string) => `WORD#${word}`;

export const wordKeys = {
  /** The bills whose titles carry `word` (bill ids begin with the congress, so descending is newest first). */
  partition,
  word: (word: string, billId: string): ItemKey => ({ pk: partition(word), sk: billId }),
} as const;

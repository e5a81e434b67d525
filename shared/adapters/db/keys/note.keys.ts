/** Bill notes (docs/data-model.md P3): USER#{uid} / NOTE#{bill_id}, one per (user, bill). */
import type { ItemKey } from './key.ts';
import { userKeys } from './user.keys.ts';

const PREFIX = 'NOTE#';

export const noteKeys = {
  note: (userId: string, billId: string): ItemKey => ({ pk: userKeys.partition(userId), sk: `${PREFIX}${billId}` }),
  /** begins_with prefix of a user's notes. */
  prefix: PREFIX,
} as const;

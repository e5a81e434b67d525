/**
 * Bill actions (docs/data-model.md B4): BILL#{bill_id} / ACTION#{date}#{hash},
 * the hash being the first 20 hex digits of the SHA-256 of the exact action
 * text, so the key itself is the (bill, date, text) triple.
 */
import { createHash } from 'node:crypto';
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import { billKeys } from './bill.keys.ts';
import type { ItemKey } from './key.ts';

const PREFIX = 'ACTION#';
const sortKey = (a: Pick<BillAction, 'action_date' | 'action_text'>) =>
  `${PREFIX}${a.action_date}#${createHash('sha256').update(a.action_text).digest('hex').slice(0, 20)}`;

export const actionKeys = {
  /** The sort key of an action: date, then a hash of its exact text. */
  sortKey,
  action: (a: Pick<BillAction, 'bill_id' | 'action_date' | 'action_text'>): ItemKey => ({ pk: billKeys.partition(a.bill_id), sk: sortKey(a) }),
  /** begins_with prefix of a bill's actions. */
  prefix: PREFIX,
} as const;

/**
 * Bill actions: BILL#{id} / ACTION#{date}#{hash(text)}, so the key itself is
 * the (bill_id, action_date, action_text) triple and a duplicate insert is a
 * failed condition that writes nothing.
 */
import { BillAction } from '#shared/domain/bills/action.schema.ts';
import { isConditionFailed, queryAll, queryPage, type Page } from './dynamo.ts';
import { actionKeys } from './keys/action.keys.ts';
import { billKeys } from './keys/bill.keys.ts';
import { cond, expressions, query } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

/** The sort key of an action: date, then a hash of its exact text. */
export const actionSk = actionKeys.sortKey;

/** Inserts actions; returns those that were new (duplicates of a stored triple write nothing). */
export async function insertActions(actions: BillAction[]): Promise<BillAction[]> {
  const inserted: BillAction[] = [];
  // Conditional puts one by one: BatchWrite cannot carry a condition.
  for (const a of actions) {
    try {
      await table.putItem({
        Item: entityItem('action', actionKeys.action(a), { ...a }),
        ...expressions({ condition: cond.itemAbsent() }),
      });
      inserted.push(a);
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
    }
  }
  return inserted;
}

/** A bill's actions, newest first. */
export async function listActions(billId: string): Promise<BillAction[]> {
  const items = await queryAll({
    ...query({ pk: billKeys.partition(billId), skPrefix: actionKeys.prefix }),
    ScanIndexForward: false,
  });
  return items.map((i) => BillAction().parse(i));
}

/** One page of a bill's actions, newest first. */
export async function listActionsPage(billId: string, limit: number, cursor?: string): Promise<Page<BillAction>> {
  const page = await queryPage(
    {
      ...query({ pk: billKeys.partition(billId), skPrefix: actionKeys.prefix }),
      ScanIndexForward: false,
      Limit: limit,
    },
    cursor,
  );
  return { items: page.items.map((i) => BillAction().parse(i)), next_cursor: page.next_cursor };
}

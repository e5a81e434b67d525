/**
 * Topic index items for bills: TOPIC / {tag} counters and TOPIC#{tag} /
 * {bill_id} listing items, kept in step when a brief sets a bill's tags.
 * (Title words are searched by the search engine, shared/adapters/search/; their old
 * WORD# items are deleted by migration 0015.)
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { isConditionFailed, queryAll, queryPage, type Page } from './dynamo.ts';
import { cond, condition, query, update } from './expressions.ts';
import { topicKeys } from './keys/topic.keys.ts';
import * as table from './table-client.ts';
import { entityItem, entityTag } from './entities.ts';

async function addTopic(bill: Bill, tag: string): Promise<void> {
  try {
    await table.putItem({
      Item: entityItem('topic_bill', topicKeys.bill(tag, bill.id), { bill_id: bill.id, latest_action_date: bill.latest_action_date }),
      ...condition(cond.itemAbsent()),
    });
  } catch (err) {
    if (isConditionFailed(err)) return;
    throw err;
  }
  await bumpTopic(tag, 1);
}

async function removeTopic(billIdValue: string, tag: string): Promise<void> {
  const out = await table.deleteItem({ Key: topicKeys.bill(tag, billIdValue), ReturnValues: 'ALL_OLD' });
  if (out.Attributes) await bumpTopic(tag, -1);
}

async function bumpTopic(tag: string, by: number): Promise<void> {
  await table.updateItem({
    Key: topicKeys.counter(tag),
    ...update({ set: { ...entityTag('topic'), topic: tag }, add: { bill_count: by } }),
  });
}

/** Brings a bill's topic listing items and counts from `before` to `after` tags (each change counted once). */
export async function syncBillTopics(bill: Bill, before: string[], after: string[]): Promise<void> {
  const added = after.filter((t) => !before.includes(t));
  const removed = before.filter((t) => !after.includes(t));
  // Re-adding a present tag is a no-op thanks to the condition, which also heals a missed earlier write.
  await Promise.all([...added, ...after].map((t) => addTopic(bill, t)));
  await Promise.all(removed.map((t) => removeTopic(bill.id, t)));
}

/** Topic tags with their bill counts, most bills first. */
export async function listTopicsWithCounts(): Promise<{ topic: string; bill_count: number }[]> {
  const items = await queryAll(query({ pk: topicKeys.countersPartition }));
  return items
    .map((i) => ({ topic: String(i.topic ?? i.sk), bill_count: Number(i.bill_count ?? 0) }))
    .filter((t) => t.bill_count > 0)
    .sort((a, b) => b.bill_count - a.bill_count || a.topic.localeCompare(b.topic));
}

/** Ids of the bills tagged with a topic, a page at a time. */
export async function listBillIdsByTopic(tag: string, limit: number, cursor?: string): Promise<Page<string>> {
  const page = await queryPage({ ...query({ pk: topicKeys.billsPartition(tag) }), Limit: limit }, cursor);
  return { items: page.items.map((i) => String(i.bill_id)), next_cursor: page.next_cursor };
}

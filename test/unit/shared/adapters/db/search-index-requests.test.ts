/**
 * The requests of the topic index (shared/adapters/db/search-index.repository.ts),
 * with the document client mocked (no emulator): a bill's topic listing
 * items written only where absent and counted once, removed ones counted
 * down only when they were there, and the counters and a topic's bills
 * queried by partition, read back through their aliases. The integration
 * tests of shared/adapters/search run the same requests against DynamoDB Local.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { topicKeys } from '#shared/adapters/db/keys/topic.keys.ts';
import { listBillIdsByTopic, listTopicsWithCounts, syncBillTopics } from '#shared/adapters/db/search-index.repository.ts';
import { tableName } from '#shared/adapters/db/table.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { useMockedDocumentClient } from '#test/support/mocked-document-client.ts';
import { entityTag } from '#shared/adapters/db/entities.ts';

const { db } = useMockedDocumentClient((db) => {
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(PutCommand).resolves({});
  db.on(DeleteCommand).resolves({});
  db.on(UpdateCommand).resolves({});
});

function all<T extends object>(command: new (input: T) => { input: T }): T[] {
  const inputs = db.commandCalls(command as never).map((c) => c.args[0].input as T & { TableName?: string });
  for (const input of inputs) expect(input.TableName).toBe(tableName());
  return inputs;
}

const bill = { id: '119-hr-1', latest_action_date: '2026-02-01' } as unknown as Bill;
const bump = (u: { UpdateExpression?: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> }) =>
  expressionText(u.UpdateExpression, u);

describe('topic index', () => {
  it('writes a new tag’s listing item only where absent and counts it up once; a removed one is deleted and counted down', async () => {
    // Listing items stored so far: a put where one is stored fails its condition, as DynamoDB's would.
    const listed = new Set([topicKeys.billsPartition('health'), topicKeys.billsPartition('tax')]);
    db.on(PutCommand).callsFake((input: { Item: { pk: string } }) => {
      if (listed.has(input.Item.pk)) throw new ConditionalCheckFailedException({ message: 'there', $metadata: {} });
      listed.add(input.Item.pk);
      return {};
    });
    db.on(DeleteCommand).resolves({ Attributes: { ...topicKeys.bill('tax', bill.id) } });
    await syncBillTopics(bill, ['health', 'tax'], ['health', 'energy']);

    const puts = all(PutCommand);
    // energy twice (added, and in the tags after), health once: the condition makes re-adding a no-op, so each is counted once.
    expect(puts.map((p) => p.Item?.sk === bill.id && p.Item.pk).sort()).toEqual([
      topicKeys.billsPartition('energy'),
      topicKeys.billsPartition('energy'),
      topicKeys.billsPartition('health'),
    ]);
    for (const p of puts) {
      expect(expressionText(p.ConditionExpression, p)).toBe('attribute_not_exists(pk)');
      expect(p.Item).toMatchObject({ ...entityTag('topic_bill'), bill_id: bill.id, latest_action_date: '2026-02-01' });
    }
    const d = all(DeleteCommand);
    expect(d.map((x) => x.Key)).toEqual([topicKeys.bill('tax', bill.id)]);
    expect(d[0]!.ReturnValues).toBe('ALL_OLD');

    const updates = all(UpdateCommand);
    expect(updates.map((u) => [u.Key, bump(u)])).toEqual([
      [topicKeys.counter('energy'), 'SET entity = "topic", topic = "energy" ADD bill_count 1'],
      [topicKeys.counter('tax'), 'SET entity = "topic", topic = "tax" ADD bill_count -1'],
    ]);
  });

  it('does not count down a tag whose listing item was already gone', async () => {
    await syncBillTopics(bill, ['tax'], []);
    expect(all(DeleteCommand)).toHaveLength(1);
    expect(all(UpdateCommand)).toHaveLength(0);
  });

  it('reads the counters partition, most bills first and empty topics left out', async () => {
    db.on(QueryCommand).resolves({
      Items: [
        { ...topicKeys.counter('tax'), topic: 'tax', bill_count: 2 },
        { ...topicKeys.counter('health'), topic: 'health', bill_count: 5 },
        { ...topicKeys.counter('energy'), topic: 'energy', bill_count: 0 },
      ],
    });
    expect(await listTopicsWithCounts()).toEqual([
      { topic: 'health', bill_count: 5 },
      { topic: 'tax', bill_count: 2 },
    ]);
    const [q] = all(QueryCommand);
    expect(expressionText(q!.KeyConditionExpression, q!)).toBe(`pk = "${topicKeys.countersPartition}"`);
  });

  it('pages a topic’s bill ids on its partition', async () => {
    db.on(QueryCommand).resolves({ Items: [{ bill_id: '119-hr-1' }] });
    expect(await listBillIdsByTopic('health', 20)).toEqual({ items: ['119-hr-1'], next_cursor: null });
    const [q] = all(QueryCommand);
    expect(expressionText(q!.KeyConditionExpression, q!)).toBe(`pk = "${topicKeys.billsPartition('health')}"`);
    // One more than the page, to know whether another follows.
    expect(q!.Limit).toBe(21);
  });
});

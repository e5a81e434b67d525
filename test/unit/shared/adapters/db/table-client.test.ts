/**
 * The table's request wrapper (shared/adapters/db/table-client.ts) and the
 * entity tags (shared/adapters/db/entities.ts), with the document client
 * mocked: every request names the service's table (each transaction item
 * too), passes the rest of its input through unchanged, answers with the
 * client's output unchanged and lets the client's errors through; the batch
 * rounds hand back what DynamoDB left unprocessed.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ENTITIES, entityItem, entityTag, ofEntity } from '#shared/adapters/db/entities.ts';
import { expressions } from '#shared/adapters/db/expressions.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { tableName } from '#shared/adapters/db/table.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { conditionFailed, useMockedDocumentClient } from '#test/support/mocked-document-client.ts';

const KEY = { pk: 'P', sk: 'S' };
const CONDITION = { ConditionExpression: 'attribute_not_exists(#n0)', ExpressionAttributeNames: { '#n0': 'pk' } };

const { db, sent } = useMockedDocumentClient((db) => {
  db.on(GetCommand).resolves({ Item: { ...KEY, a: 1 } });
  db.on(PutCommand).resolves({ Attributes: { old: true } });
  db.on(UpdateCommand).resolves({ Attributes: { a: 2 } });
  db.on(DeleteCommand).resolves({ Attributes: { gone: true } });
  db.on(QueryCommand).resolves({ Items: [KEY], LastEvaluatedKey: KEY });
  db.on(ScanCommand).resolves({ Items: [KEY], Count: 1 });
  db.on(TransactWriteCommand).resolves({});
});

describe('single-item requests', () => {
  it('names the table and passes the input and the answer through', async () => {
    expect(await table.getItem({ Key: KEY, ConsistentRead: true })).toMatchObject({ Item: { ...KEY, a: 1 } });
    expect(sent(GetCommand)).toEqual({ TableName: tableName(), Key: KEY, ConsistentRead: true });

    expect(await table.putItem({ Item: { ...KEY, b: 2 }, ...CONDITION, ReturnValues: 'ALL_OLD' })).toMatchObject({ Attributes: { old: true } });
    expect(sent(PutCommand)).toEqual({ TableName: tableName(), Item: { ...KEY, b: 2 }, ...CONDITION, ReturnValues: 'ALL_OLD' });

    const change = expressions({ update: { set: { a: 2 } } });
    expect(await table.updateItem({ Key: KEY, ...change, ReturnValues: 'ALL_NEW' })).toMatchObject({ Attributes: { a: 2 } });
    expect(sent(UpdateCommand)).toEqual({ TableName: tableName(), Key: KEY, ...change, ReturnValues: 'ALL_NEW' });

    expect(await table.deleteItem({ Key: KEY, ...CONDITION, ReturnValues: 'ALL_OLD' })).toMatchObject({ Attributes: { gone: true } });
    expect(sent(DeleteCommand)).toEqual({ TableName: tableName(), Key: KEY, ...CONDITION, ReturnValues: 'ALL_OLD' });
  });

  it('names the table of a Query and a Scan', async () => {
    const read = expressions({ keyCondition: { pk: 'P', skPrefix: 'S' } });
    expect(await table.query({ ...read, Limit: 5, ScanIndexForward: false })).toMatchObject({ Items: [KEY], LastEvaluatedKey: KEY });
    expect(sent(QueryCommand)).toEqual({ TableName: tableName(), ...read, Limit: 5, ScanIndexForward: false });
    expect(await table.scan({ ConsistentRead: true })).toMatchObject({ Count: 1 });
    expect(sent(ScanCommand)).toEqual({ TableName: tableName(), ConsistentRead: true });
  });

  it('lets a failed condition through as the client threw it', async () => {
    db.on(PutCommand).rejects(conditionFailed());
    await expect(table.putItem({ Item: KEY, ...CONDITION })).rejects.toBeInstanceOf(ConditionalCheckFailedException);
  });
});

describe('transactions', () => {
  it('names the table in every operation of every item, and passes the options', async () => {
    const change = expressions({ update: { add: { n: 1 } } });
    await table.transactWrite(
      [
        { Put: { Item: KEY, ...CONDITION } },
        { Update: { Key: KEY, ...change, UpdateExpression: change.UpdateExpression ?? '' } },
        { Delete: { Key: KEY } },
        { ConditionCheck: { Key: KEY, ...CONDITION } },
      ],
      { ClientRequestToken: 'once' },
    );
    expect(db.commandCalls(TransactWriteCommand)[0]!.args[0].input).toEqual({
      ClientRequestToken: 'once',
      TransactItems: [
        { Put: { TableName: tableName(), Item: KEY, ...CONDITION } },
        { Update: { TableName: tableName(), Key: KEY, ...change } },
        { Delete: { TableName: tableName(), Key: KEY } },
        { ConditionCheck: { TableName: tableName(), Key: KEY, ...CONDITION } },
      ],
    });
  });
});

describe('batch rounds', () => {
  it('gets keys from the table and hands back the found items and the unprocessed keys', async () => {
    const other = { pk: 'Q', sk: 'S' };
    db.on(BatchGetCommand).resolves({ Responses: { [tableName()]: [KEY] }, UnprocessedKeys: { [tableName()]: { Keys: [other] } } });
    expect(await table.batchGetOnce({ Keys: [KEY, other], ConsistentRead: true })).toEqual({ items: [KEY], unprocessed: [other] });
    expect(db.commandCalls(BatchGetCommand)[0]!.args[0].input).toEqual({ RequestItems: { [tableName()]: { Keys: [KEY, other], ConsistentRead: true } } });
  });

  it('answers an empty round with nothing found and nothing left', async () => {
    db.on(BatchGetCommand).resolves({});
    expect(await table.batchGetOnce({ Keys: [KEY] })).toEqual({ items: [], unprocessed: [] });
    db.on(BatchWriteCommand).resolves({});
    expect(await table.batchWriteOnce([{ DeleteRequest: { Key: KEY } }])).toEqual([]);
  });

  it('writes to the table and hands back the unprocessed requests', async () => {
    const left = [{ PutRequest: { Item: KEY } }];
    db.on(BatchWriteCommand).resolves({ UnprocessedItems: { [tableName()]: left } });
    expect(await table.batchWriteOnce([...left, { DeleteRequest: { Key: { pk: 'Q', sk: 'S' } } }])).toEqual(left);
    expect(db.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems).toEqual({
      [tableName()]: [...left, { DeleteRequest: { Key: { pk: 'Q', sk: 'S' } } }],
    });
  });
});

describe('entity tags', () => {
  it('builds an item as key, tag, then attributes', () => {
    const item = entityItem('note', KEY, { content: 'c', gsi1pk: 'G' });
    expect(item).toEqual({ pk: 'P', sk: 'S', entity: 'note', content: 'c', gsi1pk: 'G' });
    expect(Object.keys(item)).toEqual(['pk', 'sk', 'entity', 'content', 'gsi1pk']);
    expect(entityItem('etag', KEY)).toEqual({ ...KEY, entity: 'etag' });
  });

  it('tags an update and filters a backfill on the tag', () => {
    expect(entityTag('topic')).toEqual({ entity: 'topic' });
    const e = expressions({ update: { set: { ...entityTag('topic'), topic: 'tax' } }, filter: ofEntity('brief') });
    expect(expressionText(e.UpdateExpression, e)).toBe('SET entity = "topic", topic = "tax"');
    expect(expressionText(e.FilterExpression, e)).toBe('entity = "brief"');
  });

  it('lists each entity once, in the stored spelling', () => {
    expect(new Set(ENTITIES).size).toBe(ENTITIES.length);
    for (const name of ENTITIES) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});

/**
 * The requests of the collections repository, with the document client
 * mocked (no emulator): creation with its name claim and share token,
 * listings by prefix, renames that move the claim only from the name read,
 * share-token rotation (the external_keys entry replaced in place or
 * appended), and the counted bill add/remove, read back through their
 * aliases. The integration and e2e tests of collections run the same
 * requests against DynamoDB Local.
 */
import { BatchWriteCommand, DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  addCollectionBill,
  createCollection,
  deleteCollection,
  listCollectionBills,
  listCollections,
  removeCollectionBill,
  rotateCollectionShareToken,
  updateCollection,
} from '#shared/adapters/db/collections.repository.ts';
import { collectionKeys } from '#shared/adapters/db/keys/collection.keys.ts';
import { userKeys } from '#shared/adapters/db/keys/user.keys.ts';
import { shareTokenKey } from '#shared/adapters/db/share-tokens.repository.ts';
import type { Collection } from '#shared/domain/personal/collection.schema.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { useMockedDocumentClient } from '#test/support/mocked-document-client.ts';

const { db, sent } = useMockedDocumentClient((db) => {
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(UpdateCommand).resolves({});
  db.on(DeleteCommand).resolves({});
  db.on(GetCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
  db.on(BatchWriteCommand).resolves({});
});

const transaction = () => db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems ?? [];
const OLD = '00000000-0000-4000-8000-000000000001';
const NEW = '00000000-0000-4000-8000-000000000002';
const collection: Collection = {
  id: 'c1',
  user_id: 'u1',
  name: 'Mine',
  slug: 'mine',
  share_token: OLD,
  is_public: false,
  bill_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const T = '2026-01-01T00:00:00.000Z';

describe('collections', () => {
  it('creates the collection, its name claim and its share token each only where absent', async () => {
    await createCollection(collection, 'mine');
    const items = transaction();
    expect(items.map((i) => i.Put?.Item && { pk: i.Put.Item.pk, sk: i.Put.Item.sk })).toEqual([
      collectionKeys.collection('u1', 'c1'),
      collectionKeys.name('u1', 'mine'),
      shareTokenKey('collection', OLD),
    ]);
    for (const i of items) expect(expressionText(i.Put!.ConditionExpression, i.Put!)).toBe('attribute_not_exists(pk)');
  });

  it('lists a user’s collections and a collection’s bills by their prefixes', async () => {
    await listCollections('u1', 10);
    let q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${userKeys.partition('u1')}" AND begins_with(sk, "${collectionKeys.prefix}")`);
    db.resetHistory();
    await listCollectionBills('u1', 'c1', 10);
    q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${userKeys.partition('u1')}" AND begins_with(sk, "${collectionKeys.billsPrefix('c1')}")`);
  });

  it('toggles is_public on an existing collection', async () => {
    await updateCollection(collection, { is_public: true }, T);
    const u = sent(UpdateCommand);
    expect(expressionText(u.UpdateExpression, u)).toBe(`SET updated_at = "${T}", is_public = true`);
    expect(expressionText(u.ConditionExpression, u)).toBe('attribute_exists(pk)');
  });

  it('renames only from the name key read, moving the claim in the same transaction', async () => {
    await updateCollection({ ...collection, name_key: 'mine' }, { name: 'Ours', slug: 'ours', key: 'ours' }, T);
    const [write, claim, release] = transaction();
    const u = write!.Update!;
    expect(expressionText(u.UpdateExpression, u)).toBe(`SET updated_at = "${T}", name = "Ours", slug = "ours", name_key = "ours"`);
    expect(expressionText(u.ConditionExpression, u)).toBe('(attribute_exists(pk) AND name_key = "mine")');
    expect(claim!.Put!.Item).toMatchObject(collectionKeys.name('u1', 'ours'));
    expect(release!.Delete!.Key).toEqual(collectionKeys.name('u1', 'mine'));
    db.resetHistory();
    await updateCollection(collection, { name: 'Ours', slug: 'ours', key: 'ours' }, T);
    const first = transaction()[0]!.Update!;
    expect(expressionText(first.ConditionExpression, first)).toBe('(attribute_exists(pk) AND attribute_not_exists(name_key))');
  });

  it('rotates the share token, replacing its external_keys entry in place, or appending one', async () => {
    const oldKey = shareTokenKey('collection', OLD);
    const newKey = shareTokenKey('collection', NEW);
    db.on(GetCommand).resolves({ Item: { ...collection, external_keys: [{ pk: 'X', sk: 'Y' }, oldKey] } });
    await rotateCollectionShareToken('u1', 'c1', NEW, T);
    const [, put, first] = transaction();
    let u = first;
    expect(expressionText(put!.Put!.ConditionExpression, put!.Put!)).toBe('attribute_not_exists(pk)');
    expect(expressionText(u!.Update!.UpdateExpression, u!.Update!)).toBe(
      `SET share_token = "${NEW}", updated_at = "${T}", external_keys[1] = ${JSON.stringify(newKey)}`,
    );
    expect(expressionText(u!.Update!.ConditionExpression, u!.Update!)).toBe(`(share_token = "${OLD}" AND external_keys[1].pk = "${oldKey.pk}")`);

    db.resetHistory();
    db.on(GetCommand).resolves({ Item: { ...collection } });
    await rotateCollectionShareToken('u1', 'c1', NEW, T);
    [, , u] = transaction();
    expect(expressionText(u!.Update!.UpdateExpression, u!.Update!)).toBe(
      `SET share_token = "${NEW}", updated_at = "${T}", external_keys = list_append(if_not_exists(external_keys, []), [${JSON.stringify(newKey)}])`,
    );
    expect(expressionText(u!.Update!.ConditionExpression, u!.Update!)).toBe(`share_token = "${OLD}"`);
  });

  it('adds and removes a bill with the count, each only once and only on an existing collection', async () => {
    expect(await addCollectionBill('u1', 'c1', '119-hr-1', T)).toBe('done');
    let [bill, count] = transaction();
    expect(expressionText(bill!.Put!.ConditionExpression, bill!.Put!)).toBe('attribute_not_exists(pk)');
    expect(expressionText(count!.Update!.UpdateExpression, count!.Update!)).toBe(`SET updated_at = "${T}" ADD bill_count 1`);
    expect(expressionText(count!.Update!.ConditionExpression, count!.Update!)).toBe('attribute_exists(pk)');
    db.resetHistory();
    expect(await removeCollectionBill('u1', 'c1', '119-hr-1', T)).toBe('done');
    [bill, count] = transaction();
    expect(expressionText(bill!.Delete!.ConditionExpression, bill!.Delete!)).toBe('attribute_exists(pk)');
    expect(expressionText(count!.Update!.UpdateExpression, count!.Update!)).toBe(`SET updated_at = "${T}" ADD bill_count -1`);
  });

  it('deletes an existing collection, then its bills read by keys only', async () => {
    db.on(DeleteCommand).resolves({ Attributes: { name_key: 'mine', share_token: OLD } });
    expect(await deleteCollection('u1', 'c1')).toBe(true);
    const d = sent(DeleteCommand);
    expect(expressionText(d.ConditionExpression, d)).toBe('attribute_exists(pk)');
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${userKeys.partition('u1')}" AND begins_with(sk, "${collectionKeys.billsPrefix('c1')}")`);
    expect(expressionText(q.ProjectionExpression, q)).toBe('pk, sk');
  });
});

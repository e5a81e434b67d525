/**
 * The requests of the follows repository, with the document client mocked
 * (no emulator): a user's follows listed, paged and counted on their
 * partition, a follow created only where absent and deleted only where
 * present, its mode set keeping the old stamp when the mode is unchanged,
 * and a target's followers read from the reverse-lookup index, read back
 * through their aliases. The integration tests of follow limits and
 * personal repositories run the same requests against DynamoDB Local.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { countFollows, createFollow, deleteFollow, followersOf, listFollows, listFollowsPage, setFollowMode } from '#shared/adapters/db/follows.repository.ts';
import { followKeys } from '#shared/adapters/db/keys/follow.keys.ts';
import { userKeys } from '#shared/adapters/db/keys/user.keys.ts';
import { INDEX, tableName } from '#shared/adapters/db/table.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { conditionFailed, useMockedDocumentClient } from '#test/support/mocked-document-client.ts';

const { db } = useMockedDocumentClient((db) => {
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(PutCommand).resolves({});
  db.on(DeleteCommand).resolves({});
  db.on(GetCommand).resolves({});
  db.on(UpdateCommand).resolves({});
});

const NOW = '2026-03-01T00:00:00.000Z';
const stored = {
  ...followKeys.follow('u1', 'bill', '119-hr-1'),
  id: 'bill:119-hr-1',
  user_id: 'u1',
  target_type: 'bill',
  target_id: '119-hr-1',
  follow_mode: 'hold_veto',
  mode_set_at: NOW,
  created_at: NOW,
};

function all<T extends object>(command: new (input: T) => { input: T }): T[] {
  const inputs = db.commandCalls(command as never).map((c) => c.args[0].input as T & { TableName?: string });
  for (const input of inputs) expect(input.TableName).toBe(tableName());
  return inputs;
}

function sent<T extends object>(command: new (input: T) => { input: T }): T {
  const inputs = all(command);
  expect(inputs).toHaveLength(1);
  return inputs[0]!;
}

describe('follows', () => {
  it('lists a user’s follows, of one type or all, on their partition by the follow prefix', async () => {
    await listFollows('u1', 'member');
    let q = sent(QueryCommand);
    expect(q.IndexName).toBeUndefined();
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${userKeys.partition('u1')}" AND begins_with(sk, "${followKeys.prefix('member')}")`);
    db.resetHistory();
    await listFollows('u1');
    q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${userKeys.partition('u1')}" AND begins_with(sk, "${followKeys.prefix()}")`);
  });

  it('pages a user’s follows, reading one more than the page to know whether another follows', async () => {
    await listFollowsPage('u1', 'topic', 25);
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${userKeys.partition('u1')}" AND begins_with(sk, "${followKeys.prefix('topic')}")`);
    expect(q.Limit).toBe(26);
  });

  it('counts follows of one type, asking only for what is left up to the bound', async () => {
    db.on(QueryCommand)
      .resolvesOnce({ Count: 3, LastEvaluatedKey: { pk: 'x', sk: 'y' } })
      .resolves({ Count: 1 });
    expect(await countFollows('u1', 'bill', 10)).toBe(4);
    const [first, second] = all(QueryCommand);
    for (const q of [first!, second!]) {
      expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${userKeys.partition('u1')}" AND begins_with(sk, "${followKeys.prefix('bill')}")`);
      expect(q.Select).toBe('COUNT');
    }
    expect([first!.Limit, second!.Limit]).toEqual([10, 7]);
    expect(second!.ExclusiveStartKey).toEqual({ pk: 'x', sk: 'y' });
  });

  it('creates a follow only where none exists, with its followers key, and reads the stored one back when it does', async () => {
    const { follow, created } = await createFollow({ userId: 'u1', targetType: 'bill', targetId: '119-hr-1', now: NOW });
    expect(created).toBe(true);
    expect(follow.follow_mode).toBe('neutral');
    const p = sent(PutCommand);
    expect(p.Item).toMatchObject({ ...followKeys.follow('u1', 'bill', '119-hr-1'), ...followKeys.followers.keys(follow) });
    expect(expressionText(p.ConditionExpression, p)).toBe('attribute_not_exists(pk)');
    db.reset();
    db.on(PutCommand).rejects(conditionFailed());
    db.on(GetCommand).resolves({ Item: stored });
    const again = await createFollow({ userId: 'u1', targetType: 'bill', targetId: '119-hr-1', now: NOW });
    expect(again).toEqual({ follow: expect.objectContaining({ follow_mode: 'hold_veto' }), created: false });
    const g = sent(GetCommand);
    expect(g.Key).toEqual(followKeys.follow('u1', 'bill', '119-hr-1'));
    expect(g.ConsistentRead).toBe(true);
  });

  it('deletes a follow only where it exists', async () => {
    expect(await deleteFollow('u1', 'member', 'P000197')).toBe(true);
    const d = sent(DeleteCommand);
    expect(d.Key).toEqual(followKeys.follow('u1', 'member', 'P000197'));
    expect(expressionText(d.ConditionExpression, d)).toBe('attribute_exists(pk)');
    db.on(DeleteCommand).rejects(conditionFailed());
    expect(await deleteFollow('u1', 'member', 'P000197')).toBe(false);
  });

  it('sets an unchanged mode keeping its stamp, and a changed one stamping it now', async () => {
    db.on(UpdateCommand).resolves({ Attributes: stored });
    expect(await setFollowMode('u1', 'bill', '119-hr-1', 'hold_veto', NOW)).toMatchObject({ follow_mode: 'hold_veto' });
    const same = sent(UpdateCommand);
    expect(same.Key).toEqual(followKeys.follow('u1', 'bill', '119-hr-1'));
    expect(expressionText(same.UpdateExpression, same)).toBe(`SET follow_mode = "hold_veto", mode_set_at = if_not_exists(mode_set_at, "${NOW}")`);
    expect(expressionText(same.ConditionExpression, same)).toBe('(attribute_exists(pk) AND follow_mode = "hold_veto")');
    expect(same.ReturnValues).toBe('ALL_NEW');

    db.reset();
    db.on(UpdateCommand)
      .rejectsOnce(conditionFailed())
      .resolves({ Attributes: { ...stored, follow_mode: 'hold_boost' } });
    expect(await setFollowMode('u1', 'bill', '119-hr-1', 'hold_boost', NOW)).toMatchObject({ follow_mode: 'hold_boost' });
    const [, changed] = all(UpdateCommand);
    expect(changed!.Key).toEqual(followKeys.follow('u1', 'bill', '119-hr-1'));
    expect(expressionText(changed!.UpdateExpression, changed!)).toBe(`SET follow_mode = "hold_boost", mode_set_at = "${NOW}"`);
    expect(expressionText(changed!.ConditionExpression, changed!)).toBe('attribute_exists(pk)');
    expect(changed!.ReturnValues).toBe('ALL_NEW');

    db.reset();
    db.on(UpdateCommand).rejects(conditionFailed());
    expect(await setFollowMode('u1', 'bill', '119-hr-1', 'hold_boost', NOW)).toBeNull();
  });

  it('reads a target’s followers from the reverse-lookup index, only their ids and modes', async () => {
    db.on(QueryCommand).resolves({ Items: [{ user_id: 'u1', follow_mode: 'hold_veto' }, { user_id: 'u2' }] });
    expect(await followersOf('bill', '119-hr-1')).toEqual([
      { user_id: 'u1', follow_mode: 'hold_veto' },
      { user_id: 'u2', follow_mode: null },
    ]);
    const q = sent(QueryCommand);
    const index = INDEX[followKeys.followers.index];
    expect(q.IndexName).toBe(index.name);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${index.pk} = "${followKeys.followers.partition('bill', '119-hr-1')}"`);
    expect(expressionText(q.ProjectionExpression, q)).toBe('user_id, follow_mode');
  });
});

/**
 * The requests of the users repository, with the document client mocked (no
 * emulator): registration's transaction (the profile, the email claim, the
 * first-admin slot and count), token revocation, the admin count and its
 * promote/demote transaction, and a user's deletion, read back through
 * their aliases. The integration and e2e tests of accounts and admin users
 * run the same requests against DynamoDB Local.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { systemKeys } from '#shared/adapters/db/keys/system.keys.ts';
import { userKeys } from '#shared/adapters/db/keys/user.keys.ts';
import { INDEX } from '#shared/adapters/db/table.ts';
import { createUser, deleteUser, demoteAdmin, ensureAdminCount, listUsers, promoteAdmin, revokeTokens } from '#shared/adapters/db/users.repository.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { useMockedDocumentClient } from '#test/support/mocked-document-client.ts';

const { db, sent } = useMockedDocumentClient((db) => {
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(UpdateCommand).resolves({});
  db.on(PutCommand).resolves({});
  db.on(DeleteCommand).resolves({});
  db.on(GetCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
});

const transaction = () => db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems ?? [];
const user = { id: 'u1', email: 'a@example.com', hashed_password: 'h', created_at: '2026-01-01T00:00:00.000Z' } as unknown as User;

describe('users', () => {
  it('registers the first user with the profile, the email claim and the first-admin slot each only where absent, and counts the admin', async () => {
    await createUser(user);
    const [profile, email, first, count] = transaction();
    for (const put of [profile!.Put!, email!.Put!, first!.Put!]) expect(expressionText(put.ConditionExpression, put)).toBe('attribute_not_exists(pk)');
    expect(email!.Put!.Item).toMatchObject(userKeys.email(user.email));
    expect(first!.Put!.Item).toMatchObject(systemKeys.firstAdmin);
    const u = count!.Update!;
    expect(u.Key).toEqual(systemKeys.adminCount);
    expect(expressionText(u.UpdateExpression, u)).toBe('SET entity = "admin_count" ADD admin_count 1');
  });

  it('revokes tokens by raising the generation, with a password change only on the hash checked', async () => {
    await revokeTokens('u1');
    let u = sent(UpdateCommand);
    expect(u.Key).toEqual(userKeys.profile('u1'));
    expect(expressionText(u.UpdateExpression, u)).toBe('ADD token_generation 1');
    expect(expressionText(u.ConditionExpression, u)).toBe('attribute_exists(pk)');
    db.resetHistory();
    await revokeTokens('u1', { from: 'old', to: 'new' });
    u = sent(UpdateCommand);
    expect(expressionText(u.UpdateExpression, u)).toBe('SET hashed_password = "new" ADD token_generation 1');
    expect(expressionText(u.ConditionExpression, u)).toBe('(attribute_exists(pk) AND hashed_password = "old")');
  });

  it('lists users on the signup index, and counts admins from it only where no count exists', async () => {
    const { index, partition } = userKeys.bySignup;
    await listUsers(10);
    let q = sent(QueryCommand);
    expect(q.IndexName).toBe(INDEX[index].name);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`${INDEX[index].pk} = "${partition}"`);
    db.resetHistory();
    expect(await ensureAdminCount()).toBe(0);
    q = sent(QueryCommand);
    expect(expressionText(q.ProjectionExpression, q)).toBe('is_admin');
    const p = sent(PutCommand);
    expect(p.Item).toMatchObject(systemKeys.adminCount);
    expect(expressionText(p.ConditionExpression, p)).toBe('attribute_not_exists(pk)');
  });

  it('promotes with the count in one transaction', async () => {
    await promoteAdmin('u2');
    const [profile, count] = transaction();
    expect(transaction()).toHaveLength(2);
    expect(expressionText(profile!.Update!.UpdateExpression, profile!.Update!)).toBe('SET is_admin = true');
    expect(expressionText(profile!.Update!.ConditionExpression, profile!.Update!)).toBe('(attribute_exists(pk) AND is_admin = false)');
    expect(expressionText(count!.Update!.UpdateExpression, count!.Update!)).toBe('ADD admin_count 1');
    expect(expressionText(count!.Update!.ConditionExpression, count!.Update!)).toBe('attribute_exists(pk)');
  });

  it('demotes only while another admin is left and the acting admin still is one', async () => {
    await demoteAdmin('u2', 'u1');
    const [profile, count, actor] = transaction();
    expect(expressionText(profile!.Update!.ConditionExpression, profile!.Update!)).toBe('(attribute_exists(pk) AND is_admin = true)');
    expect(expressionText(count!.Update!.UpdateExpression, count!.Update!)).toBe('ADD admin_count -1');
    expect(expressionText(count!.Update!.ConditionExpression, count!.Update!)).toBe('(attribute_exists(pk) AND admin_count > 1)');
    expect(actor!.ConditionCheck!.Key).toEqual(userKeys.profile('u1'));
    expect(expressionText(actor!.ConditionCheck!.ConditionExpression, actor!.ConditionCheck!)).toBe('is_admin = true');
  });

  it('deletes a user’s partition, the email claim while it names them, and the profile while it is no admin', async () => {
    expect(await deleteUser({ ...user, is_admin: false })).toBe(0);
    const q = sent(QueryCommand);
    expect(expressionText(q.KeyConditionExpression, q)).toBe(`pk = "${userKeys.partition('u1')}"`);
    expect(expressionText(q.ProjectionExpression, q)).toBe('pk, sk, external_keys');
    const [email, profile] = db.commandCalls(DeleteCommand).map((c) => c.args[0].input);
    expect(email!.Key).toEqual(userKeys.email(user.email));
    expect(expressionText(email!.ConditionExpression, email!)).toBe('user_id = "u1"');
    expect(profile!.Key).toEqual(userKeys.profile('u1'));
    expect(expressionText(profile!.ConditionExpression, profile!)).toBe('(attribute_not_exists(is_admin) OR is_admin = false)');
  });
});

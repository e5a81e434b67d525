import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as auth } from '#functions/api/auth.ts';
import { handler as admin } from '#functions/api/admin.ts';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { noteKeys } from '#shared/db/keys/note.keys.ts';
import { tokenKeys } from '#shared/db/keys/token.keys.ts';
import { userKeys } from '#shared/db/keys/user.keys.ts';
import { tableName } from '#shared/db/table.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

interface Account {
  id: string;
  token: string;
}

async function signUp(email: string, ip: string): Promise<Account> {
  const reg = await call(auth, 'POST', '/api/auth/register', { body: { email, password: 'long enough pw' }, sourceIp: ip });
  const login = await call(auth, 'POST', '/api/auth/login', { body: { email, password: 'long enough pw' }, sourceIp: ip });
  return { id: (reg.body as { id: string }).id, token: (login.body as { access_token: string }).access_token };
}

let root: Account;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  root = await signUp('root@example.org', '192.0.2.10');
  alice = await signUp('alice@example.org', '192.0.2.11');
  bob = await signUp('bob@example.org', '192.0.2.12');
});

describe('user management', () => {
  it('lists users in signup order for an admin and refuses others with 403', async () => {
    const list = await call(admin, 'GET', '/api/admin/users', { token: root.token, query: { limit: '2' } });
    expect(list.status).toBe(200);
    const page = list.body as { items: { email: string }[]; next_cursor: string | null };
    expect(page.items.map((u) => u.email)).toEqual(['root@example.org', 'alice@example.org']);
    const next = await call(admin, 'GET', '/api/admin/users', { token: root.token, query: { cursor: page.next_cursor as string } });
    expect((next.body as { items: { email: string }[] }).items.map((u) => u.email)).toEqual(['bob@example.org']);
    expect((await call(admin, 'GET', '/api/admin/users', { token: alice.token })).status).toBe(403);
    expect((await call(admin, 'GET', '/api/admin/users')).status).toBe(401);
  });

  it('answers 422 for a cursor it did not issue and for a malformed user id', async () => {
    expect((await call(admin, 'GET', '/api/admin/users', { token: root.token, query: { cursor: 'garbage!' } })).status).toBe(422);
    expect((await call(admin, 'POST', '/api/admin/users/not-a-uuid/promote', { token: root.token })).status).toBe(422);
  });

  it('promotes and demotes, takes effect on the next request, and refuses self-demotion', async () => {
    const promoted = await call(admin, 'POST', `/api/admin/users/${alice.id}/promote`, { token: root.token });
    expect(promoted.body).toMatchObject({ id: alice.id, is_admin: true });
    expect((await call(admin, 'GET', '/api/admin/users', { token: alice.token })).status).toBe(200);
    const demoted = await call(admin, 'POST', `/api/admin/users/${alice.id}/demote`, { token: root.token });
    expect(demoted.body).toMatchObject({ is_admin: false });
    expect((await call(admin, 'GET', '/api/admin/users', { token: alice.token })).status).toBe(403);
    const self = await call(admin, 'POST', `/api/admin/users/${root.id}/demote`, { token: root.token });
    expect(self.status).toBe(422);
    expect(self.body).toMatchObject({ code: 'user.self_demote' });
  });

  it('deletes a user with everything in their partition and the items it names', async () => {
    // A follow-like item in the user's partition that names a token item outside it.
    const tokenKey = tokenKeys.token('rss', 't-123');
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...tokenKey, user_id: bob.id } }));
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...noteKeys.note(bob.id, '118-hr-1'), external_keys: [tokenKey] } }));
    const del = await call(admin, 'DELETE', `/api/admin/users/${bob.id}`, { token: root.token });
    expect(del.status).toBe(204);
    const left = await dynamo().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': userKeys.partition(bob.id) } }),
    );
    expect(left.Items).toEqual([]);
    const token = await dynamo().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': tokenKey.pk } }),
    );
    expect(token.Items).toEqual([]);
    expect((await call(auth, 'GET', '/api/auth/me', { token: bob.token })).status).toBe(401);
    // The email is free again.
    const again = await call(auth, 'POST', '/api/auth/register', { body: { email: 'bob@example.org', password: 'long enough pw' }, sourceIp: '192.0.2.13' });
    expect(again.status).toBe(201);
    expect((await call(admin, 'DELETE', `/api/admin/users/${bob.id}`, { token: root.token })).status).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as auth } from '#functions/api/auth.ts';
import { handler as admin } from '#functions/api/admin.ts';
import { noteKeys } from '#shared/adapters/db/keys/note.keys.ts';
import { systemKeys } from '#shared/adapters/db/keys/system.keys.ts';
import { adminCount as adminCountMigration } from '#shared/use-cases/migrations/0007-admin-count.ts';
import { tokenKeys } from '#shared/adapters/db/keys/token.keys.ts';
import { userKeys } from '#shared/adapters/db/keys/user.keys.ts';
import { ActorNotAdminError, demoteAdmin, LastAdminError, listUsers, promoteAdmin } from '#shared/adapters/db/users.repository.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { entityItem } from '#shared/adapters/db/entities.ts';

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
    await table.putItem({ Item: { ...tokenKey, user_id: bob.id } });
    await table.putItem({ Item: { ...noteKeys.note(bob.id, '118-hr-1'), external_keys: [tokenKey] } });
    const del = await call(admin, 'DELETE', `/api/admin/users/${bob.id}`, { token: root.token });
    expect(del.status).toBe(204);
    const left = await table.query({ KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': userKeys.partition(bob.id) } });
    expect(left.Items).toEqual([]);
    const token = await table.query({ KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': tokenKey.pk } });
    expect(token.Items).toEqual([]);
    expect((await call(auth, 'GET', '/api/auth/me', { token: bob.token })).status).toBe(401);
    // The email is free again.
    const again = await call(auth, 'POST', '/api/auth/register', { body: { email: 'bob@example.org', password: 'long enough pw' }, sourceIp: '192.0.2.13' });
    expect(again.status).toBe(201);
    expect((await call(admin, 'DELETE', `/api/admin/users/${bob.id}`, { token: root.token })).status).toBe(404);
  });
});

describe('the last admin', () => {
  const adminCount = async () => Number((await table.getItem({ Key: systemKeys.adminCount, ConsistentRead: true })).Item?.admin_count);
  const admins = async () => (await listUsers(100)).items.filter((u) => u.is_admin).map((u) => u.id);
  let ip = 50;
  /** Leaves root the one admin (root is an admin whenever a test of this block starts). */
  const onlyRoot = async () => {
    for (const id of await admins()) if (id !== root.id) await demoteAdmin(id, root.id);
    expect(await admins()).toEqual([root.id]);
  };
  const fresh = (label: string) => signUp(`${label}-${++ip}@example.org`, `192.0.2.${ip}`);

  it('counted the first admin at registration, and counts promotions and demotions once each', async () => {
    expect(await adminCount()).toBe(1);
    const carol = await fresh('carol');
    await call(admin, 'POST', `/api/admin/users/${carol.id}/promote`, { token: root.token });
    await call(admin, 'POST', `/api/admin/users/${carol.id}/promote`, { token: root.token });
    expect(await adminCount()).toBe(2);
    const demoted = await call(admin, 'POST', `/api/admin/users/${carol.id}/demote`, { token: root.token });
    expect(demoted.body).toMatchObject({ is_admin: false });
    expect((await call(admin, 'POST', `/api/admin/users/${carol.id}/demote`, { token: root.token })).status).toBe(200);
    expect(await adminCount()).toBe(1);
    expect((await call(admin, 'POST', `/api/admin/users/${randomUUID()}/promote`, { token: root.token })).status).toBe(404);
    expect(await adminCount()).toBe(1);
  });

  it('answers 409 when the only admin deletes themselves, and keeps them', async () => {
    const res = await call(admin, 'DELETE', `/api/admin/users/${root.id}`, { token: root.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'user.last_admin', detail: expect.stringContaining('only admin') });
    expect(await admins()).toEqual([root.id]);
    expect((await call(auth, 'GET', '/api/auth/me', { token: root.token })).status).toBe(200);
  });

  it('lets one of two admins demote the other, but never both at once', async () => {
    const dave = await fresh('dave');
    await call(admin, 'POST', `/api/admin/users/${dave.id}/promote`, { token: root.token });
    const [a, b] = await Promise.all([
      call(admin, 'POST', `/api/admin/users/${dave.id}/demote`, { token: root.token }),
      call(admin, 'POST', `/api/admin/users/${root.id}/demote`, { token: dave.token }),
    ]);
    // The loser is refused: 409 when its demotion reached the count, 403 when the winner had already taken its rights.
    expect([a.status, b.status].sort()).toEqual(a.status === 403 || b.status === 403 ? [200, 403] : [200, 409]);
    const left = await admins();
    expect(left).toHaveLength(1);
    expect(await adminCount()).toBe(1);
    // Whoever is left promotes the other back, for the next test.
    const survivor = left[0] === root.id ? root : dave;
    const other = survivor === root ? dave : root;
    await call(admin, 'POST', `/api/admin/users/${other.id}/promote`, { token: survivor.token });
    expect(await adminCount()).toBe(2);
  });

  it('refuses the second of two crossed demotions, whichever commits first (repository, past the auth check)', async () => {
    await onlyRoot();
    const hank = await fresh('hank');
    await call(admin, 'POST', `/api/admin/users/${hank.id}/promote`, { token: root.token });
    for (let round = 0; round < 3; round++) {
      const outcomes = await Promise.allSettled([demoteAdmin(hank.id, root.id), demoteAdmin(root.id, hank.id)]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      // Refused at the count (it would leave no admin) or at the actor check (its own rights are gone): either way refused.
      const reason = (outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason as Error;
      expect(reason instanceof LastAdminError || reason instanceof ActorNotAdminError, String(reason)).toBe(true);
      expect(await admins()).toHaveLength(1);
      expect(await adminCount()).toBe(1);
      const [survivor] = await admins();
      await promoteAdmin(survivor === root.id ? hank.id : root.id);
    }
    await demoteAdmin(hank.id, root.id);
    expect(await admins()).toEqual([root.id]);
    // One after the other, the second is refused at the count.
    await expect(demoteAdmin(root.id, hank.id)).rejects.toBeInstanceOf(LastAdminError);
  });

  it('lets two admins delete themselves (or each other) at once only until one is left', async () => {
    const erin = await fresh('erin');
    const frank = await fresh('frank');
    await call(admin, 'POST', `/api/admin/users/${erin.id}/promote`, { token: root.token });
    await call(admin, 'POST', `/api/admin/users/${frank.id}/promote`, { token: root.token });
    for (const id of (await admins()).filter((a) => ![erin.id, frank.id].includes(a))) await demoteAdmin(id, erin.id);
    expect((await admins()).sort()).toEqual([erin.id, frank.id].sort());
    const [a, b] = await Promise.all([
      call(admin, 'DELETE', `/api/admin/users/${erin.id}`, { token: erin.token }),
      call(admin, 'DELETE', `/api/admin/users/${frank.id}`, { token: frank.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([204, 409]);
    const survivor = a.status === 409 ? erin : frank;
    expect(await admins()).toEqual([survivor.id]);
    expect(await adminCount()).toBe(1);
    const gone = survivor === erin ? frank : erin;
    const [c, d] = await Promise.all([
      call(admin, 'DELETE', `/api/admin/users/${survivor.id}`, { token: survivor.token }),
      call(admin, 'POST', `/api/admin/users/${survivor.id}/demote`, { token: survivor.token }),
    ]);
    expect([c.status, d.status]).toEqual([409, 422]);
    expect((await call(auth, 'GET', '/api/auth/me', { token: gone.token })).status).toBe(401);
    // Hand the admin role back to root for the rest of the file.
    await call(admin, 'POST', `/api/admin/users/${root.id}/promote`, { token: survivor.token });
    await call(admin, 'DELETE', `/api/admin/users/${survivor.id}`, { token: root.token });
    expect(await admins()).toEqual([root.id]);
    expect(await adminCount()).toBe(1);
  });

  it('counts the admins first on a table that predates the count (migration 0007, or the first change)', async () => {
    await table.deleteItem({ Key: systemKeys.adminCount });
    const res = await call(admin, 'DELETE', `/api/admin/users/${root.id}`, { token: root.token });
    expect(res.status).toBe(409);
    expect(await adminCount()).toBe(1);
    await table.deleteItem({ Key: systemKeys.adminCount });
    expect(await adminCount()).toBeNaN();
    expect(await adminCountMigration.up()).toEqual({ admins: 1 });
    expect(await adminCountMigration.up()).toEqual({ admins: 1 });
    expect(await adminCount()).toBe(1);
  });

  it('finishes a deletion that stopped half-way, and leaves an email claim someone else has taken since', async () => {
    const gina = await fresh('gina');
    await table.putItem({ Item: entityItem('note', noteKeys.note(gina.id, '118-hr-2')) });
    // Half-way: the email claim is gone, the profile and a note remain; meanwhile someone registers the address.
    const profile = await table.getItem({ Key: userKeys.profile(gina.id) });
    await table.deleteItem({ Key: userKeys.email(String(profile.Item?.email)) });
    const again = await call(auth, 'POST', '/api/auth/register', { body: { email: profile.Item?.email, password: 'long enough pw' }, sourceIp: '192.0.2.99' });
    expect(again.status).toBe(201);
    expect((await call(admin, 'DELETE', `/api/admin/users/${gina.id}`, { token: root.token })).status).toBe(204);
    const left = await table.query({ KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': userKeys.partition(gina.id) } });
    expect(left.Items).toEqual([]);
    const claim = await table.getItem({ Key: userKeys.email(String(profile.Item?.email)) });
    expect(claim.Item?.user_id).toBe((again.body as { id: string }).id);
  });
});

// Two users over HTTP: neither can read or change the other's follows, notes,
// collections or private share links; every such attempt is a 404 and changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '#clients/typescript/index.ts';
import { seedBill, seedMember } from '#test/support/personal-seed.ts';
import { signUp } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

const e2e = useLocalStack();
const api = () => e2e.client();
const users: Record<'a' | 'b', string> = { a: '', b: '' };
const owned: Record<'a' | 'b', { collection: Schemas['Collection'] }> = {} as never;

/** Everything a user owns, as they see it. */
async function snapshot(token: string) {
  const [follows, notes, collections] = await Promise.all([
    api().request('GET', '/api/follows', { token }),
    api().request('GET', '/api/notes', { token }),
    api().request('GET', '/api/collections', { token }),
  ]);
  const details = await Promise.all(collections.body.items.map((c) => api().request('GET', `/api/collections/${c.id}`, { token })));
  return { follows: follows.body, notes: notes.body, collections: details.map((d) => d.body) };
}

beforeAll(async () => {
  await Promise.all([seedBill(119, 'hr', 1), seedBill(119, 'hr', 2), seedMember('A000375', 'Arrington, Jodey')]);
  [users.a, users.b] = await Promise.all([signUp(api(), 'owner-a'), signUp(api(), 'owner-b')]);
  for (const who of ['a', 'b'] as const) {
    const token = users[who];
    await api().request('POST', '/api/follows', { token, body: { target_type: 'bill', target_id: '119-hr-1', follow_mode: 'hold_boost' } });
    await api().request('POST', '/api/follows', { token, body: { target_type: 'member', target_id: 'A000375' } });
    await api().request('PUT', '/api/notes/119-hr-1', { token, body: { content: `note of ${who}`, pinned: true } });
    const collection = (await api().request('POST', '/api/collections', { token, body: { name: 'Mine' } })).body;
    await api().request('PUT', `/api/collections/${collection.id}/bills/119-hr-1`, { token });
    owned[who] = { collection };
  }
});

describe.each([
  ['a', 'b'],
  ['b', 'a'],
] as const)('user %s against user %s', (me, other) => {
  it('sees only their own follows and notes', async () => {
    const follows = await api().request('GET', '/api/follows', { token: users[me] });
    expect(follows.body.items).toHaveLength(2);
    const note = await api().request('GET', '/api/notes/119-hr-1', { token: users[me] });
    expect(note.body.content).toBe(`note of ${me}`);
  });

  it("gets 404 for the other's collection on every route, and the other's data is unchanged", async () => {
    const before = await snapshot(users[other]);
    const theirs = owned[other].collection.id;
    const attempts = await Promise.all([
      api().request('GET', `/api/collections/${theirs}`, { token: users[me] }),
      api().request('PATCH', `/api/collections/${theirs}`, { token: users[me], body: { name: 'hijacked', is_public: true } }),
      api().request('PUT', `/api/collections/${theirs}/bills/119-hr-2`, { token: users[me] }),
      api().request('DELETE', `/api/collections/${theirs}/bills/119-hr-1`, { token: users[me] }),
      api().request('DELETE', `/api/collections/${theirs}`, { token: users[me] }),
    ]);
    expect(attempts.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await snapshot(users[other])).toEqual(before);
  });

  it("cannot reach the other's private collection through its share token", async () => {
    const token = owned[other].collection.share_token;
    expect((await api().request('GET', `/api/share/collection/${token}`, { token: users[me] })).status).toBe(404);
    expect((await api().request('GET', `/api/collections/share/${token}`, { token: users[me] })).status).toBe(404);
  });

  it('changes only their own follow and note when using the same ids as the other', async () => {
    const before = await snapshot(users[other]);
    const mode = await api().request('PATCH', '/api/follows/bill:119-hr-1/mode', { token: users[me], body: { follow_mode: 'hold_veto' } });
    expect(mode.body.follow_mode).toBe('hold_veto');
    await api().request('PUT', '/api/notes/119-hr-1', { token: users[me], body: { content: `note of ${me}`, pinned: true } });
    expect(await snapshot(users[other])).toEqual(before);
    await api().request('PATCH', '/api/follows/bill:119-hr-1/mode', { token: users[me], body: { follow_mode: 'hold_boost' } });
  });

  it("gets 404 for a follow or note the other has and they do not, and the other's stays", async () => {
    // The other user follows 119-hr-2 and notes it; this user has neither.
    await api().request('POST', '/api/follows', { token: users[other], body: { target_type: 'bill', target_id: '119-hr-2' } });
    await api().request('PUT', '/api/notes/119-hr-2', { token: users[other], body: { content: 'private', pinned: false } });
    const before = await snapshot(users[other]);
    const attempts = await Promise.all([
      api().request('PATCH', '/api/follows/bill:119-hr-2/mode', { token: users[me], body: { follow_mode: 'hold_veto' } }),
      api().request('DELETE', '/api/follows/bill:119-hr-2', { token: users[me] }),
      api().request('GET', '/api/notes/119-hr-2', { token: users[me] }),
      api().request('DELETE', '/api/notes/119-hr-2', { token: users[me] }),
    ]);
    expect(attempts.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    expect(await snapshot(users[other])).toEqual(before);
    await api().request('DELETE', '/api/follows/bill:119-hr-2', { token: users[other] });
    await api().request('DELETE', '/api/notes/119-hr-2', { token: users[other] });
  });

  it('may use the same collection name as the other user', async () => {
    const res = await api().request('POST', '/api/collections', { token: users[me], body: { name: `Shared name ${me}${other}` } });
    const twin = await api().request('POST', '/api/collections', { token: users[other], body: { name: `Shared name ${me}${other}` } });
    expect([res.status, twin.status]).toEqual([201, 201]);
  });
});

// Follows and notes over HTTP against the local stack: success and failure paths.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBill, seedBrief, seedMember } from '#test/support/personal-seed.ts';
import { useLocalStack } from '../support/e2e-stack.ts';
import { signUp } from '../support/accounts.ts';

const e2e = useLocalStack();
const api = () => e2e.client();
let alice = '';

/** The stance the draft-letter route pre-fills from Alice's follow of H.R. 1 (no stance in the request), or null when it has none. */
async function letterStance(): Promise<string | null> {
  const res = await api().request('POST', '/api/bills/119-hr-1/draft-letter', {
    token: alice,
    body: { cited_points: ['p1'] },
  });
  if (res.status === 422) return null;
  expect([res.status, res.body.stance_source]).toEqual([200, 'follow']);
  return res.body.stance;
}

beforeAll(async () => {
  await Promise.all([seedBill(119, 'hr', 1), seedBill(119, 's', 5), seedMember('P000197', 'Pelosi, Nancy')]);
  await seedBrief('119-hr-1');
  alice = await signUp(api(), 'alice');
});

describe('follows', () => {
  it('follows a bill as neutral by default; following again is idempotent, and with another mode updates it', async () => {
    const first = await api().request('POST', '/api/follows', { token: alice, body: { target_type: 'bill', target_id: '119-HR-1' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: 'bill:119-hr-1', target_id: '119-hr-1', follow_mode: 'neutral' });
    const same = await api().request('POST', '/api/follows', { token: alice, body: { target_type: 'bill', target_id: '119-hr-1' } });
    expect([same.status, same.body]).toEqual([200, first.body]);
    const restanced = await api().request('POST', '/api/follows', {
      token: alice,
      body: { target_type: 'bill', target_id: '119-hr-1', follow_mode: 'hold_veto' },
    });
    expect(restanced.status).toBe(200);
    expect(restanced.body).toMatchObject({ id: 'bill:119-hr-1', follow_mode: 'hold_veto', created_at: first.body.created_at });
    const listed = await api().request('GET', '/api/follows', { token: alice, query: { target_type: 'bill' } });
    expect(listed.body.items.map((f) => f.follow_mode)).toEqual(['hold_veto']);
    const back = await api().request('POST', '/api/follows', { token: alice, body: { target_type: 'bill', target_id: '119-hr-1', follow_mode: 'neutral' } });
    expect([back.status, back.body.follow_mode]).toEqual([200, 'neutral']);
  });

  it('follows members and topics without a mode, and lists follows by type', async () => {
    const member = await api().request('POST', '/api/follows', { token: alice, body: { target_type: 'member', target_id: 'p000197' } });
    const topic = await api().request('POST', '/api/follows', { token: alice, body: { target_type: 'topic', target_id: 'health' } });
    expect([member.status, topic.status]).toEqual([201, 201]);
    expect(member.body.follow_mode).toBeNull();
    const all = await api().request('GET', '/api/follows', { token: alice });
    expect(all.body.items.map((f) => f.id).sort()).toEqual(['bill:119-hr-1', 'member:P000197', 'topic:health']);
    const members = await api().request('GET', '/api/follows', { token: alice, query: { target_type: 'member' } });
    expect(members.body.items.map((f) => f.id)).toEqual(['member:P000197']);
  });

  it('reads the follow of one target alone: a page of it, or an empty page when not followed', async () => {
    const one = await api().request('GET', '/api/follows', { token: alice, query: { target_type: 'bill', target_id: '119-HR-1' } });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ items: [{ id: 'bill:119-hr-1', follow_mode: 'neutral' }], next_cursor: null });
    const member = await api().request('GET', '/api/follows', { token: alice, query: { target_type: 'member', target_id: 'p000197' } });
    expect(member.body.items.map((f) => f.id)).toEqual(['member:P000197']);
    const none = await api().request('GET', '/api/follows', { token: alice, query: { target_type: 'bill', target_id: '119-s-5' } });
    expect([none.status, none.body]).toEqual([200, { items: [], next_cursor: null }]);
    const noType = await api().request('GET', '/api/follows', { token: alice, query: { target_id: '119-hr-1' } });
    expect([noType.status, noType.body.code]).toEqual([422, 'follow.target_type_required']);
    const badId = await api().request('GET', '/api/follows', { token: alice, query: { target_type: 'bill', target_id: 'hr 1' } });
    expect([badId.status, badId.body.code]).toEqual([422, 'follow.invalid_target']);
  });

  it('pages follows with limit and cursor, and answers 422 for a foreign cursor or a bad limit', async () => {
    const first = await api().request('GET', '/api/follows', { token: alice, query: { limit: '2' } });
    expect(first.body.items).toHaveLength(2);
    const rest = await api().request('GET', '/api/follows', {
      token: alice,
      query: { limit: '2', cursor: first.body.next_cursor ?? '' },
    });
    expect(rest.body).toMatchObject({ next_cursor: null });
    expect([...first.body.items, ...rest.body.items].map((f) => f.id).sort()).toEqual(['bill:119-hr-1', 'member:P000197', 'topic:health']);
    expect((await api().request('GET', '/api/follows', { token: alice, query: { cursor: 'not-ours' } })).status).toBe(422);
    expect((await api().request('GET', '/api/follows', { token: alice, query: { limit: '101' } })).status).toBe(422);
  });

  it('answers 404 for an unknown bill or member and 422 for a malformed target or a mode on a member', async () => {
    const unknownBill = await api().request('POST', '/api/follows', { token: alice, body: { target_type: 'bill', target_id: '119-hr-99999' } });
    expect(unknownBill.status).toBe(404);
    const unknownMember = await api().request('POST', '/api/follows', { token: alice, body: { target_type: 'member', target_id: 'Z999999' } });
    expect(unknownMember.status).toBe(404);
    const badId = await api().request('POST', '/api/follows', { token: alice, body: { target_type: 'bill', target_id: 'hr 1' } });
    expect(badId.status).toBe(422);
    expect(badId.body.errors?.[0]?.path).toBe('body.target_id');
    const modeOnMember = await api().request('POST', '/api/follows', {
      token: alice,
      body: { target_type: 'member', target_id: 'P000197', follow_mode: 'hold_boost' },
    });
    expect(modeOnMember.status).toBe(422);
    const badType = await api().request('POST', '/api/follows', { token: alice, body: { target_type: 'committee', target_id: 'x' } });
    expect(badType.status).toBe(422);
  });

  it('sets a bill follow mode, stamps mode_set_at, and refuses any other value with 422', async () => {
    const set = await api().request('PATCH', `/api/follows/${encodeURIComponent('bill:119-hr-1')}/mode`, {
      token: alice,
      body: { follow_mode: 'hold_boost' },
    });
    expect(set.status).toBe(200);
    expect(set.body.follow_mode).toBe('hold_boost');
    expect(set.body.mode_set_at).not.toBeNull();
    expect(await letterStance()).toBe('YES');
    const bad = await api().request('PATCH', '/api/follows/bill:119-hr-1/mode', { token: alice, body: { follow_mode: 'hold_maybe' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0]?.path).toBe('body.follow_mode');
    const onMember = await api().request('PATCH', '/api/follows/member:P000197/mode', { token: alice, body: { follow_mode: 'neutral' } });
    expect(onMember.status).toBe(422);
    const notFollowed = await api().request('PATCH', '/api/follows/bill:119-s-5/mode', { token: alice, body: { follow_mode: 'hold_veto' } });
    expect(notFollowed.status).toBe(404);
  });

  it('unfollows, which clears the draft-letter stance pre-fill, and a second unfollow is 404', async () => {
    await api().request('PATCH', '/api/follows/bill:119-hr-1/mode', { token: alice, body: { follow_mode: 'hold_veto' } });
    expect(await letterStance()).toBe('NO');
    const gone = await api().request('DELETE', '/api/follows/bill:119-hr-1', { token: alice });
    expect(gone.status).toBe(204);
    expect(await letterStance()).toBeNull();
    expect((await api().request('DELETE', '/api/follows/bill:119-hr-1', { token: alice })).status).toBe(404);
    const refollow = await api().request('POST', '/api/follows', { token: alice, body: { target_type: 'bill', target_id: '119-hr-1' } });
    expect(refollow.body.follow_mode).toBe('neutral');
  });

  it('gives guests 401 on every follow route and writes nothing', async () => {
    const before = await api().request('GET', '/api/follows', { token: alice });
    const post = await api().request('POST', '/api/follows', { body: { target_type: 'bill', target_id: '119-s-5' } });
    const patch = await api().request('PATCH', '/api/follows/bill:119-hr-1/mode', { body: { follow_mode: 'hold_boost' } });
    const del = await api().request('DELETE', '/api/follows/bill:119-hr-1');
    const list = await api().request('GET', '/api/follows');
    expect([post.status, patch.status, del.status, list.status]).toEqual([401, 401, 401, 401]);
    expect(post.body.code).toBe('auth.required');
    const after = await api().request('GET', '/api/follows', { token: alice });
    expect(after.body.items).toEqual(before.body.items);
  });
});

describe('notes', () => {
  it('creates a note with 201, replaces it with 200 keeping created_at, and reads it back', async () => {
    const made = await api().request('PUT', '/api/notes/119-hr-1', {
      token: alice,
      body: { content: 'Watch section 3', pinned: false },
    });
    expect(made.status).toBe(201);
    const replaced = await api().request('PUT', '/api/notes/119-hr-1', {
      token: alice,
      body: { content: 'Call the office', pinned: true },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ content: 'Call the office', pinned: true, created_at: made.body.created_at });
    expect(replaced.body.updated_at >= made.body.updated_at).toBe(true);
    const read = await api().request('GET', '/api/notes/119-hr-1', { token: alice });
    expect(read.body).toEqual(replaced.body);
  });

  it('lists pinned notes first', async () => {
    await api().request('PUT', '/api/notes/119-s-5', { token: alice, body: { content: 'later', pinned: false } });
    const list = await api().request('GET', '/api/notes', { token: alice });
    expect(list.body.items.map((n) => [n.bill_id, n.pinned])).toEqual([
      ['119-hr-1', true],
      ['119-s-5', false],
    ]);
  });

  it('reads the note on one bill as a page of it, and an empty page (not a 404) when there is none', async () => {
    const one = await api().request('GET', '/api/notes', { token: alice, query: { bill_id: '119-hr-1' } });
    expect(one.status).toBe(200);
    expect(one.body.items.map((n) => n.bill_id)).toEqual(['119-hr-1']);
    const none = await api().request('GET', '/api/notes', { token: alice, query: { bill_id: '119-hr-4242' } });
    expect([none.status, none.body]).toEqual([200, { items: [], next_cursor: null }]);
    expect((await api().request('GET', '/api/notes', { token: alice, query: { bill_id: 'not-a-bill' } })).status).toBe(422);
  });

  it('answers 404 for an unknown bill, 422 for a malformed id or body, and 404 after delete', async () => {
    expect((await api().request('PUT', '/api/notes/119-hr-4242', { token: alice, body: { content: 'x' } })).status).toBe(404);
    expect((await api().request('PUT', '/api/notes/not-a-bill', { token: alice, body: { content: 'x' } })).status).toBe(422);
    expect((await api().request('PUT', '/api/notes/119-hr-1', { token: alice, body: { pinned: true } })).status).toBe(422);
    expect((await api().request('PUT', '/api/notes/119-hr-1', { token: alice, body: { content: 'x'.repeat(10_001) } })).status).toBe(422);
    expect((await api().request('PUT', '/api/notes/119-hr-1', { token: alice, rawBody: '{"content":' })).status).toBe(400);
    expect((await api().request('DELETE', '/api/notes/119-s-5', { token: alice })).status).toBe(204);
    expect((await api().request('GET', '/api/notes/119-s-5', { token: alice })).status).toBe(404);
    expect((await api().request('DELETE', '/api/notes/119-s-5', { token: alice })).status).toBe(404);
  });

  it('gives guests 401 and writes nothing', async () => {
    expect((await api().request('PUT', '/api/notes/119-s-5', { body: { content: 'guest' } })).status).toBe(401);
    expect((await api().request('GET', '/api/notes')).status).toBe(401);
    expect((await api().request('GET', '/api/notes/119-s-5', { token: alice })).status).toBe(404);
  });
});

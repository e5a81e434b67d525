// People's repositories against DynamoDB Local: uniqueness by condition under
// concurrency, idempotent writes, reverse lookups and user deletion.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCollection, addCollectionBill, CollectionNameTakenError, getCollection } from '#shared/adapters/db/collections.repository.ts';
import { createFollow, deleteFollow, followersOf, followersOfMany, listFollows, setFollowMode } from '#shared/adapters/db/follows.repository.ts';
import { listNotes, putNote } from '#shared/adapters/db/notes.repository.ts';
import { resolveCollectionToken } from '#shared/adapters/db/share-tokens.repository.ts';
import { deleteUser } from '#shared/adapters/db/users.repository.ts';
import type { Collection } from '#shared/domain/personal/collection.schema.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const collection = (userId: string, name: string): Collection => ({
  id: randomUUID(),
  user_id: userId,
  name,
  slug: name.toLowerCase(),
  share_token: randomUUID(),
  is_public: false,
  bill_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

describe('follows repository', () => {
  it('creates a follow exactly once when ten requests race', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => createFollow({ userId: 'u-race', targetType: 'bill', targetId: '119-hr-1', followMode: 'hold_boost' })),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.follow.created_at)).size).toBe(1);
    expect(await listFollows('u-race')).toHaveLength(1);
  });

  it('finds followers of one or many targets through gsi2, with their modes', async () => {
    await createFollow({ userId: 'u1', targetType: 'bill', targetId: '119-hr-9', followMode: 'hold_veto' });
    await createFollow({ userId: 'u2', targetType: 'bill', targetId: '119-hr-9' });
    await createFollow({ userId: 'u2', targetType: 'member', targetId: 'P000197', followMode: 'hold_boost' });
    const bill = await followersOf('bill', '119-hr-9');
    expect(bill.sort((a, b) => a.user_id.localeCompare(b.user_id))).toEqual([
      { user_id: 'u1', follow_mode: 'hold_veto' },
      { user_id: 'u2', follow_mode: 'neutral' },
    ]);
    const many = await followersOfMany([
      { type: 'member', id: 'P000197' },
      { type: 'topic', id: 'nobody-follows-this' },
    ]);
    expect(many).toEqual([
      { type: 'member', id: 'P000197', followers: [{ user_id: 'u2', follow_mode: null }] },
      { type: 'topic', id: 'nobody-follows-this', followers: [] },
    ]);
  });

  it('keeps mode_set_at when the same mode is sent again and moves it when the mode changes', async () => {
    const { follow } = await createFollow({ userId: 'u3', targetType: 'bill', targetId: '119-s-1', followMode: 'hold_boost', now: '2026-01-01T00:00:00.000Z' });
    const same = await setFollowMode('u3', 'bill', '119-s-1', 'hold_boost', '2026-02-01T00:00:00.000Z');
    expect(same?.mode_set_at).toBe(follow.mode_set_at);
    const changed = await setFollowMode('u3', 'bill', '119-s-1', 'hold_veto', '2026-03-01T00:00:00.000Z');
    expect(changed?.mode_set_at).toBe('2026-03-01T00:00:00.000Z');
    expect(await setFollowMode('u3', 'bill', '119-s-404', 'neutral')).toBeNull();
    expect(await deleteFollow('u3', 'bill', '119-s-1')).toBe(true);
    expect(await deleteFollow('u3', 'bill', '119-s-1')).toBe(false);
    expect(await followersOf('bill', '119-s-1')).toEqual([]);
  });
});

describe('collections repository', () => {
  it('lets only one of two concurrent creates claim a name', async () => {
    const outcomes = await Promise.allSettled([createCollection(collection('c1', 'Same'), 'same'), createCollection(collection('c1', 'SAME'), 'same')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const failed = outcomes.find((o) => o.status === 'rejected');
    expect(failed?.status === 'rejected' && failed.reason instanceof CollectionNameTakenError).toBe(true);
  });

  it('counts a bill once however often it is added concurrently', async () => {
    const c = collection('c2', 'Counted');
    await createCollection(c, 'counted');
    const results = await Promise.all(Array.from({ length: 5 }, () => addCollectionBill('c2', c.id, '119-hr-1')));
    expect(results.filter((r) => r === 'done')).toHaveLength(1);
    expect((await getCollection('c2', c.id))?.bill_count).toBe(1);
    expect(await addCollectionBill('c2', randomUUID(), '119-hr-1')).toBe('no_collection');
  });
});

describe('deleting a user', () => {
  it('removes their follows, notes, collections and the collection token items', async () => {
    const userId = randomUUID();
    const c = collection(userId, 'Gone soon');
    await createCollection(c, 'gone soon');
    await createFollow({ userId, targetType: 'topic', targetId: 'health' });
    await putNote(userId, '119-hr-1', { content: 'x', pinned: false });
    expect(await resolveCollectionToken(c.share_token)).toEqual({ user_id: userId, collection_id: c.id });
    await deleteUser({ id: userId, email: `${userId}@example.org`, hashed_password: 'x', is_admin: false, created_at: '', notification_prefs: null });
    expect(await resolveCollectionToken(c.share_token)).toBeNull();
    expect(await listFollows(userId)).toEqual([]);
    expect(await listNotes(userId)).toEqual([]);
    expect(await followersOf('topic', 'health')).toEqual([]);
  });
});

/**
 * Issue 24 #22 against DynamoDB Local: concurrent read-modify-writes of a
 * user's names and tokens. Two renames of one collection must leave exactly
 * one name claim (the collection's), never an orphan claim answering 409 for
 * good; concurrent share-link and feed-token rotations all answer, and leave
 * one live token.
 */
import { describe, expect, it } from 'vitest';
import { collectionKeys } from '#shared/adapters/db/keys/collection.keys.ts';
import { getCollectionWithKey, updateCollection } from '#shared/adapters/db/collections.repository.ts';
import { resolveNotificationToken, rotateNotificationToken, ensureNotificationToken } from '#shared/adapters/db/notification-tokens.repository.ts';
import { createUser, getUser } from '#shared/adapters/db/users.repository.ts';
import { createUserCollection, rotateUserCollectionShareToken, updateUserCollection } from '#shared/use-cases/personal/collections.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

let n = 0;
async function freshUser(): Promise<User> {
  n += 1;
  return createUser({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `renamer-${n}@example.org`,
    hashed_password: 'x',
    created_at: new Date().toISOString(),
    notification_prefs: null,
  });
}

const claimed = async (user: User, key: string) => Boolean((await table.getItem({ Key: collectionKeys.name(user.id, key), ConsistentRead: true })).Item);

describe('issue 24 #22: concurrent renames and rotations', () => {
  it('a rename that read before another landed reads again, leaving no orphan name claim', async () => {
    const user = await freshUser();
    const made = await createUserCollection(user, { name: 'Alpha', is_public: false });
    const readBefore = await getCollectionWithKey(user.id, made.id);
    if (!readBefore) throw new Error('no collection');
    expect(await updateCollection(readBefore, { name: 'Bravo', slug: 'bravo', key: 'bravo' })).toMatchObject({ name: 'Bravo' });
    // The second rename read the collection before the first landed.
    expect(await updateCollection(readBefore, { name: 'Charlie', slug: 'charlie', key: 'charlie' })).toBe('stale');
    expect(await claimed(user, 'bravo')).toBe(true);
    expect(await claimed(user, 'charlie')).toBe(false);
    expect(await claimed(user, 'alpha')).toBe(false);
  });

  it('two concurrent renames end with one name, whose claim is the only one, and every other name free', async () => {
    const user = await freshUser();
    const made = await createUserCollection(user, { name: 'Delta', is_public: false });
    const results = await Promise.allSettled([
      updateUserCollection(user, made.id, { name: 'Echo' }),
      updateUserCollection(user, made.id, { name: 'Foxtrot' }),
      updateUserCollection(user, made.id, { name: 'Golf' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const final = await getCollectionWithKey(user.id, made.id);
    const names = ['delta', 'echo', 'foxtrot', 'golf'];
    const claims = await Promise.all(names.map((k) => claimed(user, k)));
    expect(names.filter((_, i) => claims[i])).toEqual([final?.name_key]);
    // Every name it no longer has can be taken by another collection.
    for (const name of ['Echo', 'Foxtrot', 'Golf'].filter((x) => x.toLowerCase() !== final?.name_key)) {
      await expect(createUserCollection(user, { name, is_public: false })).resolves.toMatchObject({ name });
    }
  });

  it('concurrent share-link rotations all answer, and one link is live', async () => {
    const user = await freshUser();
    const made = await createUserCollection(user, { name: 'Hotel', is_public: false });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => rotateUserCollectionShareToken(user, made.id)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const final = await getCollectionWithKey(user.id, made.id);
    expect(final?.share_token).not.toBe(made.share_token);
  });

  it('concurrent feed-token rotations all answer, and only the last token resolves', async () => {
    const user = await freshUser();
    const first = await ensureNotificationToken(user.id, 'rss');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => rotateNotificationToken(user.id, 'rss')));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const current = (await getUser(user.id))?.rss_token ?? '';
    expect(await resolveNotificationToken('rss', current)).toBe(user.id);
    expect(await resolveNotificationToken('rss', first ?? '')).toBeNull();
  });
});

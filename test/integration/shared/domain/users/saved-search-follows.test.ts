// Saved searches are the search follows themselves (issue 32.7): unfollowing takes a search off the matcher's
// list, each account keeps at most MAX_SAVED_SEARCHES, and migration 0018 moves the old registry onto the list.
import { describe, expect, it } from 'vitest';
import { entityItem } from '#shared/adapters/db/entities.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { followKeys } from '#shared/adapters/db/keys/follow.keys.ts';
import { savedSearchKeys } from '#shared/adapters/db/keys/saved-search.keys.ts';
import { legacySavedSearchKeys, listSavedSearches } from '#shared/adapters/db/saved-searches.repository.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { savedSearchListing } from '#shared/use-cases/migrations/0018-saved-search-listing.ts';
import { follow, MAX_SAVED_SEARCHES, savedSearchKey, unfollow } from '#shared/use-cases/personal/follows.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const user = (id: string) => ({ id, email: `${id}@example.com`, is_admin: false }) as User;
const listedKeys = async () => (await listSavedSearches()).map((s) => s.key);

describe('saved searches kept by their follows', () => {
  it('lists a search once while anyone follows it, and not after its last follower unfollows', async () => {
    const [ann, bob] = [user('u-ss-ann'), user('u-ss-bob')];
    const request = { target_type: 'search' as const, target_id: 'rural broadband towers', filters: { congress: 119 } };
    const a = await follow(ann, request);
    await follow(bob, request);

    const listed = await listSavedSearches();
    expect(listed.filter((s) => s.key === a.follow.target_id)).toEqual([{ key: a.follow.target_id, q: 'rural broadband towers', filters: { congress: 119 } }]);

    await unfollow(ann, a.follow.id);
    expect(await listedKeys()).toContain(a.follow.target_id);
    await unfollow(bob, a.follow.id);
    expect(await listedKeys()).not.toContain(a.follow.target_id);
  });

  it(`refuses a saved search beyond ${MAX_SAVED_SEARCHES} per account with a 422 that says so; unfollowing makes room`, { timeout: 60_000 }, async () => {
    const carol = user('u-ss-carol');
    const made = [];
    for (let i = 0; i < MAX_SAVED_SEARCHES; i += 25) {
      made.push(...(await Promise.all(Array.from({ length: 25 }, (_, j) => follow(carol, { target_type: 'search', target_id: `carbon capture ${i + j}` })))));
    }

    const refused = await follow(carol, { target_type: 'search', target_id: 'one search too many' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect((refused as InvalidInputError).code).toBe('follow.limit_reached');
    expect((refused as InvalidInputError).message).toBe(
      `You follow ${MAX_SAVED_SEARCHES} saved searches already, the most allowed; unfollow one to follow another`,
    );
    // Following one already kept is not a new one.
    expect(await follow(carol, { target_type: 'search', target_id: 'carbon capture 7' })).toMatchObject({ created: false });

    await unfollow(carol, made[0]!.follow.id);
    expect(await follow(carol, { target_type: 'search', target_id: 'one search too many' })).toMatchObject({ created: true });
  });

  it('migration 0018 lists the follows of the old registry and deletes it, the searches nobody follows included', async () => {
    const search = { q: 'tribal grants', filters: {} };
    const key = savedSearchKey(search);
    const gone = savedSearchKey({ q: 'unfollowed long ago', filters: {} });
    // What the code before wrote: the registry item, and a follow off the listing.
    for (const k of [key, gone]) await table.putItem({ Item: entityItem('saved_search', savedSearchKeys.legacy.search(k), { key: k }) });
    await createFollow({ userId: 'u-ss-dan', targetType: 'search', targetId: key, search });
    await table.updateItem({ Key: followKeys.follow('u-ss-dan', 'search', key), UpdateExpression: 'REMOVE gsi3pk, gsi3sk' });
    expect(await listedKeys()).not.toContain(key);

    expect(await savedSearchListing.up()).toMatchObject({ follows_listed: 1, searches_nobody_followed: 1 });
    expect(await listedKeys()).toContain(key);
    expect(await listedKeys()).not.toContain(gone);
    expect(await legacySavedSearchKeys()).toEqual([]);
    // A second run changes nothing.
    expect(await savedSearchListing.up()).toMatchObject({ registry_items: 0 });
  });
});

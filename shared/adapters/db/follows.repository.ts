/**
 * Follows in the single table (data-model P1, P2). A follow lives in its
 * owner's partition at USER#{uid} / FOLLOW#{type}#{target} and carries
 * gsi2 FOLLOWERS#{type}#{target} / USER#{uid}, so "who follows X" is one
 * Query and "what does this user follow" is one Query. Creation is
 * idempotent by an attribute_not_exists condition, never read-then-write.
 */
import type { FollowMode } from '#shared/domain/bills/action-categories.ts';
import { Follow, followId, type FollowTargetType } from '#shared/domain/personal/follow.schema.ts';
import type { SavedSearch } from '#shared/domain/search/saved-search.schema.ts';
import { conditional, isConditionFailed, queryAll, queryPage, type Item, type Page } from './dynamo.ts';
import { cond, condition, query, update } from './expressions.ts';
import { followKeys } from './keys/follow.keys.ts';
import { userKeys } from './keys/user.keys.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

function toItem(follow: Follow): Item {
  return entityItem('follow', followKeys.follow(follow.user_id, follow.target_type, follow.target_id), { ...follow, ...followKeys.followers.keys(follow) });
}

const fromItem = (item: Item): Follow => Follow().parse(item);

/** The Query of a user's follows, or of their follows of one target type. */
const userFollows = (userId: string, targetType?: FollowTargetType) => query({ pk: userKeys.partition(userId), skPrefix: followKeys.prefix(targetType) });

/** A user's follows, optionally of one target type (one Query on the user's partition). */
export async function listFollows(userId: string, targetType?: FollowTargetType): Promise<Follow[]> {
  const items = await queryAll(userFollows(userId, targetType));
  return items.map(fromItem);
}

/** A page of a user's follows, optionally of one target type, in key order (type, then target). */
export async function listFollowsPage(userId: string, targetType: FollowTargetType | undefined, limit: number, cursor?: string): Promise<Page<Follow>> {
  const page = await queryPage({ ...userFollows(userId, targetType), Limit: limit }, cursor);
  return { items: page.items.map(fromItem), next_cursor: page.next_cursor };
}

/** How many follows of one type a user has, counting at most `atMost` (a Query that returns counts, not items). */
export async function countFollows(userId: string, targetType: FollowTargetType, atMost: number): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await table.query({
      ...userFollows(userId, targetType),
      Select: 'COUNT',
      Limit: atMost - count,
      ExclusiveStartKey: start,
    });
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start && count < atMost);
  return count;
}

/** One follow of a user, or null. */
export async function getFollow(userId: string, targetType: FollowTargetType, targetId: string): Promise<Follow | null> {
  const out = await table.getItem({ Key: followKeys.follow(userId, targetType, targetId), ConsistentRead: true });
  return out.Item ? fromItem(out.Item) : null;
}

/**
 * Creates a follow unless it exists; returns the stored follow and whether it
 * was created now. Bills default to neutral; members and topics carry no mode.
 */
export async function createFollow(input: {
  userId: string;
  targetType: FollowTargetType;
  targetId: string;
  followMode?: FollowMode | null;
  /** search follows: the saved query and filters. */
  search?: SavedSearch;
  now?: string;
}): Promise<{ follow: Follow; created: boolean }> {
  const now = input.now ?? new Date().toISOString();
  const mode = input.targetType === 'bill' ? (input.followMode ?? 'neutral') : null;
  const follow: Follow = {
    id: followId(input.targetType, input.targetId),
    user_id: input.userId,
    target_type: input.targetType,
    target_id: input.targetId,
    follow_mode: mode,
    mode_set_at: mode ? now : null,
    created_at: now,
    ...(input.search ? { search: input.search } : {}),
  };
  try {
    await table.putItem({ Item: toItem(follow), ...condition(cond.itemAbsent()) });
    return { follow, created: true };
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    const existing = await getFollow(input.userId, input.targetType, input.targetId);
    if (existing) return { follow: existing, created: false };
    // Deleted between the failed put and the read: try once more.
    return createFollow(input);
  }
}

/** Deletes a follow; false when the user had no such follow. */
export async function deleteFollow(userId: string, targetType: FollowTargetType, targetId: string): Promise<boolean> {
  return conditional(() =>
    table.deleteItem({
      Key: followKeys.follow(userId, targetType, targetId),
      ...condition(cond.itemExists()),
    }),
  );
}

/**
 * Sets the mode of an existing follow and stamps mode_set_at when the mode
 * changes (alignment counts only votes cast after it); null when absent.
 */
export async function setFollowMode(
  userId: string,
  targetType: FollowTargetType,
  targetId: string,
  mode: FollowMode,
  now = new Date().toISOString(),
): Promise<Follow | null> {
  try {
    const out = await table.updateItem({
      Key: followKeys.follow(userId, targetType, targetId),
      // Keep the old stamp when the mode does not change, so re-sending a mode cannot reset history.
      ...update({ set: { follow_mode: mode }, setIfNotExists: { mode_set_at: now } }, cond.and(cond.itemExists(), cond.eq('follow_mode', mode))),
      ReturnValues: 'ALL_NEW',
    });
    return out.Attributes ? fromItem(out.Attributes) : null;
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
  try {
    const out = await table.updateItem({
      Key: followKeys.follow(userId, targetType, targetId),
      ...update({ set: { follow_mode: mode, mode_set_at: now } }, cond.itemExists()),
      ReturnValues: 'ALL_NEW',
    });
    return out.Attributes ? fromItem(out.Attributes) : null;
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw err;
  }
}

export interface Follower {
  user_id: string;
  follow_mode: FollowMode | null;
}

/** Everyone following one target (Query gsi2 FOLLOWERS#{type}#{target}, all pages). */
export async function followersOf(targetType: FollowTargetType, targetId: string): Promise<Follower[]> {
  const items = await queryAll(
    query({ index: followKeys.followers.index, pk: followKeys.followers.partition(targetType, targetId) }, { projection: ['user_id', 'follow_mode'] }),
  );
  return items.map((i) => ({
    user_id: String(i.user_id),
    follow_mode: (i.follow_mode ?? null) as FollowMode | null,
  }));
}

/** Followers of many targets: one Query per target, run concurrently (the notification dispatcher). */
export async function followersOfMany(
  targets: { type: FollowTargetType; id: string }[],
): Promise<{ type: FollowTargetType; id: string; followers: Follower[] }[]> {
  return Promise.all(targets.map(async (t) => ({ type: t.type, id: t.id, followers: await followersOf(t.type, t.id) })));
}

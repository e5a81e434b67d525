/**
 * Follows (docs/data-model.md P1, P2): USER#{uid} / FOLLOW#{type}#{target} in
 * the owner's partition, listed on reverseLookups (gsi2)
 * FOLLOWERS#{type}#{target} / USER#{uid} for a target's followers.
 */
import type { FollowTargetType } from '#shared/domain/personal/follow.schema.ts';
import { onIndex, type ItemKey } from './key.ts';
import { userKeys } from './user.keys.ts';

const PREFIX = 'FOLLOW#';
const followersPartition = (type: FollowTargetType, targetId: string) => `FOLLOWERS#${type}#${targetId}`;

export const followKeys = {
  follow: (userId: string, type: FollowTargetType, targetId: string): ItemKey => ({ pk: userKeys.partition(userId), sk: `${PREFIX}${type}#${targetId}` }),
  /** begins_with prefix of a user's follows, or of their follows of one target type. */
  prefix: (type?: FollowTargetType) => (type ? `${PREFIX}${type}#` : PREFIX),
  /** P2: everyone following one target. */
  followers: {
    index: 'reverseLookups',
    partition: followersPartition,
    keys: (f: { user_id: string; target_type: FollowTargetType; target_id: string }) =>
      onIndex('reverseLookups', followersPartition(f.target_type, f.target_id), userKeys.partition(f.user_id)),
  },
} as const;

/**
 * The Follow record: a user following a bill (with a follow mode), a member or
 * a topic. Stored at USER#{uid} / FOLLOW#{target_type}#{target_id}, with
 * gsi2 FOLLOWERS#{target_type}#{target_id} / USER#{uid} for the reverse lookup.
 */
import { z } from 'zod';
import { FollowMode } from '#shared/domain/action-categories.ts';

export const FollowTargetType = z.enum(['bill', 'member', 'topic']);
export type FollowTargetType = z.infer<typeof FollowTargetType>;

export const Follow = z.object({
  /** `{target_type}:{target_id}`, the id in /api/follows/{id}. */
  id: z.string(),
  user_id: z.string(),
  target_type: FollowTargetType,
  target_id: z.string(),
  /** Bills only; null for member and topic follows. */
  follow_mode: FollowMode.nullable(),
  /** When the current mode was set: alignment counts only votes cast after it. */
  mode_set_at: z.string().nullable(),
  created_at: z.string(),
});
export type Follow = z.infer<typeof Follow>;

export const followId = (type: FollowTargetType, targetId: string) => `${type}:${targetId}`;

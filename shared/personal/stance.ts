/**
 * The draft-letter stance pre-fill: hold_boost (the user wants the bill
 * passed) gives YES, hold_veto gives NO. It is derived from the bill follow's
 * mode on every read and never stored, so unfollowing (which deletes the
 * follow) clears it.
 */
import type { FollowMode } from '#shared/domain/bills/action-categories.ts';
import { getFollow } from '#shared/db/follows.repository.ts';

export type LetterStance = 'YES' | 'NO';

/** The stance a follow mode pre-fills, or null for neutral and no follow. */
export function stanceForMode(mode: FollowMode | null | undefined): LetterStance | null {
  if (mode === 'hold_boost') return 'YES';
  if (mode === 'hold_veto') return 'NO';
  return null;
}

/** The pre-filled stance of a user's draft letter on a bill (one GetItem). */
export async function draftLetterStance(userId: string, billId: string): Promise<LetterStance | null> {
  const follow = await getFollow(userId, 'bill', billId);
  return stanceForMode(follow?.follow_mode);
}

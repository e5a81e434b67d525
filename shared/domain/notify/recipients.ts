/**
 * Who receives a bill event: followers of the bill, of its sponsor and of its
 * topics, merged so that each user appears once. A user who follows the bill
 * itself keeps that follow's mode; member and topic followers count as
 * `neutral` (follow modes exist only on bill follows).
 */
import type { FollowMode } from '#shared/domain/bills/action-categories.ts';

export interface FollowerRef {
  user_id: string;
  follow_mode: FollowMode | null;
}

export interface Recipient {
  user_id: string;
  mode: FollowMode;
}

/** One recipient per user: the bill follow's mode wins over member and topic follows. */
export function mergeRecipients(billFollowers: FollowerRef[], otherFollowers: FollowerRef[]): Recipient[] {
  const byUser = new Map<string, Recipient>();
  for (const f of otherFollowers) byUser.set(f.user_id, { user_id: f.user_id, mode: 'neutral' });
  for (const f of billFollowers) byUser.set(f.user_id, { user_id: f.user_id, mode: f.follow_mode ?? 'neutral' });
  return [...byUser.values()];
}

/** Splits recipients into fan-out batches of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

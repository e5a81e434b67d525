/**
 * Users (docs/data-model.md A1-A6): USER#{id} / PROFILE is the profile, and
 * the USER#{id} partition holds everything the user owns (follows, notes,
 * collections, notifications: their own files). EMAIL#{email} / EMAIL claims
 * an email; sortedListings (gsi1) USERS / {created_at}#{id} lists users in
 * signup order.
 */
import type { User } from '#shared/domain/users/user.schema.ts';
import { PROFILE, onIndex, type ItemKey } from './key.ts';

const partition = (userId: string) => `USER#${userId}`;
const BY_SIGNUP = 'USERS';

export const userKeys = {
  /** USER#{id}: everything the user owns (deleting a user is one Query on it). */
  partition,
  profile: (userId: string): ItemKey => ({ pk: partition(userId), sk: PROFILE }),
  /** A2, A3: the claim that makes an email unique. */
  email: (email: string): ItemKey => ({ pk: `EMAIL#${email}`, sk: 'EMAIL' }),
  /** A5: users in signup order. */
  bySignup: {
    index: 'sortedListings',
    partition: BY_SIGNUP,
    keys: (u: Pick<User, 'created_at' | 'id'>) => onIndex('sortedListings', BY_SIGNUP, `${u.created_at}#${u.id}`),
  },
} as const;

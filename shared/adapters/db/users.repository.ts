/**
 * Users in the single table. The profile lives at USER#{id}/PROFILE; email
 * uniqueness is an EMAIL#{email} item written in the same transaction; the
 * first-admin claim is a SYSTEM/FIRST_ADMIN item that only one registration
 * can create. Everything a user owns lives in the USER#{id} partition, so
 * deleting a user is one partition plus the email item.
 *
 * The number of admins is kept on SYSTEM/ADMIN_COUNT, and every change of
 * is_admin (first registration, promote, demote) moves it in the same
 * transaction as the profile. A demotion is conditioned on the count being
 * above 1, so the last admin cannot be demoted or deleted, and two admins
 * demoting each other at once cannot both succeed: DynamoDB serialises the
 * two transactions on the count item, and the second sees a count of 1.
 */
import { User } from '#shared/domain/users/user.schema.ts';
import { batchWrite, conditional, queryAll, queryPage, transactionReasons, isConditionFailed, type Page } from './dynamo.ts';
import { cond, condition, expressions, query, update } from './expressions.ts';
import { systemKeys } from './keys/system.keys.ts';
import { userKeys } from './keys/user.keys.ts';
import * as table from './table-client.ts';
import { entityItem, entityTag } from './entities.ts';

/** The key of a user's profile. */
export const userKey = userKeys.profile;

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

function toItem(user: User) {
  return entityItem('user', userKey(user.id), { ...user, ...userKeys.bySignup.keys(user) });
}

const fromItem = (item: Record<string, unknown> | undefined): User | null => (item ? User().parse(item) : null);

/** Whether some user has already claimed the first-admin slot. */
async function firstAdminClaimed(): Promise<boolean> {
  const out = await table.getItem({ Key: systemKeys.firstAdmin, ConsistentRead: true });
  return Boolean(out.Item);
}

/** The admin count's increment, in the transaction that makes the first user an admin (ADD creates the item on a new table). */
const countFirstAdmin = () => ({
  Update: {
    Key: systemKeys.adminCount,
    ...update({ set: entityTag('admin_count'), add: { admin_count: 1 } }),
  },
});

const absent = () => expressions({ condition: cond.itemAbsent() });

async function writeUser(user: User, claimAdmin: boolean): Promise<void> {
  await table.transactWrite([
    { Put: { Item: toItem(user), ...absent() } },
    {
      Put: {
        Item: entityItem('email', userKeys.email(user.email), { user_id: user.id }),
        ...absent(),
      },
    },
    ...(claimAdmin
      ? [
          {
            Put: {
              Item: entityItem('first_admin', systemKeys.firstAdmin, { user_id: user.id, claimed_at: user.created_at }),
              ...absent(),
            },
          },
          countFirstAdmin(),
        ]
      : []),
  ]);
}

/**
 * Creates a user; the first user ever becomes admin. Two concurrent "first"
 * registrations both try to create the FIRST_ADMIN item and only one can; the
 * other is retried as a plain user.
 */
export async function createUser(user: Omit<User, 'is_admin'>): Promise<User> {
  let claimAdmin = !(await firstAdminClaimed());
  for (;;) {
    const candidate: User = { ...user, is_admin: claimAdmin };
    try {
      await writeUser(candidate, claimAdmin);
      return candidate;
    } catch (err) {
      const reasons = transactionReasons(err);
      if (!reasons) throw err;
      if (reasons[1] === 'ConditionalCheckFailed') throw new EmailTakenError(user.email);
      if (claimAdmin && reasons[2] === 'ConditionalCheckFailed') {
        claimAdmin = false;
        continue;
      }
      throw err;
    }
  }
}

/**
 * Raises a user's token generation, refusing every token issued before, and
 * with `password` also replaces the hash, conditional on the hash the caller
 * checked the current password against (two concurrent changes cannot both
 * win). False when the user is gone or the hash changed meanwhile.
 */
export async function revokeTokens(userId: string, password?: { from: string; to: string }): Promise<boolean> {
  return conditional(() =>
    table.updateItem({
      Key: userKey(userId),
      // ADD starts an absent generation at 0.
      ...update(
        { set: { hashed_password: password?.to }, add: { token_generation: 1 } },
        password ? cond.and(cond.itemExists(), cond.eq('hashed_password', password.from)) : cond.itemExists(),
      ),
    }),
  );
}

export async function getUser(id: string): Promise<User | null> {
  const out = await table.getItem({ Key: userKey(id) });
  return fromItem(out.Item);
}

export async function getUserByEmail(email: string): Promise<User | null> {
  const out = await table.getItem({ Key: userKeys.email(email) });
  const userId = out.Item?.user_id;
  return typeof userId === 'string' ? getUser(userId) : null;
}

/** Users in signup order, a page at a time. */
export async function listUsers(limit: number, cursor?: string): Promise<Page<User>> {
  const page = await queryPage(
    {
      ...query({ index: userKeys.bySignup.index, pk: userKeys.bySignup.partition }),
      Limit: limit,
    },
    cursor,
  );
  return { items: page.items.map((i) => User().parse(i)), next_cursor: page.next_cursor };
}

/** The admin count, or null before it was first counted (migration 0004, or the first change after it). */
async function readAdminCount(): Promise<number | null> {
  const out = await table.getItem({ Key: systemKeys.adminCount, ConsistentRead: true });
  return out.Item ? Number(out.Item.admin_count) : null;
}

/**
 * The admin count, counted from the users listing when it does not exist yet
 * (deployments older than the count). The Put is conditional, so a count
 * some transaction created meanwhile is kept; and before the count exists no
 * promote or demote can commit (their transactions require it), so the
 * listing cannot miss a change made through this repository.
 */
export async function ensureAdminCount(): Promise<number> {
  const existing = await readAdminCount();
  if (existing !== null) return existing;
  const users = await queryAll(query({ index: userKeys.bySignup.index, pk: userKeys.bySignup.partition }, { projection: ['is_admin'] }));
  const admins = users.filter((u) => u.is_admin === true).length;
  try {
    await table.putItem({
      Item: entityItem('admin_count', systemKeys.adminCount, { admin_count: admins, counted_at: new Date().toISOString() }),
      ...absent(),
    });
    return admins;
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    return (await readAdminCount()) ?? admins;
  }
}

/** A demotion or deletion that would leave the service without an admin. */
export class LastAdminError extends Error {
  override name = 'LastAdminError';
}

/** The acting admin lost admin rights while the request ran. */
export class ActorNotAdminError extends Error {
  override name = 'ActorNotAdminError';
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Concurrent transactions on the count item conflict; the loser retries, then re-reads the count. */
const CONFLICT_RETRIES = 6;

type AdminChange = { kind: 'promote' } | { kind: 'demote'; actorId: string };

/**
 * Sets is_admin with the admin count in one transaction: null when the user
 * does not exist, the user unchanged when is_admin already has that value.
 * A demotion throws LastAdminError when the user is the last admin, and
 * ActorNotAdminError when `actorId` (another user) is no longer an admin.
 */
async function changeAdmin(id: string, change: AdminChange): Promise<User | null> {
  const makeAdmin = change.kind === 'promote';
  const checkActor = change.kind === 'demote' && change.actorId !== id;
  for (let attempt = 0; ; attempt++) {
    try {
      await table.transactWrite([
        {
          Update: {
            Key: userKey(id),
            ...update({ set: { is_admin: makeAdmin } }, cond.and(cond.itemExists(), cond.eq('is_admin', !makeAdmin))),
          },
        },
        {
          Update: {
            Key: systemKeys.adminCount,
            ...update({ add: { admin_count: makeAdmin ? 1 : -1 } }, makeAdmin ? cond.itemExists() : cond.and(cond.itemExists(), cond.gt('admin_count', 1))),
          },
        },
        ...(checkActor && change.kind === 'demote'
          ? [
              {
                ConditionCheck: {
                  Key: userKey(change.actorId),
                  ...condition(cond.eq('is_admin', true)),
                },
              },
            ]
          : []),
      ]);
      return getUserConsistent(id);
    } catch (err) {
      const reasons = transactionReasons(err);
      if (!reasons) throw err;
      if (reasons[0] === 'ConditionalCheckFailed') return getUserConsistent(id);
      if (reasons[1] === 'ConditionalCheckFailed' || reasons[2] === 'ConditionalCheckFailed') {
        // DynamoDB need not report every failed condition, so the count is read to tell them apart; when both
        // fail, "it would leave no admin" is the answer that explains.
        const count = await readAdminCount();
        if (count === null) {
          await ensureAdminCount();
          continue;
        }
        if (!makeAdmin && count <= 1) throw new LastAdminError(id);
        if (reasons[2] === 'ConditionalCheckFailed') throw new ActorNotAdminError(change.kind === 'demote' ? change.actorId : id);
        if (attempt >= CONFLICT_RETRIES) throw err;
        continue;
      }
      if (!reasons.includes('TransactionConflict') || attempt >= CONFLICT_RETRIES) throw err;
      await pause(Math.random() * 20 * 2 ** attempt);
    }
  }
}

/** Makes a user an admin (counted); null when the user does not exist. */
export const promoteAdmin = (id: string): Promise<User | null> => changeAdmin(id, { kind: 'promote' });

/** Takes admin rights from a user on behalf of admin `actorId`; refuses to leave no admin (LastAdminError). */
export const demoteAdmin = (id: string, actorId: string): Promise<User | null> => changeAdmin(id, { kind: 'demote', actorId });

async function getUserConsistent(id: string): Promise<User | null> {
  const out = await table.getItem({ Key: userKey(id), ConsistentRead: true });
  return fromItem(out.Item);
}

/** The profile was made an admin again while its user was being deleted; demote and delete again. */
export class DeletedUserIsAdminError extends Error {
  override name = 'DeletedUserIsAdminError';
}

/**
 * Deletes a user and every item of their partition (follows, notes,
 * collections, notifications), plus the items outside it that those items
 * name in `external_keys` (share, RSS and unsubscribe token items) and the
 * email claim. An admin must be demoted first (demoteAdmin), which keeps the
 * admin count right.
 *
 * Resumable: the profile goes last, so a deletion that stops half-way (a
 * Lambda timeout, a throttled batch) leaves a user that still exists, and
 * deleting it again finishes the job; every step is idempotent. The email
 * claim is deleted only while it still names this user, so a re-run after
 * someone re-registered the address leaves their claim alone. The profile's
 * delete requires is_admin false, so a promotion that raced the deletion is
 * not lost from the admin count (DeletedUserIsAdminError: demote and retry).
 */
export async function deleteUser(user: User): Promise<number> {
  const items = await queryAll(query({ pk: userKeys.partition(user.id) }, { projection: ['pk', 'sk', 'external_keys'] }));
  const profile = userKey(user.id);
  const external = items.flatMap((i) => (Array.isArray(i.external_keys) ? (i.external_keys as { pk: string; sk: string }[]) : []));
  const owned = items.filter((i) => !(i.pk === profile.pk && i.sk === profile.sk));
  await batchWrite([...owned, ...external].map((i) => ({ delete: { pk: i.pk, sk: i.sk } })));
  try {
    await table.deleteItem({
      Key: userKeys.email(user.email),
      ...expressions({ condition: cond.eq('user_id', user.id) }),
    });
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
  try {
    await table.deleteItem({
      Key: profile,
      ...expressions({ condition: cond.or(cond.absent('is_admin'), cond.eq('is_admin', false)) }),
    });
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    throw new DeletedUserIsAdminError(user.id);
  }
  return items.length;
}

/**
 * User management by an admin, never leaving the service without one.
 * promote: 1. set is_admin with the admin count in one transaction (404 for
 *   an unknown user; promoting an admin changes nothing).
 * demote: 1. refuse the caller's own account (422, they would lock
 *   themselves out by a slip); 2. clear is_admin and count it down in one
 *   transaction conditioned on more than one admin and on the caller still
 *   being an admin: 409 `user.last_admin` when it is the last one, race-safe
 *   (see shared/adapters/db/users.repository.ts).
 * delete: 1. find the user (404); 2. an admin is demoted first, by the same
 *   rule (409 for the last admin, including deleting yourself); 3. delete
 *   their items, the profile last, so a deletion that stops half-way can be
 *   run again to finish.
 */
import {
  ActorNotAdminError,
  DeletedUserIsAdminError,
  deleteUser,
  demoteAdmin,
  getUser,
  LastAdminError,
  promoteAdmin,
} from '#shared/adapters/db/users.repository.ts';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '#shared/errors/app-error.ts';
import { toPublicUser, type PublicUser, type User } from '#shared/domain/users/user.schema.ts';

const noSuchUser = () => new NotFoundError('No such user', 'user.not_found');

const lastAdmin = () =>
  new ConflictError('This is the only admin: promote another user to admin first, so the service is never left without one', 'user.last_admin');

/** Maps the repository's refusals of a demotion to the API's errors. */
async function demoteOrExplain(targetId: string, actor: User): Promise<User | null> {
  try {
    return await demoteAdmin(targetId, actor.id);
  } catch (err) {
    if (err instanceof LastAdminError) throw lastAdmin();
    if (err instanceof ActorNotAdminError) throw new ForbiddenError('You are no longer an admin', 'auth.forbidden');
    throw err;
  }
}

/** POST /api/admin/users/{id}/promote. */
export async function promoteUser(id: string): Promise<PublicUser> {
  const updated = await promoteAdmin(id);
  if (!updated) throw noSuchUser();
  return toPublicUser(updated);
}

/** POST /api/admin/users/{id}/demote. */
export async function demoteUser(actor: User, id: string): Promise<PublicUser> {
  if (id === actor.id) throw new InvalidInputError('You cannot demote yourself', [{ path: 'path.id', message: 'is your own account' }], 'user.self_demote');
  const updated = await demoteOrExplain(id, actor);
  if (!updated) throw noSuchUser();
  return toPublicUser(updated);
}

/** DELETE /api/admin/users/{id}. */
export async function removeUser(actor: User, id: string): Promise<void> {
  let target = await getUser(id);
  if (!target) throw noSuchUser();
  // A promotion racing the deletion re-makes an admin; demote again (a few times at most) rather than lose count.
  for (let attempt = 0; ; attempt++) {
    if (target.is_admin && !(await demoteOrExplain(target.id, actor))) return;
    try {
      await deleteUser(target);
      return;
    } catch (err) {
      if (!(err instanceof DeletedUserIsAdminError) || attempt >= 2) throw err;
      target = { ...target, is_admin: true };
    }
  }
}

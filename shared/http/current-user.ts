/**
 * Who is calling: the bearer token verified and the user loaded (so a deleted
 * or demoted user loses access at once). get_optional_user's rule holds for
 * guest routes: only token errors make a caller a guest; other errors surface.
 */
import { ForbiddenError, UnauthenticatedError } from '#shared/errors/app-error.ts';
import type { AuthLevel } from './route.ts';
import { getUser } from '#shared/db/users.repository.ts';
import { InvalidTokenError, verifyToken } from '#shared/accounts/tokens.ts';
import type { User } from '#shared/domain/users/user.schema.ts';

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1] ?? null;
}

/** The signed-in user for a token, or null when the token is invalid or the user is gone. */
export async function getOptionalUser(authorization: string | undefined): Promise<User | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  try {
    const claims = await verifyToken(token);
    return await getUser(claims.sub);
  } catch (err) {
    if (err instanceof InvalidTokenError) return null;
    throw err;
  }
}

/** Resolves the caller for an auth level, throwing 401/403 where the level demands a user. */
export async function resolveCaller(level: AuthLevel, authorization: string | undefined): Promise<User | null> {
  if (level === 'none') return null;
  if (level === 'optional') return getOptionalUser(authorization);
  const token = bearerToken(authorization);
  if (!token) throw new UnauthenticatedError('Sign in to use this: the Authorization header with a Bearer token is missing');
  let userId: string;
  try {
    userId = (await verifyToken(token)).sub;
  } catch (err) {
    if (err instanceof InvalidTokenError) throw new UnauthenticatedError(`The access token is not valid (${err.message})`, 'auth.invalid_token');
    throw err;
  }
  const user = await getUser(userId);
  if (!user) throw new UnauthenticatedError('The account for this token no longer exists', 'auth.invalid_token');
  if (level === 'admin' && !user.is_admin) throw new ForbiddenError('This needs an administrator account', 'auth.admin_required');
  return user;
}

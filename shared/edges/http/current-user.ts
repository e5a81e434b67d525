/**
 * Who is calling: the bearer token verified and the user loaded (so a deleted
 * or demoted user loses access at once). get_optional_user's rule holds for
 * guest routes: only token errors make a caller a guest; other errors surface.
 * The two steps are separate so the API function can start a route's reads
 * for the token's subject (CPU only to know) while the user is being loaded.
 */
import { ForbiddenError, UnauthenticatedError } from '#shared/errors/app-error.ts';
import type { AuthLevel } from './route.ts';
import { getUser } from '#shared/adapters/db/users.repository.ts';
import { InvalidTokenError, verifyToken } from '#shared/use-cases/accounts/tokens.ts';
import type { User } from '#shared/domain/users/user.schema.ts';

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1] ?? null;
}

/** A request's bearer token after verification, before any read: no token, a bad one, or the subject it names. */
export type VerifiedToken = { kind: 'absent' } | { kind: 'invalid'; reason: string } | { kind: 'valid'; subject: string; generation: number };

/** Verifies the bearer token once (signature, claims, lifetime); errors other than a bad token surface. */
export async function verifyBearer(authorization: string | undefined): Promise<VerifiedToken> {
  const token = bearerToken(authorization);
  if (!token) return { kind: 'absent' };
  try {
    const claims = await verifyToken(token);
    return { kind: 'valid', subject: claims.sub, generation: claims.gen };
  } catch (err) {
    if (err instanceof InvalidTokenError) return { kind: 'invalid', reason: err.message };
    throw err;
  }
}

/** The subject a route may read for ahead of the caller lookup: null unless the route looks at the token and it is valid. */
export function prefetchSubject(level: AuthLevel, verified: VerifiedToken): string | null {
  return level !== 'none' && verified.kind === 'valid' ? verified.subject : null;
}

/** Whether a token of `generation` is still honoured for the user (not issued before a password change or a sign-out everywhere). */
const isCurrent = (user: User, generation: number) => (user.token_generation ?? 0) === generation;

/** Loads the caller of a verified token for an auth level, throwing 401/403 where the level demands a user. */
export async function callerFor(level: AuthLevel, verified: VerifiedToken): Promise<User | null> {
  if (level === 'none') return null;
  if (level === 'optional') {
    if (verified.kind !== 'valid') return null;
    const user = await getUser(verified.subject);
    // A signed-out token reads as a guest here, as any other bad token does.
    return user && isCurrent(user, verified.generation) ? user : null;
  }
  if (verified.kind === 'absent') throw new UnauthenticatedError('Sign in to use this: the Authorization header with a Bearer token is missing');
  if (verified.kind === 'invalid') throw new UnauthenticatedError(`The access token is not valid (${verified.reason})`, 'auth.invalid_token');
  const user = await getUser(verified.subject);
  if (!user) throw new UnauthenticatedError('The account for this token no longer exists', 'auth.invalid_token');
  if (!isCurrent(user, verified.generation)) {
    throw new UnauthenticatedError('This token was signed out (the password changed, or every session was signed out); sign in again', 'auth.token_revoked');
  }
  if (level === 'admin' && !user.is_admin) throw new ForbiddenError('This needs an administrator account', 'auth.admin_required');
  return user;
}

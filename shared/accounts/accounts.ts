/**
 * Account use cases.
 * register: 1. hash the password; 2. write the user, its email claim and (if
 *   still free) the first-admin claim in one transaction; 3. return the public user.
 * login: 1. find the user by email; 2. verify the password (against a decoy hash
 *   when unknown, so timing does not reveal accounts); 3. issue a token.
 */
import { randomUUID } from 'node:crypto';
import { ConflictError, UnauthenticatedError } from '#shared/errors/app-error.ts';
import { createUser, EmailTakenError, getUserByEmail } from '#shared/db/users.repository.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { issueToken, type IssuedToken } from './tokens.ts';
import { toPublicUser, type Credentials, type PublicUser } from '#shared/domain/users/user.schema.ts';

export async function register(credentials: Credentials, now = new Date()): Promise<PublicUser> {
  const hashed = await hashPassword(credentials.password);
  try {
    const user = await createUser({
      id: randomUUID(),
      email: credentials.email,
      hashed_password: hashed,
      created_at: now.toISOString(),
      notification_prefs: null,
    });
    return toPublicUser(user);
  } catch (err) {
    if (err instanceof EmailTakenError) throw new ConflictError('An account with this email already exists', 'auth.email_taken');
    throw err;
  }
}

export async function login(credentials: { email: string; password: string }): Promise<IssuedToken> {
  const user = await getUserByEmail(credentials.email);
  const ok = await verifyPassword(credentials.password, user?.hashed_password ?? (await decoyHash()));
  if (!user || !ok) throw new UnauthenticatedError('Email or password is incorrect', 'auth.bad_credentials');
  return issueToken(user.id);
}

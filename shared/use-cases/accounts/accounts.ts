/**
 * Account use cases.
 * register: 1. hash the password; 2. write the user, its email claim and (if
 *   still free) the first-admin claim in one transaction; 3. return the public user.
 * login: 1. read the address's failed-login count; 2. find the user by email;
 *   3. verify the password (against a decoy hash when unknown, so timing does
 *   not reveal accounts); 4. refuse with 429 when the address has had too many
 *   failures, after the same work as any attempt; 5. count a failure; 6. issue
 *   a token. Failures are counted per address whether or not it has an
 *   account, so the limit answers the same for both.
 * changePassword: 1. verify the current password (422 when wrong); 2. hash the
 *   new one; 3. store it and raise the token generation in one conditional
 *   write, so every earlier token is refused (409 when a concurrent change won).
 * signOutEverywhere: 1. raise the token generation.
 */
import { createHash, randomUUID } from 'node:crypto';
import { ConflictError, InvalidInputError, RateLimitedError, UnauthenticatedError } from '#shared/errors/app-error.ts';
import { hit, peek } from '#shared/adapters/db/rate-limit.repository.ts';
import { config } from '#shared/platform/config.ts';
import { createUser, EmailTakenError, getUser, getUserByEmail, revokeTokens } from '#shared/adapters/db/users.repository.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { issueToken, type IssuedToken } from './tokens.ts';
import { toPublicUser, type Credentials, type PublicUser, type User } from '#shared/domain/users/user.schema.ts';

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

/** The window of the per-account failed-login limit. */
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
const LOGIN_FAILURES = 'loginFailure';

/** The counter subject of an address: a digest, so the rate items hold no address and stay a fixed size. */
const failureSubject = (email: string) => `email:${createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('base64url')}`;

/**
 * The user of an address. An unknown address costs one read (the email claim)
 * where a known one costs two (claim, then user): the second read is made
 * for an unknown address too, so response times do not tell them apart.
 */
async function findUser(email: string) {
  const user = await getUserByEmail(email);
  if (!user) await getUser(DECOY_USER_ID);
  return user;
}
const DECOY_USER_ID = '00000000-0000-4000-8000-000000000000';

export async function login(credentials: { email: string; password: string }): Promise<IssuedToken> {
  const limit = config().RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT;
  const subject = failureSubject(credentials.email);
  const [failures, user] = await Promise.all([peek(LOGIN_FAILURES, subject, limit, LOGIN_FAILURE_WINDOW_SECONDS), findUser(credentials.email)]);
  const ok = await verifyPassword(credentials.password, user?.hashed_password ?? (await decoyHash()));
  if (!failures.allowed) {
    throw new RateLimitedError(
      failures.retryAfterSeconds,
      `Too many failed sign-ins for this address; try again in ${failures.retryAfterSeconds} s`,
      'auth.too_many_failures',
    );
  }
  if (!user || !ok) {
    await hit(LOGIN_FAILURES, subject, limit, LOGIN_FAILURE_WINDOW_SECONDS);
    throw new UnauthenticatedError('Email or password is incorrect', 'auth.bad_credentials');
  }
  return issueToken(user.id, user.token_generation ?? 0);
}

/** Changes the caller's password and signs out every token issued before. */
export async function changePassword(user: User, request: { current_password: string; new_password: string }): Promise<void> {
  if (!(await verifyPassword(request.current_password, user.hashed_password))) {
    throw new InvalidInputError(
      'The current password is not correct',
      [{ path: 'body.current_password', message: 'is not the current password' }],
      'auth.wrong_password',
    );
  }
  const hashed = await hashPassword(request.new_password);
  if (!(await revokeTokens(user.id, { from: user.hashed_password, to: hashed }))) {
    throw new ConflictError('The password was changed by another request meanwhile; sign in again', 'auth.password_changed');
  }
}

/** Signs out every token of the caller, this one included. */
export async function signOutEverywhere(user: User): Promise<void> {
  if (!(await revokeTokens(user.id))) throw new UnauthenticatedError('The account for this token no longer exists', 'auth.invalid_token');
}

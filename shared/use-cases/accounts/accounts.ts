/**
 * Account use cases.
 * register: 1. hash the password; 2. write the user, its email claim and (if
 *   still free) the first-admin claim in one transaction; 3. return the public user.
 * login: 1. count the attempt against the address, per network and across
 *   networks, atomically, before anything is checked (sign-in-limits.ts);
 *   2. past the per-network limit, answer 401 like any failed sign-in without
 *   checking the password; past the across-networks threshold, wait first;
 *   3. find the user by email and verify the password (against a decoy hash
 *   when unknown, so timing does not reveal accounts); 4. a right password
 *   takes its counts back and gets a token. Attempts are counted per address
 *   whether or not it has an account, so the limit answers the same for both.
 * changePassword: 1. count the guess at the current password the same way
 *   (422 like a wrong one past the per-network limit); 2. verify the current
 *   password (422 when wrong); 3. refuse a new password equal to it (422);
 *   4. hash the new one; 5. store it and raise the token generation in one
 *   conditional write, so every earlier token is refused (409 when a
 *   concurrent change won).
 * signOutEverywhere: 1. raise the token generation.
 */
import { randomUUID } from 'node:crypto';
import { ConflictError, InvalidInputError, UnauthenticatedError } from '#shared/errors/app-error.ts';
import { createUser, EmailTakenError, getUser, getUserByEmail, revokeTokens } from '#shared/adapters/db/users.repository.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { countGuess, waitFor } from './sign-in-limits.ts';
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

const badCredentials = () => new UnauthenticatedError('Email or password is incorrect', 'auth.bad_credentials');

/** Signs in from `network` (the caller's IPv4 address or IPv6 /64). */
export async function login(credentials: { email: string; password: string }, network: string): Promise<IssuedToken> {
  const attempt = await countGuess('login', credentials.email, network);
  await waitFor(attempt);
  if (!attempt.mayCheck) throw badCredentials();
  const user = await findUser(credentials.email);
  const ok = await verifyPassword(credentials.password, user?.hashed_password ?? (await decoyHash()));
  if (!user || !ok) throw badCredentials();
  await attempt.succeeded();
  return issueToken(user.id, user.token_generation ?? 0);
}

const wrongCurrentPassword = () =>
  new InvalidInputError(
    'The current password is not correct',
    [{ path: 'body.current_password', message: 'is not the current password' }],
    'auth.wrong_password',
  );

/** Changes the caller's password and signs out every token issued before; guesses at the current one are limited as sign-ins are. */
export async function changePassword(user: User, request: { current_password: string; new_password: string }, network: string): Promise<void> {
  const attempt = await countGuess('password_change', user.id, network);
  await waitFor(attempt);
  if (!attempt.mayCheck || !(await verifyPassword(request.current_password, user.hashed_password))) throw wrongCurrentPassword();
  await attempt.succeeded();
  if (request.new_password === request.current_password) {
    throw new InvalidInputError(
      'The new password is the same as the current one; choose a different password',
      [{ path: 'body.new_password', message: 'is the same as the current password' }],
      'auth.same_password',
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

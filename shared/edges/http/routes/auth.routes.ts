/** Routes of accounts: register, login, me. */
import * as z from 'zod';
import { Credentials, Password, PasswordText, PublicUser } from '#shared/domain/users/user.schema.ts';
import { defineRoute } from '#shared/edges/http/route.ts';

export const register = defineRoute({
  operationId: 'register',
  description:
    'Creates an account from an email and a password (8 characters or more) and answers the new user (POST /api/auth/login then gives a token); the first account ever registered becomes the admin. Anonymous and rate limited per IP; 409 auth.email_taken when the email is registered.',
  method: 'POST',
  path: '/api/auth/register',
  fn: 'auth',
  auth: 'none',
  rateLimit: 'register',
  summary: 'Create an account; the first account ever becomes admin',
  tags: ['auth'],
  body: () => Credentials(),
  response: () => PublicUser().pick({ id: true, email: true, is_admin: true }),
  successStatus: 201,
});

export const login = defineRoute({
  operationId: 'login',
  description:
    'Exchanges an email and password for a bearer token (JWT). Anonymous and rate limited per IP; 401 for a wrong email or password (the same answer for both, and for a network past its failed sign-ins on that account: no lockout, the owner elsewhere still signs in).',
  method: 'POST',
  path: '/api/auth/login',
  fn: 'auth',
  auth: 'none',
  rateLimit: 'login',
  summary: 'Exchange email and password for a bearer token',
  tags: ['auth'],
  body: () =>
    z.object({
      email: Credentials().shape.email.describe('The email address of the account'),
      password: PasswordText().describe('The password: 8 to 256 characters'),
    }),
  response: () =>
    z.object({
      access_token: z.string().describe('The bearer token: send it as Authorization: Bearer <token>'),
      token_type: z.literal('bearer').describe('Always Bearer'),
      expires_in: z.number().describe('Seconds until the token expires'),
    }),
});

export const me = defineRoute({
  operationId: 'me',
  description: 'The signed-in user: id, email, whether they are an admin, and when they registered. 401 without a valid token.',
  method: 'GET',
  path: '/api/auth/me',
  fn: 'auth',
  auth: 'user',
  summary: 'The signed-in user',
  tags: ['auth'],
  response: () => PublicUser(),
});

export const changePassword = defineRoute({
  operationId: 'changePassword',
  description:
    'Changes the password of the signed-in user and signs out every token issued before the change, this one included (sign in again with the new password). Signed in and rate limited per IP like login; 422 auth.wrong_password when current_password is wrong (wrong guesses are limited per account and network like sign-ins), 422 auth.same_password when new_password is the current one, 422 when new_password is shorter than 8 characters.',
  method: 'POST',
  path: '/api/auth/password',
  fn: 'auth',
  auth: 'user',
  rateLimit: 'login',
  summary: 'Change the password; every earlier token is refused afterwards',
  tags: ['auth'],
  body: () =>
    z.object({
      current_password: PasswordText().describe('The password in use now'),
      new_password: Password().describe('The new password: 8 to 256 characters'),
    }),
  successStatus: 204,
});

export const logoutAll = defineRoute({
  operationId: 'logoutAll',
  description:
    'Signs out everywhere: every token of the signed-in user issued before now is refused afterwards (401 auth.token_revoked), this one included. Signed in.',
  method: 'POST',
  path: '/api/auth/logout-all',
  fn: 'auth',
  auth: 'user',
  summary: 'Sign out everywhere: every earlier token is refused',
  tags: ['auth'],
  successStatus: 204,
});

export const AUTH_ROUTES = [register, login, me, changePassword, logoutAll];

/** Routes of accounts: register, login, me. */
import * as z from 'zod';
import { Credentials, PublicUser } from '#shared/domain/users/user.schema.ts';
import { defineRoute } from '#shared/http/route.ts';

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
    'Exchanges an email and password for a bearer token (JWT). Anonymous and rate limited per IP; 401 for a wrong email or password (the same answer for both).',
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
      password: z.string().min(1).max(256).describe('The password: 8 to 256 characters'),
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

export const AUTH_ROUTES = [register, login, me];

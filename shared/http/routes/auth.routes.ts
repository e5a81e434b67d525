/** Routes of accounts: register, login, me. */
import * as z from 'zod';
import { Credentials, PublicUser } from '#shared/domain/users/user.schema.ts';
import { defineRoute } from '#shared/http/route.ts';

export const register = defineRoute({
  operationId: 'register',
  method: 'POST',
  path: '/api/auth/register',
  fn: 'auth',
  auth: 'none',
  rateLimit: 'register',
  summary: 'Create an account; the first account ever becomes admin',
  tags: ['auth'],
  body: Credentials,
  response: PublicUser.pick({ id: true, email: true, is_admin: true }),
  successStatus: 201,
});

export const login = defineRoute({
  operationId: 'login',
  method: 'POST',
  path: '/api/auth/login',
  fn: 'auth',
  auth: 'none',
  rateLimit: 'login',
  summary: 'Exchange email and password for a bearer token',
  tags: ['auth'],
  body: z.object({ email: Credentials.shape.email, password: z.string().min(1).max(256) }),
  response: z.object({ access_token: z.string(), token_type: z.literal('bearer'), expires_in: z.number() }),
});

export const me = defineRoute({
  operationId: 'me',
  method: 'GET',
  path: '/api/auth/me',
  fn: 'auth',
  auth: 'user',
  summary: 'The signed-in user',
  tags: ['auth'],
  response: PublicUser,
});

export const AUTH_ROUTES = [register, login, me];

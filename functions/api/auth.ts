/** Accounts: register, login, me, password change, sign out everywhere. */
import { changePassword, login, register, signOutEverywhere } from '#shared/use-cases/accounts/accounts.ts';
import { toPublicUser } from '#shared/domain/users/user.schema.ts';
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import { rateLimitSubject } from '#shared/edges/http/client-ip.ts';
import { created, noContent } from '#shared/edges/http/reply.ts';
import * as routes from '#shared/edges/http/routes/auth.routes.ts';

export const handler = apiFunction('auth', [
  implement(routes.register, async ({ body }) => {
    const user = await register(body);
    return created({ id: user.id, email: user.email, is_admin: user.is_admin });
  }),
  // Failed sign-ins are limited per account and network (an IPv4 address or IPv6 /64), so a stranger cannot lock the owner out.
  implement(routes.login, async ({ body, ip }) => login(body, rateLimitSubject(ip))),
  implement(routes.me, async ({ user }) => toPublicUser(user)),
  implement(routes.changePassword, async ({ user, body, ip }) => {
    await changePassword(user, body, rateLimitSubject(ip));
    return noContent();
  }),
  implement(routes.logoutAll, async ({ user }) => {
    await signOutEverywhere(user);
    return noContent();
  }),
]);

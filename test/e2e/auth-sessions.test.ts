// Changing the password and signing out everywhere over HTTP: both revoke every token issued before them.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '#clients/typescript/index.ts';
// accounts.ts also sets TRUST_PROXY before the stack starts, so X-Forwarded-For gives each request its own client IP.
import { signUp } from './support/accounts.ts';
import { useLocalStack } from './support/e2e-stack.ts';

const e2e = useLocalStack();
const api = () => e2e.client();
let ip = 0;
const from = () => ({ 'x-forwarded-for': `198.51.100.${++ip}` });

/** A registered account's first token. */
const account = (email: string, password: string): Promise<string> => signUp(api(), 'sessions', { email, password });

async function signIn(email: string, password: string): Promise<string> {
  const res = await api().request('POST', '/api/auth/login', { body: { email, password }, headers: from() });
  expect(res.status).toBe(200);
  return res.body.access_token;
}

const me = async (token: string) => (await api().request('GET', '/api/auth/me', { token })).status;

describe('sessions', () => {
  it('changes the password: 204, earlier tokens are refused, the old password no longer signs in and the new one does', async () => {
    const email = 'changer@example.org';
    const [phone, laptop] = [await account(email, 'first password 1'), await signIn(email, 'first password 1')];

    const wrong = await api().request('POST', '/api/auth/password', {
      token: phone,
      body: { current_password: 'not it at all', new_password: 'second password 2' },
      headers: from(),
    });
    expect([wrong.status, (wrong.body as unknown as ApiError).code]).toEqual([422, 'auth.wrong_password']);
    const short = await api().request('POST', '/api/auth/password', {
      token: phone,
      body: { current_password: 'first password 1', new_password: 'short' },
      headers: from(),
    });
    expect(short.status).toBe(422);

    const changed = await api().request('POST', '/api/auth/password', {
      token: phone,
      body: { current_password: 'first password 1', new_password: 'second password 2' },
      headers: from(),
    });
    expect(changed.status).toBe(204);
    expect([await me(phone), await me(laptop)]).toEqual([401, 401]);
    const refused = await api().request('GET', '/api/auth/me', { token: laptop });
    expect(refused.body.code).toBe('auth.token_revoked');
    expect((await api().request('POST', '/api/auth/login', { body: { email, password: 'first password 1' }, headers: from() })).status).toBe(401);
    expect(await me(await signIn(email, 'second password 2'))).toBe(200);
  });

  it('signs out everywhere: 204, and every token issued before is refused while a new sign-in works', async () => {
    const email = 'leaver@example.org';
    const [a, b] = [await account(email, 'a good password'), await signIn(email, 'a good password')];
    expect(await me(a)).toBe(200);
    expect((await api().request('POST', '/api/auth/logout-all', { token: b })).status).toBe(204);
    expect([await me(a), await me(b)]).toEqual([401, 401]);
    expect((await api().request('POST', '/api/auth/logout-all', { token: a })).status).toBe(401);
    expect(await me(await signIn(email, 'a good password'))).toBe(200);
  });
});

// Login and register limits count an IPv6 client by its /64, and failed logins are limited per account
// with the same answer whether or not the account exists.
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as auth } from '#functions/api/auth.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

// Small limits: each attempt costs a scrypt derivation, and the rules are the same at 2 as at 10.
Object.assign(process.env, { RATE_LIMIT_LOGIN_PER_MINUTE: '2', RATE_LIMIT_REGISTER_PER_HOUR: '3', RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '2' });
resetConfig();

useIntegrationStack();

const alice = { email: 'alice.limits@example.org', password: 'correct horse battery' };
const login = (body: { email: string; password: string }, sourceIp: string) => call(auth, 'POST', '/api/auth/login', { body, sourceIp });

beforeAll(async () => {
  expect((await call(auth, 'POST', '/api/auth/register', { body: alice, sourceIp: '198.51.100.1' })).status).toBe(201);
});

describe('auth limits', () => {
  it('counts every address of one IPv6 /64 as one client for login and register', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i++)
      statuses.push((await login({ email: `nobody${i}@example.org`, password: 'wrong password' }, `2001:db8:77:1::${i.toString(16)}`)).status);
    expect(statuses).toEqual([401, 401, 429]);
    // Another /64 is another client.
    expect((await login({ email: 'nobody@example.org', password: 'wrong password' }, '2001:db8:77:2::1')).status).toBe(401);

    const registers: number[] = [];
    for (let i = 1; i <= 3; i++) {
      registers.push(
        (
          await call(auth, 'POST', '/api/auth/register', {
            body: { email: `new${i}@example.org`, password: 'correct horse battery' },
            sourceIp: `2001:db8:88:1:${i}::1`,
          })
        ).status,
      );
    }
    // Three sign-ups per hour per client: the fourth from anywhere in the /64 is refused (before its body is read).
    expect(registers).toEqual([201, 201, 201]);
    expect(
      (await call(auth, 'POST', '/api/auth/register', { body: { email: 'new4@example.org', password: 'x' }, sourceIp: '2001:db8:88:1:ffff::9' })).status,
    ).toBe(429);
  });

  it('limits failed logins per account, answering alike for an account that exists and one that does not', async () => {
    const answers = async (email: string, net: number) => {
      const out: { status: number; code: string }[] = [];
      // Each attempt from its own address: the per-IP limit is not what answers here.
      for (let i = 1; i <= 3; i++) {
        const res = await login({ email, password: 'wrong password' }, `203.0.${net}.${i}`);
        out.push({ status: res.status, code: (res.body as { code: string }).code });
      }
      return out;
    };
    const known = await answers(alice.email, 113);
    const unknown = await answers('no.such.account@example.org', 114);
    expect(known).toEqual(unknown);
    expect(known).toEqual([
      { status: 401, code: 'auth.bad_credentials' },
      { status: 401, code: 'auth.bad_credentials' },
      { status: 429, code: 'auth.too_many_failures' },
    ]);
    // Locked: even the right password waits for the window, and other accounts are untouched.
    expect((await login(alice, '192.0.2.50')).status).toBe(429);
    expect((await login({ email: 'other@example.org', password: 'wrong password' }, '192.0.2.51')).status).toBe(401);
  });
});

// Login and register limits count an IPv6 client by its /64 (failed logins per account: ./sign-in-guesses.test.ts).
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
});

// Issue 32.7: failed sign-ins per account without a lockout (SPEC): per (account, network) a few failures, then that
// network's attempts are answered like any failed login without their password being checked, while the owner on
// another network signs in; across networks, past a threshold, a growing delay, and the right password still signs in.
// Every guess is counted first, atomically: of 40 concurrent guesses only the limit's worth reach a password check.
// Wrong current passwords on a password change count the same way.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Passwords from '#shared/use-cases/accounts/passwords.ts';

// Every password check, counted (the real one runs).
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('#shared/use-cases/accounts/passwords.ts', async (original) => {
  const real = await original<typeof Passwords>();
  return {
    ...real,
    verifyPassword: async (...args: Parameters<typeof real.verifyPassword>) => {
      checks.count++;
      return real.verifyPassword(...args);
    },
  };
});

// Small limits (each check costs a scrypt derivation); the per-IP limit out of the way, so the per-account rules answer.
Object.assign(process.env, { RATE_LIMIT_LOGIN_PER_MINUTE: '1000', RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3', RATE_LIMIT_LOGIN_SLOWDOWN_AFTER: '8' });

const { handler: auth } = await import('#functions/api/auth.ts');
const { resetConfig } = await import('#shared/platform/config.ts');
const { call } = await import('#test/support/api.ts');
const { useIntegrationStack } = await import('#test/support/stack.ts');
resetConfig();
useIntegrationStack();

const owner = { email: 'owner.guesses@example.org', password: 'correct horse battery' };
const wrong = { email: owner.email, password: 'not the password' };
const login = (body: { email: string; password: string }, sourceIp: string) => call(auth, 'POST', '/api/auth/login', { body, sourceIp });
const codeOf = (res: { body: unknown }) => (res.body as { code?: string }).code;

beforeAll(async () => {
  expect((await call(auth, 'POST', '/api/auth/register', { body: owner, sourceIp: '198.51.100.9' })).status).toBe(201);
  expect((await call(auth, 'POST', '/api/auth/register', { body: { ...owner, email: 'second.owner@example.org' }, sourceIp: '198.51.100.9' })).status).toBe(
    201,
  );
}, 120_000);

describe('failed sign-ins per account', () => {
  it('counts every guess first, atomically: of 40 concurrent guesses from one network, 3 reach a password check', async () => {
    checks.count = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(wrong, '203.0.113.40')));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(401));
    expect(new Set(answers.map(codeOf))).toEqual(new Set(['auth.bad_credentials']));
    expect(checks.count).toBe(3);
  });

  it('answers that network like any failed login, the right password too, while the owner on another network signs in', async () => {
    checks.count = 0;
    const limited = await login(owner, '203.0.113.40');
    expect([limited.status, codeOf(limited)]).toEqual([401, 'auth.bad_credentials']);
    expect(checks.count).toBe(0);
    // The same network's /64 is the same network; another is another.
    expect((await login(owner, '2001:db8:5::1')).status).toBe(200);
    expect((await login(owner, '192.0.2.77')).status).toBe(200);
  });

  it('answers an address with no account exactly alike', async () => {
    const ghost = { email: 'no.account.guesses@example.org', password: 'not the password' };
    const known = [];
    const unknown = [];
    for (let i = 0; i < 5; i++) {
      known.push(await login({ ...wrong, email: 'second.owner@example.org' }, '203.0.113.41'));
      unknown.push(await login(ghost, '203.0.113.42'));
    }
    expect(known.map((r) => [r.status, codeOf(r)])).toEqual(unknown.map((r) => [r.status, codeOf(r)]));
  });

  it('past the threshold across networks, slows every attempt down, and the right password still signs in', async () => {
    // 40 + 1 failures were counted above for the owner (none refunded): past 8, each attempt waits, up to 3 s.
    const started = Date.now();
    const res = await login(owner, '198.51.100.123');
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    expect(took).toBeGreaterThanOrEqual(2900);
  });
});

describe('wrong current passwords on a password change', () => {
  it('count per account and network the same way, and a new password equal to the current one is refused in plain words', async () => {
    const user = { email: 'changer.guesses@example.org', password: 'correct horse battery' };
    expect((await call(auth, 'POST', '/api/auth/register', { body: user, sourceIp: '198.51.100.10' })).status).toBe(201);
    const token = ((await login(user, '198.51.100.10')).body as { access_token: string }).access_token;
    const change = (current: string, next: string, sourceIp: string) =>
      call(auth, 'POST', '/api/auth/password', { token, body: { current_password: current, new_password: next }, sourceIp });
    checks.count = 0;
    const guesses = await Promise.all(Array.from({ length: 10 }, () => change('a wrong guess', 'a brand new password', '203.0.113.60')));
    expect(guesses.map((g) => [g.status, codeOf(g)])).toEqual(Array(10).fill([422, 'auth.wrong_password']));
    expect(checks.count).toBe(3);
    // Refused unchecked from that network, even when right; from another network the owner changes it.
    expect((await change(user.password, 'a brand new password', '203.0.113.60')).status).toBe(422);
    const same = await change(user.password, user.password, '192.0.2.60');
    expect([same.status, codeOf(same), (same.body as { detail: string }).detail]).toEqual([
      422,
      'auth.same_password',
      'The new password is the same as the current one; choose a different password',
    ]);
    expect((await change(user.password, 'a brand new password', '192.0.2.60')).status).toBe(204);
  });
});

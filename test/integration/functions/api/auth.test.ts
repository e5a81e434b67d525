import { describe, expect, it } from 'vitest';
import { handler as auth } from '#functions/api/auth.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const creds = (n: number) => ({ email: `Person${n}@Example.org `, password: 'correct horse battery' });

describe('accounts', () => {
  it('makes exactly one admin when two first registrations race', async () => {
    const [a, b] = await Promise.all([
      call(auth, 'POST', '/api/auth/register', { body: creds(1), sourceIp: '198.51.100.1' }),
      call(auth, 'POST', '/api/auth/register', { body: creds(2), sourceIp: '198.51.100.2' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const admins = [a.body, b.body].filter((u) => (u as { is_admin: boolean }).is_admin);
    expect(admins).toHaveLength(1);
  });

  it('stores emails trimmed and lower-cased and refuses a second account for one email', async () => {
    const again = await call(auth, 'POST', '/api/auth/register', { body: creds(1), sourceIp: '198.51.100.3' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'auth.email_taken' });
  });

  it('logs in and returns the user from me, never the hash', async () => {
    const login = await call(auth, 'POST', '/api/auth/login', { body: { email: 'person1@example.org', password: 'correct horse battery' } });
    expect(login.status).toBe(200);
    const { access_token, token_type, expires_in } = login.body as { access_token: string; token_type: string; expires_in: number };
    expect(token_type).toBe('bearer');
    expect(expires_in).toBe(7 * 24 * 3600);
    const me = await call(auth, 'GET', '/api/auth/me', { token: access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'person1@example.org' });
    expect(me.text).not.toContain('hashed_password');
  });

  it('answers 401 for a wrong password and for an unknown email alike', async () => {
    const wrong = await call(auth, 'POST', '/api/auth/login', { body: { email: 'person1@example.org', password: 'nope-nope' } });
    const unknown = await call(auth, 'POST', '/api/auth/login', { body: { email: 'ghost@example.org', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('rate-limits the 11th login from one IP within a minute with Retry-After', async () => {
    const attempts = [];
    for (let i = 0; i < 11; i++) {
      attempts.push(await call(auth, 'POST', '/api/auth/login', { body: { email: 'x@example.org', password: 'whatever1' }, sourceIp: '192.0.2.77' }));
    }
    expect(attempts.slice(0, 10).every((r) => r.status === 401)).toBe(true);
    expect(attempts[10]?.status).toBe(429);
    expect(Number(attempts[10]?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 422 with field errors for a short password and 400 for malformed JSON', async () => {
    const short = await call(auth, 'POST', '/api/auth/register', { body: { email: 'a@b.org', password: 'short' }, sourceIp: '192.0.2.1' });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({ errors: [{ path: 'body.password' }] });
    const malformed = await call(auth, 'POST', '/api/auth/register', { rawBody: '{"email":', sourceIp: '192.0.2.2' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'request.malformed_json' });
  });

  it('answers 401 to me without a token and with a forged one', async () => {
    expect((await call(auth, 'GET', '/api/auth/me')).status).toBe(401);
    expect((await call(auth, 'GET', '/api/auth/me', { token: 'a.b.c' })).status).toBe(401);
  });
});

/**
 * Signed-in accounts for the e2e tests: registers and logs in over HTTP, as a
 * client would, so a test file states who takes part instead of repeating the
 * register-and-login calls. Each registration comes from its own client IP,
 * since the stack limits registration per IP. The first account a file's
 * fresh table sees becomes its admin (the service's first-admin rule), so a
 * file that needs an admin signs that account up first.
 */
import { randomBytes } from 'node:crypto';
import type { HttpClient } from './http-client.ts';

// Set when a test file imports this, before its stack starts, so X-Forwarded-For gives each registration its IP.
process.env.TRUST_PROXY = '1';

export const TEST_PASSWORD = 'correct horse battery';

export interface SignUpOptions {
  /** A known address (an account a later step signs in as, or a mail recipient); a fresh one under `label` by default. */
  email?: string;
  password?: string;
}

// 198.18.0.0/15 is reserved for benchmarking, so these addresses never collide with a test's chosen ones.
let registrations = 0;
const freshAddress = (): string => {
  registrations += 1;
  return `198.18.${Math.floor(registrations / 250) % 250}.${(registrations % 250) + 1}`;
};

/** Registers and logs in a user (a fresh address under `label` unless `options.email`); returns their bearer token. */
export async function signUp(api: HttpClient, label: string, options: SignUpOptions = {}): Promise<string> {
  const email = options.email ?? `${label}-${randomBytes(3).toString('hex')}@example.org`;
  const password = options.password ?? TEST_PASSWORD;
  const headers = { 'x-forwarded-for': freshAddress() };
  const reg = await api.request('POST', '/api/auth/register', { body: { email, password }, headers });
  if (reg.status !== 201) throw new Error(`register ${email}: ${reg.status} ${reg.text}`);
  const login = await api.request('POST', '/api/auth/login', { body: { email, password }, headers });
  if (login.status !== 200) throw new Error(`login ${email}: ${login.status} ${login.text}`);
  return login.body.access_token;
}

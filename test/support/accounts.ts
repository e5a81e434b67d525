/**
 * Signed-in accounts for integration and fault tests: registers through the
 * auth function and logs in, as a client would, so each test file states who
 * takes part instead of repeating the register-and-login calls. The first
 * account a fresh table sees becomes its admin (the service's first-admin
 * rule), so a file that needs an admin signs that account up first.
 */
import { handler as auth } from '#functions/api/auth.ts';
import { call } from './api.ts';

export interface TestAccount {
  id: string;
  email: string;
  token: string;
  isAdmin: boolean;
}

export interface SignUpOptions {
  password?: string;
  /** The client address; by default each sign-up gets its own, so the per-address registration limit never interferes. */
  sourceIp?: string;
}

export const TEST_PASSWORD = 'correct horse battery';

// 198.18.0.0/15 is reserved for benchmarking, so these addresses never collide with a test's chosen ones.
let nextAddress = 0;
const freshAddress = (): string => {
  nextAddress += 1;
  return `198.18.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
};

export async function newAccount(email: string, options: SignUpOptions = {}): Promise<TestAccount> {
  const credentials = { email, password: options.password ?? TEST_PASSWORD };
  const sourceIp = options.sourceIp ?? freshAddress();
  const registered = await call(auth, 'POST', '/api/auth/register', { body: credentials, sourceIp });
  if (registered.status !== 201) throw new Error(`register ${email}: ${registered.status} ${registered.text}`);
  const login = await call(auth, 'POST', '/api/auth/login', { body: credentials, sourceIp });
  if (login.status !== 200) throw new Error(`login ${email}: ${login.status} ${login.text}`);
  const user = registered.body as { id: string; is_admin: boolean };
  return { id: user.id, email, token: (login.body as { access_token: string }).access_token, isAdmin: user.is_admin };
}

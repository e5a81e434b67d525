/**
 * Password hashing with node:crypto's scrypt (N=2^17 as deployed, set by
 * PASSWORD_SCRYPT_LOG2_N; r=8, p=1, 16-byte salt, 64-byte key): memory-hard,
 * so guessing is costly, and no native dependency.
 * Stored as a self-describing string so the parameters can be raised later
 * without breaking old hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { config } from '#shared/platform/config.ts';

const PARAMS = { r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
// scrypt needs 128 * N * r bytes; allow twice that so Node's default 32 MiB cap does not refuse N=2^17.
const maxmem = (N: number, r: number) => 256 * N * r;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: maxmem(N, r) };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** Hashes a password as `scrypt$N$r$p$salt$key` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const N = 2 ** config().PASSWORD_SCRYPT_LOG2_N;
  const key = await derive(password, salt, N, PARAMS.r, PARAMS.p);
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash to compare against when the email is unknown, so a login for a
 * missing account costs the same time as one with a wrong password.
 */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword('decoy-password-for-timing'));

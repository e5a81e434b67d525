/**
 * Short HMAC-SHA256 signatures for values the API hands to clients and takes
 * back (paging cursors), so a value the API did not issue, or issued for
 * another purpose, is refused. Each purpose has its own key, derived with
 * HKDF-SHA256 from JWT_SECRET_KEY, so a signature never verifies in another
 * role; rotating the JWT secret invalidates every signature, which for
 * cursors only means a client starts its listing again.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { config } from './config.ts';

/** 128 bits: a forgery needs 2^128 guesses, and a cursor stays short. */
const SIGNATURE_BYTES = 16;
const keys = new Map<string, { secret: string; key: Buffer }>();

function keyFor(purpose: string): Buffer {
  const secret = config().JWT_SECRET_KEY;
  const cached = keys.get(purpose);
  if (cached?.secret === secret) return cached.key;
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `billwatch ${purpose} v1`, 32));
  keys.set(purpose, { secret, key });
  return key;
}

/** The signature of `text` for `purpose`, URL-safe. */
export function sign(purpose: string, text: string): string {
  return createHmac('sha256', keyFor(purpose)).update(text, 'utf8').digest().subarray(0, SIGNATURE_BYTES).toString('base64url');
}

/** Whether `signature` is `purpose`'s signature of `text` (constant time). */
export function verifySignature(purpose: string, text: string, signature: string): boolean {
  const given = Buffer.from(signature, 'base64url');
  const expected = Buffer.from(sign(purpose, text), 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

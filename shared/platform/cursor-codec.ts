/**
 * The one codec of every list's `cursor`: where a listing stopped (a DynamoDB
 * key, an offset) sealed with AES-256-GCM under a key derived with HKDF from
 * JWT_SECRET_KEY, with the listing it belongs to (its scope) as additional
 * authenticated data. A client can neither read what is inside (a public
 * collection's key names its owner's user id) nor forge a cursor or carry one
 * to another listing; rotating the JWT secret only restarts listings.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { config } from './config.ts';

const INFO = 'billwatch paging cursor v2';
const IV_BYTES = 12;
const TAG_BYTES = 16;
let cached: { secret: string; key: Buffer } | undefined;

function cursorKey(): Buffer {
  const secret = config().JWT_SECRET_KEY;
  if (cached?.secret !== secret) {
    cached = { secret, key: Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), INFO, 32)) };
  }
  return cached.key;
}

/** Seals a position (any JSON value) of the listing `scope` as an opaque URL-safe cursor. */
export function sealCursor(position: unknown, scope: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', cursorKey(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(scope, 'utf8'));
  const data = Buffer.concat([cipher.update(JSON.stringify(position), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

/** The position a cursor of the listing `scope` holds, or undefined when the API did not issue it for that listing. */
export function openCursor(cursor: string, scope: string): unknown {
  const raw = Buffer.from(cursor, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES || raw.toString('base64url') !== cursor) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', cursorKey(), raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(scope, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    return JSON.parse(plain) as unknown;
  } catch {
    return undefined;
  }
}

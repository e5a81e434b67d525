/**
 * Sealing of the push password, which is sent on to the push server and so is
 * encrypted, not hashed: AES-256-GCM with a key from ENCRYPTION_SECRET_KEY
 * (64 hex characters are used as the raw key, any other text is stretched
 * with HKDF-SHA256), or HKDF-SHA256 of JWT_SECRET_KEY when no encryption key
 * is set. Sealed values read "v1.<iv>.<tag>.<data>".
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { config } from './config.ts';

const INFO = 'billwatch push password v1';

/** The 32-byte sealing key for the current configuration. */
export function sealingKey(encryptionKey = config().ENCRYPTION_SECRET_KEY, jwtSecret = config().JWT_SECRET_KEY): Buffer {
  if (encryptionKey && /^[0-9a-f]{64}$/i.test(encryptionKey)) return Buffer.from(encryptionKey, 'hex');
  const material = encryptionKey ?? jwtSecret;
  return Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.alloc(0), INFO, 32));
}

/** Encrypts and authenticates `plain`. */
export function seal(plain: string, key = sealingKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Decrypts a sealed value; throws when it was tampered with or sealed under another key. */
export function open(sealed: string, key = sealingKey()): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || data === undefined) throw new Error('Not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

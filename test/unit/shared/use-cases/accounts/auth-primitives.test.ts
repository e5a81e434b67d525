import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '#shared/use-cases/accounts/passwords.ts';
import { bearerToken } from '#shared/edges/http/current-user.ts';
import { InvalidTokenError, issueToken, verifyToken } from '#shared/use-cases/accounts/tokens.ts';
import { scryptSync } from 'node:crypto';
import { config, parseConfig } from '#shared/platform/config.ts';

const key = () => new TextEncoder().encode(config().JWT_SECRET_KEY);

describe('passwords', () => {
  it('hashes with scrypt at the configured cost (2^10 in the test runner) and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('wrong horse battery', hash)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });

  it('costs N=2^17 unless told otherwise, and never less in a deployed stage', () => {
    const base = { JWT_SECRET_KEY: 'x'.repeat(32) };
    expect(parseConfig(base).PASSWORD_SCRYPT_LOG2_N).toBe(17);
    expect(parseConfig({ ...base, STAGE: 'local', PASSWORD_SCRYPT_LOG2_N: '12' }).PASSWORD_SCRYPT_LOG2_N).toBe(12);
    for (const STAGE of ['dev', 'prod']) {
      expect(() => parseConfig({ ...base, STAGE, PASSWORD_SCRYPT_LOG2_N: '16' })).toThrow(/PASSWORD_SCRYPT_LOG2_N: must be at least 17 in a deployed stage/);
    }
  });

  it('verifies a hash made at another cost by the parameters it carries', async () => {
    const salt = Buffer.alloc(16, 7);
    const key = scryptSync('correct horse battery', salt, 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 2 ** 17 * 8 });
    const deployed = ['scrypt', 2 ** 17, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('correct horse battery', deployed)).toBe(true);
    expect(await verifyPassword('wrong horse battery', deployed)).toBe(false);
  });
});

describe('tokens', () => {
  it('issues HS256 tokens with sub, iss, aud and a 7-day lifetime', async () => {
    const issued = await issueToken('user-1');
    const [header] = issued.access_token.split('.');
    expect(JSON.parse(Buffer.from(header as string, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(issued.expires_in).toBe(604800);
    expect(await verifyToken(issued.access_token)).toMatchObject({ sub: 'user-1' });
  });

  it('rejects expired tokens beyond the 60 s leeway, wrong audience and unsigned tokens', async () => {
    const c = config();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u')
      .setIssuer(c.JWT_ISSUER)
      .setAudience(c.JWT_AUDIENCE)
      .setIssuedAt(now - 1000)
      .setExpirationTime(now - 61)
      .sign(key());
    const withinLeeway = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u')
      .setIssuer(c.JWT_ISSUER)
      .setAudience(c.JWT_AUDIENCE)
      .setIssuedAt(now - 1000)
      .setExpirationTime(now - 30)
      .sign(key());
    const wrongAudience = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u')
      .setIssuer(c.JWT_ISSUER)
      .setAudience('someone-else')
      .setExpirationTime('1h')
      .sign(key());
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"u"}').toString('base64url')}.`;
    await expect(verifyToken(expired)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifyToken(withinLeeway)).resolves.toMatchObject({ sub: 'u' });
    await expect(verifyToken(wrongAudience)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifyToken(unsigned)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('requires exp and iat, and refuses tokens older than the maximum age whatever their exp says', async () => {
    const c = config();
    const now = Math.floor(Date.now() / 1000);
    const ttl = c.JWT_TTL_SECONDS;
    const sign = (claims: { iat?: number; exp?: number }) => {
      const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('u').setIssuer(c.JWT_ISSUER).setAudience(c.JWT_AUDIENCE);
      if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
      if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
      return jwt.sign(key());
    };
    const refused = async (token: Promise<string>) => expect(verifyToken(await token)).rejects.toBeInstanceOf(InvalidTokenError);
    // No exp: valid forever before; now refused.
    await refused(sign({ iat: now }));
    // No iat: its age cannot be known.
    await refused(sign({ exp: now + 3600 }));
    // Issued longer ago than the lifetime (+ leeway), with an exp far in the future.
    await refused(sign({ iat: now - ttl - 120, exp: now + 365 * 24 * 3600 }));
    // Recent, but with a lifetime longer than any token we issue.
    await refused(sign({ iat: now, exp: now + ttl + 3600 }));
    // Issued in the future beyond the leeway.
    await refused(sign({ iat: now + 600, exp: now + 600 + ttl }));
    // The boundaries: exactly the lifetime, and an age just inside the leeway.
    await expect(verifyToken(await sign({ iat: now, exp: now + ttl }))).resolves.toMatchObject({ sub: 'u' });
    await expect(verifyToken(await sign({ iat: now - ttl - 30, exp: now - 30 }))).resolves.toMatchObject({ sub: 'u' });
  });

  it('reads only well-formed Bearer headers', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

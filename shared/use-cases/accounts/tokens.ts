/**
 * JWT access tokens: HS256 via jose, `Authorization: Bearer`, with sub, iat,
 * exp, iss and aud claims and a `typ: JWT` header. Verification pins the
 * algorithm and checks issuer, audience and expiry with 60 s of leeway, and
 * bounds a token's age whatever its exp says: `exp` and `iat` are required,
 * `iat` may be at most JWT_TTL_SECONDS (+ leeway) old and not in the future,
 * and `exp - iat` may not exceed JWT_TTL_SECONDS. A token with a far-future
 * exp (a leaked long-lived or forged-with-a-leaked-key token) therefore dies
 * when a token we issue would have; lowering JWT_TTL_SECONDS shortens every
 * live token at once (docs/runbooks.md, Security).
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { config } from '#shared/platform/config.ts';

const Claims = lazySchema(() => z.object({ sub: z.string().min(1), iat: z.number(), exp: z.number(), gen: z.number().int().nonnegative().default(0) }));
export type Claims = z.infer<ReturnType<typeof Claims>>;

/** Seconds of clock skew tolerated on exp and iat. */
export const CLOCK_LEEWAY_SECONDS = 60;

const secretKey = () => new TextEncoder().encode(config().JWT_SECRET_KEY);

export interface IssuedToken {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

/**
 * Signs an access token for a user id, in the user's token generation (`gen`):
 * raising the generation (a password change, sign out everywhere) refuses
 * every token issued before it (shared/edges/http/current-user.ts).
 */
export async function issueToken(userId: string, generation = 0): Promise<IssuedToken> {
  const c = config();
  const token = await new SignJWT({ gen: generation })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt()
    .setIssuer(c.JWT_ISSUER)
    .setAudience(c.JWT_AUDIENCE)
    .setExpirationTime(`${c.JWT_TTL_SECONDS}s`)
    .sign(secretKey());
  return { access_token: token, token_type: 'bearer', expires_in: c.JWT_TTL_SECONDS };
}

/** Thrown for any token that does not verify: bad signature, expired, wrong audience, malformed. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** Verifies a token and returns its claims, or throws InvalidTokenError. */
export async function verifyToken(token: string): Promise<Claims> {
  const c = config();
  try {
    const { payload } = await jwtVerify(token, secretKey(), {
      algorithms: ['HS256'],
      issuer: c.JWT_ISSUER,
      audience: c.JWT_AUDIENCE,
      clockTolerance: CLOCK_LEEWAY_SECONDS,
      typ: 'JWT',
      requiredClaims: ['sub', 'iat', 'exp'],
      maxTokenAge: c.JWT_TTL_SECONDS,
    });
    const claims = Claims().safeParse(payload);
    if (!claims.success) throw new InvalidTokenError('token has no subject, iat or exp');
    // A lifetime longer than we ever issue is not ours to honour, even with a valid signature.
    if (claims.data.exp - claims.data.iat > c.JWT_TTL_SECONDS) throw new InvalidTokenError('token lifetime exceeds the maximum');
    return claims.data;
  } catch (err) {
    if (err instanceof InvalidTokenError) throw err;
    if (err instanceof joseErrors.JOSEError || err instanceof TypeError) {
      throw new InvalidTokenError(err instanceof joseErrors.JWTExpired ? 'token expired' : 'token invalid');
    }
    throw err;
  }
}

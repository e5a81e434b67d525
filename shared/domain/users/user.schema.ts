/**
 * The User entity as the rest of the code sees it, and its public shape.
 * notification_prefs is owned by the notifications domain; here it is an
 * opaque record so accounts never depend on notification rules.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const User = lazySchema(() =>
  z.object({
    id: z.string().describe('The user id (a UUID)'),
    email: z.string().describe('The email address of the account'),
    hashed_password: z.string(),
    is_admin: z.boolean().describe('Whether the user is an admin'),
    created_at: z.string().describe('When it was created (ISO 8601, UTC)'),
    notification_prefs: z.record(z.string(), z.unknown()).nullable().default(null),
    rss_token: z.string().optional().describe('The token of the personal RSS feed'),
    calendar_token: z.string().optional().describe('The token of the personal calendar (iCalendar feed)'),
    email_unsubscribe_token: z.string().optional(),
    /** Raised by a password change or "sign out everywhere": tokens carry the generation they were issued in, and only the current one is honoured. Absent is 0. */
    token_generation: z.number().int().nonnegative().optional(),
  }),
);
export type User = z.infer<ReturnType<typeof User>>;

export const PublicUser = lazySchema(() =>
  z
    .object({
      id: z.string().describe('The user id (a UUID)'),
      email: z.string().describe('The email address of the account'),
      is_admin: z.boolean().describe('Whether the user is an admin'),
      created_at: z.string().describe('When it was created (ISO 8601, UTC)'),
    })
    .meta({ id: 'User', description: 'An account as the API shows it' }),
);
export type PublicUser = z.infer<ReturnType<typeof PublicUser>>;

/** The fields a client may see: never the hash or the tokens. */
export const toPublicUser = (u: User): PublicUser => ({
  id: u.id,
  email: u.email,
  is_admin: u.is_admin,
  created_at: u.created_at,
});

export const Email = lazySchema(() =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: 'must be a valid email address' })),
);

/**
 * A code unit of a surrogate pair standing alone. Hashing reads a password as
 * UTF-8, where every lone surrogate becomes U+FFFD, so eight lone high
 * surrogates and eight lone low ones would be the same password: refused.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (text: string) => !UNPAIRED_SURROGATE.test(text);
const WELL_FORMED = { error: 'must be valid Unicode text (it holds half of a surrogate pair alone)' };

/** A password as typed at sign-in or as the current one (any length up to 256, valid Unicode). */
export const PasswordText = lazySchema(() => z.string().min(1).max(256).refine(wellFormed, WELL_FORMED));

export const Password = lazySchema(() =>
  z.string().min(8, { error: 'must be at least 8 characters' }).max(256, { error: 'must be at most 256 characters' }).refine(wellFormed, WELL_FORMED),
);

export const Credentials = lazySchema(() =>
  z.object({
    email: Email().describe('The email address of the account'),
    password: Password().describe('The password: 8 to 256 characters'),
  }),
);
export type Credentials = z.infer<ReturnType<typeof Credentials>>;

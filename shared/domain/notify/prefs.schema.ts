/**
 * A user's notification preferences: the stored shape (inside the user
 * profile's `notification_prefs`), the settings update a client sends (PUT)
 * and the settings view it reads (GET). Key names are field names of the
 * HTTP API, so renaming one breaks clients.
 */
import * as z from 'zod';
import { ACTION_CATEGORIES, FOLLOW_MODES } from '#shared/domain/bills/action-categories.ts';
import { isKnownTimeZone } from './time-zone.ts';

export const PushAuth = z.enum(['none', 'token', 'basic']);
export type PushAuth = z.infer<typeof PushAuth>;
export const DigestMode = z.enum(['off', 'daily', 'weekly']);
export type DigestMode = z.infer<typeof DigestMode>;

const Hour = z.number().int().min(0).max(23);

/** follow mode → action category → dispatch?; a missing entry means "dispatch". */
export const AlertFilters = z.partialRecord(z.enum(FOLLOW_MODES), z.partialRecord(z.enum(ACTION_CATEGORIES), z.boolean())).nullable();
export type AlertFilters = z.infer<typeof AlertFilters>;

/** As stored: the push password only ever in sealed form. */
export const NotificationPrefs = z.object({
  push_enabled: z.boolean().default(false),
  push_url: z.string().nullable().default(null),
  push_auth: PushAuth.default('none'),
  push_token: z.string().nullable().default(null),
  push_username: z.string().nullable().default(null),
  push_password_sealed: z.string().nullable().default(null),
  email_enabled: z.boolean().default(false),
  email_address: z.string().nullable().default(null),
  digest_mode: DigestMode.default('off'),
  rss_enabled: z.boolean().default(false),
  quiet_hours_start: Hour.nullable().default(null),
  quiet_hours_end: Hour.nullable().default(null),
  timezone: z.string().nullable().default(null),
  alert_filters: AlertFilters.default(null),
});
export type NotificationPrefs = z.infer<typeof NotificationPrefs>;

/** The preferences of a user who never saved any (everything off, no filters). */
export const DEFAULT_PREFS: NotificationPrefs = NotificationPrefs.parse({});

/** Reads stored prefs leniently: an unreadable value falls back to the defaults, key by key. */
export function readPrefs(raw: unknown): NotificationPrefs {
  const parsed = NotificationPrefs.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const out: Record<string, unknown> = {};
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  for (const [key, schema] of Object.entries(NotificationPrefs.shape)) {
    const one = schema.safeParse(source[key]);
    if (one.success) out[key] = one.data;
  }
  return NotificationPrefs.parse(out);
}

/** The last path segment of a push URL as sent (still %-escaped); null for a URL that does not parse. */
function rawTopic(u: string): string | null {
  if (!URL.canParse(u)) return null;
  return new URL(u).pathname.replace(/\/+$/, '').split('/').pop() ?? '';
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/**
 * An http(s) URL of a push server plus its topic path, e.g.
 * https://ntfy.example.org/my-topic. The checks after z.url run on what it
 * refused too (zod keeps going after a non-fatal issue), so each one copes
 * with a string that is not a URL at all rather than throwing (a 500).
 */
export const PushUrl = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of the push server and topic' }))
  .refine((u) => rawTopic(u) !== '', { error: 'must include the topic, e.g. https://server/topic' })
  .refine((u) => decodes(rawTopic(u) ?? ''), { error: 'the topic has a malformed %-escape' });

export const TimeZone = z.string().max(64).refine(isKnownTimeZone, { error: 'must be an IANA time zone such as America/New_York' });

/** PUT /api/notifications/settings: every key optional; absent keys keep their stored value. */
export const NotificationSettingsUpdate = z
  .object({
    push_enabled: z.boolean(),
    push_url: PushUrl.nullable(),
    push_auth: PushAuth,
    push_token: z.string().max(512).nullable(),
    push_username: z.string().max(256).nullable(),
    push_password: z.string().max(512).nullable().describe('Write-only; null or "" clears it.'),
    email_enabled: z.boolean(),
    email_address: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email({ error: 'must be a valid email address' }))
      .nullable(),
    digest_mode: DigestMode,
    rss_enabled: z.boolean(),
    quiet_hours_start: Hour.nullable(),
    quiet_hours_end: Hour.nullable(),
    timezone: TimeZone.nullable(),
    alert_filters: AlertFilters,
  })
  .partial()
  .strict();
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdate>;

const ComingSoon = z.object({ status: z.literal('coming_soon') });

/** GET /api/notifications/settings. */
export const NotificationSettingsView = NotificationPrefs.omit({ push_password_sealed: true })
  .extend({
    push_password_set: z.boolean(),
    rss_feed_url: z.string(),
    telegram: ComingSoon,
    discord: ComingSoon,
  })
  .meta({ id: 'NotificationSettings', description: "The user's notification preferences (never the push password)" });
export type NotificationSettingsView = z.infer<typeof NotificationSettingsView>;

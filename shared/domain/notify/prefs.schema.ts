/**
 * A user's notification preferences: the stored shape (inside the user
 * profile's `notification_prefs`), the settings update a client sends (PUT)
 * and the settings view it reads (GET). Key names are field names of the
 * HTTP API, so renaming one breaks clients.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { ACTION_CATEGORIES, FOLLOW_MODES } from '#shared/domain/bills/action-categories.ts';
import { isKnownTimeZone } from './time-zone.ts';

export const PushAuth = lazySchema(() => z.enum(['none', 'token', 'basic']));
export type PushAuth = z.infer<ReturnType<typeof PushAuth>>;
export const DigestMode = lazySchema(() => z.enum(['off', 'daily', 'weekly']));
export type DigestMode = z.infer<ReturnType<typeof DigestMode>>;

/**
 * A quiet-hours bound: "HH:MM" as documented, or a whole hour 0-23 (what was
 * stored before minutes were accepted, so stored prefs read unchanged).
 */
const QuietTime = lazySchema(() =>
  z.union([z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time "HH:MM" from 00:00 to 23:59' }), z.number().int().min(0).max(23)]),
);

/** follow mode → action category (or event kind: new_document, status_changed, reintroduced, …) → dispatch?; a missing entry means "dispatch". */
export const AlertFilters = lazySchema(() => z.partialRecord(z.enum(FOLLOW_MODES), z.partialRecord(z.enum(ACTION_CATEGORIES), z.boolean())).nullable());
export type AlertFilters = z.infer<ReturnType<typeof AlertFilters>>;

/**
 * When a followed bill is reintroduced in a later Congress, follow the new
 * bill with the same stance (the old follow is kept); off by default, so a
 * follow never appears unasked. Either way the user is told, with a one-tap follow.
 */
export const FollowReintroductions = lazySchema(() =>
  z
    .boolean()
    .describe(
      'When a followed bill is reintroduced in a later Congress, follow the new bill with the same stance automatically (the old follow is kept). Default false.',
    ),
);

/** As stored: the push password and the webhook secrets only ever in sealed form. */
export const NotificationPrefs = lazySchema(() =>
  z.object({
    push_enabled: z.boolean().default(false).describe('Whether push notifications are sent'),
    push_url: z.string().nullable().default(null).describe('The ntfy-compatible push topic URL'),
    push_auth: PushAuth().default('none').describe('How to authenticate at the push server: none, token or basic'),
    push_token: z.string().nullable().default(null).describe('The bearer token for the push server'),
    push_username: z.string().nullable().default(null).describe('The user name for basic auth at the push server'),
    push_password_sealed: z.string().nullable().default(null),
    email_enabled: z.boolean().default(false).describe('Whether email notifications are sent'),
    email_address: z.string().nullable().default(null).describe('The address notification emails go to'),
    webhook_enabled: z.boolean().default(false).describe('Whether notifications are sent to webhook_url'),
    webhook_url: z.string().nullable().default(null).describe('The endpoint webhooks are POSTed to'),
    /** The signing secret (whsec_…), created by the service when a webhook_url is first saved. */
    webhook_secret_sealed: z.string().nullable().default(null),
    /** The secret a rotation replaced: it keeps signing alongside the new one until webhook_previous_secret_expires_at. */
    webhook_previous_secret_sealed: z.string().nullable().default(null),
    webhook_previous_secret_expires_at: z
      .string()
      .nullable()
      .default(null)
      .describe('After a rotation: until when (ISO 8601) the replaced secret still signs alongside the new one; null otherwise'),
    digest_mode: DigestMode().default('off').describe('off (each event as it happens), or daily or weekly digests'),
    rss_enabled: z.boolean().default(false).describe('Whether events are added to the RSS feed'),
    quiet_hours_start: QuietTime()
      .nullable()
      .default(null)
      .describe('Start of the quiet hours in the time zone, "HH:MM" such as "22:30" (a whole hour such as 22 is accepted too); null for none'),
    quiet_hours_end: QuietTime()
      .nullable()
      .default(null)
      .describe('End of the quiet hours in the time zone, "HH:MM" such as "07:00" (a whole hour such as 7 is accepted too); null for none'),
    timezone: z.string().nullable().default(null).describe('The IANA time zone of the quiet hours and digests, such as America/New_York'),
    alert_filters: AlertFilters().default(null).describe('Which kinds of events notify'),
    follow_reintroductions: FollowReintroductions().default(false),
  }),
);
export type NotificationPrefs = z.infer<ReturnType<typeof NotificationPrefs>>;

/** The preferences of a user who never saved any (everything off, no filters). */
export const defaultPrefs = (): NotificationPrefs => NotificationPrefs().parse({});

/** Reads stored prefs leniently: an unreadable value falls back to the defaults, key by key. */
export function readPrefs(raw: unknown): NotificationPrefs {
  const parsed = NotificationPrefs().safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const out: Record<string, unknown> = {};
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  for (const [key, schema] of Object.entries(NotificationPrefs().shape)) {
    const one = schema.safeParse(source[key]);
    if (one.success) out[key] = one.data;
  }
  return NotificationPrefs().parse(out);
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
export const PushUrl = lazySchema(() =>
  z
    .string()
    .trim()
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of the push server and topic' }))
    .refine((u) => rawTopic(u) !== '', { error: 'must include the topic, e.g. https://server/topic' })
    .refine((u) => decodes(rawTopic(u) ?? ''), { error: 'the topic has a malformed %-escape' }),
);

/** An http(s) URL of the user's webhook endpoint. Where it may point is checked by the use case (the SSRF guard needs DNS). */
export const WebhookUrl = lazySchema(() =>
  z
    .string()
    .trim()
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of your webhook endpoint' }))
    .refine((u) => !URL.canParse(u) || decodes(new URL(u).pathname), { error: 'the path has a malformed %-escape' }),
);

export const TimeZone = lazySchema(() => z.string().max(64).refine(isKnownTimeZone, { error: 'must be an IANA time zone such as America/New_York' }));

/** PUT /api/notifications/settings: every key optional; absent keys keep their stored value. */
export const NotificationSettingsUpdate = lazySchema(() =>
  z
    .object({
      push_enabled: z.boolean().describe('Whether push notifications are sent'),
      push_url: PushUrl().nullable().describe('The ntfy-compatible push topic URL'),
      push_auth: PushAuth().describe('How to authenticate at the push server: none, token or basic'),
      push_token: z.string().max(512).nullable().describe('The bearer token for the push server'),
      push_username: z.string().max(256).nullable().describe('The user name for basic auth at the push server'),
      push_password: z.string().max(512).nullable().describe('Write-only; null or "" clears it.'),
      email_enabled: z.boolean().describe('Whether email notifications are sent'),
      email_address: z
        .string()
        .trim()
        .toLowerCase()
        .max(254)
        .pipe(z.email({ error: 'must be a valid email address' }))
        .nullable()
        .describe('The address notification emails go to'),
      webhook_enabled: z.boolean().describe('Send notifications to webhook_url, signed per the Standard Webhooks specification'),
      webhook_url: WebhookUrl().nullable().describe('The http(s) endpoint webhooks are POSTed to; the first one saved creates webhook_secret (shown once)'),
      digest_mode: DigestMode().describe('off (each event as it happens), or daily or weekly digests'),
      rss_enabled: z.boolean().describe('Whether events are added to the RSS feed'),
      quiet_hours_start: QuietTime()
        .nullable()
        .describe('Start of the quiet hours in the time zone, "HH:MM" such as "22:30" (a whole hour such as 22 is accepted too); null for none'),
      quiet_hours_end: QuietTime()
        .nullable()
        .describe('End of the quiet hours in the time zone, "HH:MM" such as "07:00" (a whole hour such as 7 is accepted too); null for none'),
      timezone: TimeZone().nullable().describe('The IANA time zone of the quiet hours and digests, such as America/New_York'),
      alert_filters: AlertFilters().describe('Which kinds of events notify'),
      follow_reintroductions: FollowReintroductions(),
    })
    .partial()
    .strict(),
);
export type NotificationSettingsUpdate = z.infer<ReturnType<typeof NotificationSettingsUpdate>>;

const ComingSoon = lazySchema(() => z.object({ status: z.literal('coming_soon').describe('The channel is not available yet') }));

/** GET /api/notifications/settings. */
export const NotificationSettingsView = lazySchema(() =>
  NotificationPrefs()
    .omit({
      push_password_sealed: true,
      webhook_secret_sealed: true,
      webhook_previous_secret_sealed: true,
    })
    .extend({
      push_password_set: z.boolean().describe('Whether a push password is saved (it is never shown)'),
      webhook_secret_set: z.boolean().describe('Whether a webhook signing secret exists; the secret itself is shown only when created or rotated'),
      rss_feed_url: z.string().describe('The URL of the personal RSS feed (its token is the credential)'),
      telegram: ComingSoon().describe('Not available yet'),
      discord: ComingSoon().describe('Not available yet'),
    })
    .meta({ id: 'NotificationSettings', description: "The user's notification preferences (never the push password or the webhook secret)" }),
);
export type NotificationSettingsView = z.infer<ReturnType<typeof NotificationSettingsView>>;

/**
 * PUT /api/notifications/settings: the view, plus the webhook secret in the
 * one reply that created it (the first save of a webhook_url); it is never
 * shown again.
 */
export const NotificationSettingsUpdateReply = lazySchema(() =>
  NotificationSettingsView().extend({
    webhook_secret: z
      .string()
      .optional()
      .describe('The new webhook signing secret (whsec_…), present only in the reply that created it; store it now, it is never shown again'),
  }),
);
export type NotificationSettingsUpdateReply = z.infer<ReturnType<typeof NotificationSettingsUpdateReply>>;

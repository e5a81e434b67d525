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
import { hiddenKeys, mergedShape, shownOnSaveShape, type ShownOnSaveShape, type StoredShape, type UpdateShape, type ViewShape } from './channels/table.ts';
import type { CHANNEL_TABLE } from './channels/index.ts';

type Table = (typeof CHANNEL_TABLE)[number];
/** The stored keys no reply shows (sealed secrets). */
type HiddenKey = Table['hidden'][number];

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

/** As stored: every channel's keys (the channel table, channels/), secrets only ever sealed, then the keys of every channel. */
export const NotificationPrefs = lazySchema(() =>
  z.object({
    ...(mergedShape('stored') as StoredShape),
    digest_mode: DigestMode().default('off').describe('off (each event as it happens), or daily or weekly digests'),
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

export const TimeZone = lazySchema(() => z.string().max(64).refine(isKnownTimeZone, { error: 'must be an IANA time zone such as America/New_York' }));

/** PUT /api/notifications/settings: every key optional; absent keys keep their stored value. */
export const NotificationSettingsUpdate = lazySchema(() =>
  z
    .object({
      ...(mergedShape('update') as UpdateShape),
      digest_mode: DigestMode().describe('off (each event as it happens), or daily or weekly digests'),
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

/** GET /api/notifications/settings: the prefs without the channels' hidden keys, with what each channel shows instead. */
export const NotificationSettingsView = lazySchema(() =>
  NotificationPrefs()
    .omit(Object.fromEntries(hiddenKeys().map((k) => [k, true])) as Record<HiddenKey, true>)
    .extend({
      ...(mergedShape('view') as ViewShape),
      calendar_url: z
        .string()
        .describe('The URL of the personal calendar (RFC 5545) of the meetings of followed bills and committees; its token is the credential'),
      telegram: ComingSoon().describe('Not available yet'),
      discord: ComingSoon().describe('Not available yet'),
    })
    .meta({ id: 'NotificationSettings', description: "The user's notification preferences (never the push password or the webhook secret)" }),
);
export type NotificationSettingsView = z.infer<ReturnType<typeof NotificationSettingsView>>;

/**
 * PUT /api/notifications/settings: the view, plus what a channel shows only
 * in the one reply that created it (the webhook secret, on the first save of
 * a webhook_url); it is never shown again.
 */
export const NotificationSettingsUpdateReply = lazySchema(() => NotificationSettingsView().extend(shownOnSaveShape() as ShownOnSaveShape));
export type NotificationSettingsUpdateReply = z.infer<ReturnType<typeof NotificationSettingsUpdateReply>>;

/**
 * Notification settings use cases.
 * read: 1. the stored prefs; 2. the RSS token, created on first read; 3. the
 *   view (push_password_set, never the password; the feed URL; telegram and
 *   discord as coming soon).
 * update: 1. apply the update to the stored prefs (422 on cross-key rules);
 *   2. seal a new push password; 3. check a new webhook_url and create the
 *   webhook secret on the first one (webhook-settings.ts); 4. save; 5. create the unsubscribe token
 *   when an email address is saved, or replace it when the address changes
 *   (links mailed to the old address stop working); 6. answer the new view,
 *   with the webhook secret if step 3 created it (the only time it shows).
 * rotate the feed token: a new RSS token and feed URL; the old URL answers
 *   404 at once (a leaked feed URL is revoked this way).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { savePrefs } from '#shared/db/notification-prefs.repository.ts';
import { ensureNotificationToken, rotateNotificationToken } from '#shared/db/notification-tokens.repository.ts';
import { InvalidInputError, NotFoundError } from '#shared/errors/app-error.ts';
import { publicUrl } from './channel-delivery.ts';
import {
  readPrefs,
  type NotificationPrefs,
  type NotificationSettingsUpdate,
  type NotificationSettingsUpdateReply,
  type NotificationSettingsView,
} from '#shared/domain/notify/prefs.schema.ts';
import { seal } from '#shared/platform/secret-box.ts';
import { applySettingsUpdate } from './settings-update.ts';
import { prepareWebhook } from './webhook-settings.ts';

/** The public URL of a feed token. */
export const feedUrl = (token: string) => `${publicUrl()}/api/notifications/feed/${encodeURIComponent(token)}`;

function view(prefs: NotificationPrefs, rssToken: string): NotificationSettingsView {
  const { push_password_sealed, webhook_secret_sealed, webhook_previous_secret_sealed: _previous, ...visible } = prefs;
  return {
    ...visible,
    push_password_set: Boolean(push_password_sealed),
    webhook_secret_set: Boolean(webhook_secret_sealed),
    rss_feed_url: feedUrl(rssToken),
    telegram: { status: 'coming_soon' },
    discord: { status: 'coming_soon' },
  };
}

async function rssToken(user: User): Promise<string> {
  const token = user.rss_token ?? (await ensureNotificationToken(user.id, 'rss'));
  if (!token) throw new NotFoundError('No such user', 'user.not_found');
  return token;
}

/** GET /api/notifications/settings. */
export async function readSettings(user: User): Promise<NotificationSettingsView> {
  return view(readPrefs(user.notification_prefs), await rssToken(user));
}

/** PUT /api/notifications/settings. */
export async function updateSettings(user: User, update: NotificationSettingsUpdate): Promise<NotificationSettingsUpdateReply> {
  const before = readPrefs(user.notification_prefs);
  const applied = applySettingsUpdate(before, update, (plain) => seal(plain));
  const { errors } = applied;
  if (errors.length) throw new InvalidInputError(errors.map((e) => e.message).join('; '), errors, 'notifications.invalid_settings');
  const { prefs, secret } = await prepareWebhook(before, applied.prefs);
  if (!(await savePrefs(user.id, prefs))) throw new NotFoundError('No such user', 'user.not_found');
  const addressChanged = prefs.email_address !== readPrefs(user.notification_prefs).email_address;
  if (addressChanged && user.email_unsubscribe_token) await rotateNotificationToken(user.id, 'unsubscribe');
  else if (prefs.email_address && !user.email_unsubscribe_token) await ensureNotificationToken(user.id, 'unsubscribe');
  return { ...view(prefs, await rssToken(user)), ...(secret ? { webhook_secret: secret } : {}) };
}

/** The RSS token and the feed URL built from it. */
export const FeedToken = lazySchema(() =>
  z.object({
    rss_token: z.string().describe('The new token of the personal RSS feed'),
    rss_feed_url: z.string().describe('The new feed URL; the old one answers 404'),
  }),
);
export type FeedToken = z.infer<ReturnType<typeof FeedToken>>;

/** POST /api/notifications/rss/rotate-token. */
export async function rotateFeedToken(user: User): Promise<FeedToken> {
  const token = await rotateNotificationToken(user.id, 'rss');
  if (!token) throw new NotFoundError('No such user', 'user.not_found');
  return { rss_token: token, rss_feed_url: feedUrl(token) };
}

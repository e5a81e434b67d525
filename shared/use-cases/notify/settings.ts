/**
 * Notification settings use cases, each channel's part through the channel
 * tables (shared/domain/notify/channels/, channels/).
 * read: 1. the stored prefs; 2. the view: the prefs without any channel's
 *   hidden keys, with what each channel shows instead (push_password_set,
 *   never the password; the feed URL and the calendar URL, their tokens
 *   made on first read; telegram and discord as coming soon).
 * update: 1. read the stored prefs and their version; 2. apply the update
 *   (422 on a channel's or a cross-key rule; secrets sealed); 3. each
 *   channel's checks and makings that need I/O (a push_url or webhook_url on
 *   a private address is a 422; the first webhook_url makes the secret);
 *   4. save on the condition that the prefs are still at the version read,
 *   else read again and start over (a save never undoes a write it did not
 *   see: a one-click unsubscribe, a secret another save already showed);
 *   5. each channel's after-save (the unsubscribe token follows the email
 *   address); 6. answer the new view, with what a channel shows only in
 *   this reply (the webhook secret it made).
 * rotate the feed token: a new RSS token and feed URL; the old URL answers
 *   404 at once (a leaked feed URL is revoked this way).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { readVersionedPrefs, savePrefs } from '#shared/adapters/db/notification-prefs.repository.ts';
import { rotateNotificationToken } from '#shared/adapters/db/notification-tokens.repository.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#shared/errors/app-error.ts';
import { channelTable } from '#shared/domain/notify/channels/table.ts';
import {
  readPrefs,
  type NotificationPrefs,
  type NotificationSettingsUpdate,
  type NotificationSettingsUpdateReply,
  type NotificationSettingsView,
} from '#shared/domain/notify/prefs.schema.ts';
import { seal } from '#shared/platform/secret-box.ts';
import { deliveryOf } from './channels/deliveries.ts';
import { feedUrl } from './channels/rss.channel.ts';
import { calendarToken, calendarUrl } from '#shared/use-cases/schedule/user-calendar.ts';
import { applySettingsUpdate } from './settings-update.ts';

/** Attempts of a settings save that keeps finding the prefs changed under it before it answers 409. */
export const SAVE_ATTEMPTS = 5;

async function view(user: User, prefs: NotificationPrefs): Promise<NotificationSettingsView> {
  const visible: Record<string, unknown> = { ...prefs };
  for (const c of channelTable()) for (const key of c.hidden) delete visible[key];
  const shown = await Promise.all(channelTable().map((c) => deliveryOf(c.name).view(user, prefs)));
  // After the channels' views, not beside them: a first read makes the RSS token and this one, each on the profile.
  const calendar = calendarUrl(await calendarToken(user));
  return {
    ...visible,
    ...Object.assign({}, ...shown),
    calendar_url: calendar,
    telegram: { status: 'coming_soon' },
    discord: { status: 'coming_soon' },
  } as NotificationSettingsView;
}

/** GET /api/notifications/settings. */
export async function readSettings(user: User): Promise<NotificationSettingsView> {
  return view(user, readPrefs(user.notification_prefs));
}

/** One attempt of a save: null when another writer changed the prefs since they were read. */
async function trySave(user: User, update: NotificationSettingsUpdate): Promise<NotificationSettingsUpdateReply | null> {
  const stored = await readVersionedPrefs(user.id);
  if (!stored) throw new NotFoundError('No such user', 'user.not_found');
  const before = stored.prefs;
  const applied = applySettingsUpdate(before, update, (plain) => seal(plain));
  const { errors } = applied;
  if (errors.length) throw new InvalidInputError(errors.map((e) => e.message).join('; '), errors, 'notifications.invalid_settings');
  let next = applied.prefs;
  const shown: Record<string, unknown> = {};
  for (const c of channelTable()) {
    const prepare = deliveryOf(c.name).prepareSave;
    if (!prepare) continue;
    const prepared = await prepare({ user, before, next });
    next = prepared.prefs;
    Object.assign(shown, prepared.shown);
  }
  const outcome = await savePrefs(user.id, next, stored.version);
  if (outcome === 'missing') throw new NotFoundError('No such user', 'user.not_found');
  if (outcome === 'stale') return null;
  for (const c of channelTable()) await deliveryOf(c.name).afterSave?.({ user, before, next });
  return { ...(await view(user, next)), ...shown };
}

/** PUT /api/notifications/settings. */
export async function updateSettings(user: User, update: NotificationSettingsUpdate): Promise<NotificationSettingsUpdateReply> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const reply = await trySave(user, update);
    if (reply) return reply;
  }
  throw new ConflictError('The notification settings kept changing while saving; try again', 'notifications.settings_conflict');
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

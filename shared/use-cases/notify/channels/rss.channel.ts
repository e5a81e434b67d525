/**
 * The RSS channel's delivery: nothing is sent (the feed is read, by its
 * token: shared/use-cases/notify/feed-and-unsubscribe.ts); the settings view shows the
 * feed URL, making the token on first read; the test checks the token and
 * counts the feed's events.
 */
import { countFeedEvents } from '#shared/adapters/db/notifications.repository.ts';
import { ensureNotificationToken } from '#shared/adapters/db/notification-tokens.repository.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { readPrefs } from '#shared/domain/notify/prefs.schema.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { publicUrl } from '../public-url.ts';
import type { ChannelDelivery } from './delivery.ts';

/** The public URL of a feed token. */
export const feedUrl = (token: string) => `${publicUrl()}/api/notifications/feed/${encodeURIComponent(token)}`;

/** The user's feed token, made on first read. */
export async function rssToken(user: User): Promise<string> {
  const token = user.rss_token ?? (await ensureNotificationToken(user.id, 'rss'));
  if (!token) throw new NotFoundError('No such user', 'user.not_found');
  return token;
}

export const rssDelivery: ChannelDelivery = {
  test: async (user) => {
    if (!user.rss_token) return { status: 'error', error: 'No feed yet: open the notification settings once to create your feed URL' };
    const count = await countFeedEvents(user.id);
    const enabled = readPrefs(user.notification_prefs).rss_enabled;
    return {
      status: 'ok',
      detail: `The feed has ${count} event${count === 1 ? '' : 's'}${enabled ? '' : '; RSS is disabled in your settings, so the feed answers 404 until you enable it'}`,
      event_count: count,
      feed_url: feedUrl(user.rss_token),
    };
  },
  view: async (user) => ({ rss_feed_url: feedUrl(await rssToken(user)) }),
};

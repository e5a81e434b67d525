/**
 * The RSS channel's delivery: nothing is sent (the feed is read, by its
 * token: shared/use-cases/notify/feed-and-unsubscribe.ts); the settings view shows the
 * feed URL, making the token on first read; the test checks the token and
 * that RSS is on (as on screen, else as saved: a feed that is off answers
 * 404, so its test does not pass) and counts the feed's events.
 */
import { countFeedEvents } from '#shared/adapters/db/notifications.repository.ts';
import { ensureNotificationToken } from '#shared/adapters/db/notification-tokens.repository.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { RssTestRequest } from '#shared/domain/notify/channels/rss.ts';
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
  test: async (user, body) => {
    if (!user.rss_token) return { status: 'error', error: 'No feed yet: open the notification settings once to create your feed URL' };
    const saved = readPrefs(user.notification_prefs).rss_enabled;
    const enabled = RssTestRequest().parse(body)?.rss_enabled ?? saved;
    const count = await countFeedEvents(user.id);
    const events = `${count} event${count === 1 ? '' : 's'}`;
    const url = feedUrl(user.rss_token);
    if (!enabled)
      return {
        status: 'error',
        error: `RSS is off, so your feed answers 404: turn RSS on and save to read it (it holds ${events})`,
        event_count: count,
        feed_url: url,
      };
    return { status: 'ok', detail: `Your feed holds ${events}${saved ? '' : ' and answers once you save with RSS on'}`, event_count: count, feed_url: url };
  },
  view: async (user) => ({ rss_feed_url: feedUrl(await rssToken(user)) }),
};

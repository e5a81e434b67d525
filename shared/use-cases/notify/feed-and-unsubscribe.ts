/**
 * The token-addressed, unauthenticated notification pages.
 * feed: 1. resolve the RSS token; 2. 404 when unknown or RSS is off; 3. the
 *   newest events that reached the RSS channel, as RSS 2.0.
 * unsubscribe: 1. resolve the unsubscribe token (404 when unknown); 2. the
 *   body link's GET (source=link) and the one-click POST set email_enabled
 *   false, a POST with action=resubscribe sets it true, and a GET of the
 *   header URL changes nothing; 3. an escaped HTML page.
 */
import { getUser } from '#shared/adapters/db/users.repository.ts';
import { setEmailEnabled } from '#shared/adapters/db/notification-prefs.repository.ts';
import { resolveNotificationToken } from '#shared/adapters/db/notification-tokens.repository.ts';
import { listFeedEvents } from '#shared/adapters/db/notifications.repository.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { publicUrl } from './public-url.ts';
import { unsubscribeUrls } from '#shared/domain/notify/email-message.ts';
import { readPrefs } from '#shared/domain/notify/prefs.schema.ts';
import { feedLastModified, renderFeed } from '#shared/domain/notify/rss-feed.ts';
import { feedUrl } from './channels/rss.channel.ts';
import { confirmUnsubscribePage, resubscribedPage, unsubscribedPage } from '#shared/domain/notify/unsubscribe-page.ts';

export const FEED_ITEMS = 50;

/** GET /api/notifications/feed/{token}: the RSS 2.0 document. */
export async function readFeed(token: string, now: Date): Promise<{ xml: string; lastModified: Date }> {
  const userId = await resolveNotificationToken('rss', token);
  const user = userId ? await getUser(userId) : null;
  if (!user) throw new NotFoundError('No feed has this token', 'notifications.feed_not_found');
  if (!readPrefs(user.notification_prefs).rss_enabled)
    throw new NotFoundError('This feed is disabled in its notification settings', 'notifications.feed_disabled');
  const events = await listFeedEvents(user.id, FEED_ITEMS);
  return { xml: renderFeed(events, { publicUrl: publicUrl(), feedUrl: feedUrl(token), now }), lastModified: feedLastModified(events) };
}

async function tokenOwner(token: string) {
  const userId = await resolveNotificationToken('unsubscribe', token);
  const user = userId ? await getUser(userId) : null;
  if (!user) throw new NotFoundError('This unsubscribe link is not valid', 'notifications.unsubscribe_not_found');
  return { user, address: readPrefs(user.notification_prefs).email_address ?? user.email };
}

/** GET /api/notifications/unsubscribe/{token}[?source=link]: the HTML page to answer. */
export async function unsubscribeByGet(token: string, source: 'link' | undefined): Promise<string> {
  const { user, address } = await tokenOwner(token);
  const header = unsubscribeUrls(publicUrl(), token).header;
  if (source !== 'link') return confirmUnsubscribePage(address, header);
  await setEmailEnabled(user.id, false);
  return unsubscribedPage(address, header);
}

/**
 * POST /api/notifications/unsubscribe/{token}: RFC 8058 one-click, or the
 * re-subscribe button (`action` of the posted form). The form is read only
 * once the token is known to be ours: an unknown token costs a lookup, never
 * a parse of whatever body came with it.
 */
export async function unsubscribeByPost(token: string, readAction: () => string | undefined): Promise<string> {
  const { user, address } = await tokenOwner(token);
  if (readAction() === 'resubscribe') {
    await setEmailEnabled(user.id, true);
    return resubscribedPage(address);
  }
  await setEmailEnabled(user.id, false);
  return unsubscribedPage(address, unsubscribeUrls(publicUrl(), token).header);
}

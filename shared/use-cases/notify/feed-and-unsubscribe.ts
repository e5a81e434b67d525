/**
 * The token-addressed, unauthenticated notification pages.
 * feed: 1. resolve the RSS token; 2. 404 when unknown or RSS is off; 3. the
 *   newest events that reached the RSS channel, as RSS 2.0.
 * unsubscribe: 1. resolve the unsubscribe token (404 when unknown); 2.
 *   every GET (the List-Unsubscribe header URL and the email body link,
 *   whatever its query) changes nothing and answers the confirmation page,
 *   whose button POSTs; the POST (that button, or an RFC 8058 one-click)
 *   sets email_enabled false, and a POST with action=resubscribe sets it
 *   true; 3. an escaped HTML page in the app's look (its stylesheet, read
 *   from the app's shell).
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
import { confirmUnsubscribePage, resubscribedPage, unsubscribedPage, type PageLook } from '#shared/domain/notify/unsubscribe-page.ts';
import { shellStylesheets } from '#shared/domain/web/content-security.ts';
import { appShell } from '#shared/adapters/db/app-shell.repository.ts';

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

/** The app's look for a page: the stylesheets its shell links (none when the app is not built). */
export async function appLook(): Promise<PageLook> {
  return { stylesheets: shellStylesheets(await appShell()) };
}

/** GET /api/notifications/unsubscribe/{token}: the confirmation page; a GET changes nothing. */
export async function unsubscribeByGet(token: string): Promise<string> {
  const [{ address }, look] = await Promise.all([tokenOwner(token), appLook()]);
  return confirmUnsubscribePage(address, unsubscribeUrls(publicUrl(), token).header, look);
}

/**
 * POST /api/notifications/unsubscribe/{token}: RFC 8058 one-click, or the
 * re-subscribe button (`action` of the posted form). The form is read only
 * once the token is known to be ours: an unknown token costs a lookup, never
 * a parse of whatever body came with it.
 */
export async function unsubscribeByPost(token: string, readAction: () => string | undefined): Promise<string> {
  const [{ user, address }, look] = await Promise.all([tokenOwner(token), appLook()]);
  if (readAction() === 'resubscribe') {
    await setEmailEnabled(user.id, true);
    return resubscribedPage(address, look);
  }
  await setEmailEnabled(user.id, false);
  return unsubscribedPage(address, unsubscribeUrls(publicUrl(), token).header, look);
}

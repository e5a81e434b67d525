/** Notifications: settings, history, channel tests, the RSS feed, the user's calendar, the webhook secret and unsubscribe. */
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import { parseFormBody } from '#shared/edges/http/form-body.ts';
import { calendar, html, rss } from '#shared/edges/http/reply.ts';
import * as routes from '#shared/edges/http/routes/notifications.routes.ts';
import { publicUrl } from '#shared/use-cases/notify/public-url.ts';
import { readFeed, unsubscribeByGet, unsubscribeByPost } from '#shared/use-cases/notify/feed-and-unsubscribe.ts';
import { billUrl } from '#shared/domain/notify/render.ts';
import { failuresOf } from '#shared/domain/notify/send-retries.ts';
import { readSettings, rotateFeedToken, updateSettings } from '#shared/use-cases/notify/settings.ts';
import { deliveryOf } from '#shared/use-cases/notify/channels/deliveries.ts';
import { rotateWebhookSecret } from '#shared/use-cases/notify/webhook-settings.ts';
import { rotateCalendarToken, userCalendar } from '#shared/use-cases/schedule/user-calendar.ts';

export const handler = apiFunction('notifications', [
  implement(routes.getNotificationSettings, async ({ user }) => readSettings(user)),
  implement(routes.putNotificationSettings, async ({ user, body }) => updateSettings(user, body)),
  implement(routes.getNotificationHistory, async ({ user, query }) => {
    const page = await listHistory(user.id, query.limit, query.cursor);
    const items = page.items.map(({ user_id: _u, errors, ...e }) => ({
      ...e,
      failures: failuresOf({ channels: e.channels, errors }),
      url: e.bill_id ? billUrl(publicUrl(), e.bill_id) : `${publicUrl()}/dashboard`,
    }));
    return { items, next_cursor: page.next_cursor };
  }),
  implement(routes.rotateFeedToken, async ({ user }) => rotateFeedToken(user)),
  implement(routes.rotateCalendarToken, async ({ user }) => rotateCalendarToken(user)),
  ...routes.CHANNEL_TEST_ROUTES.map(({ channel, route }) => implement(route, async ({ user, body }) => deliveryOf(channel).test(user, body, new Date()))),
  implement(routes.rotateWebhookSecret, async ({ user }) => rotateWebhookSecret(user)),
  implement(routes.getNotificationFeed, async ({ params }) => {
    const feed = await readFeed(params.token, new Date());
    return rss(feed.xml, { 'Last-Modified': feed.lastModified.toUTCString() });
  }),
  implement(routes.getUserCalendar, async ({ params }) => calendar(await userCalendar(params.token))),
  implement(routes.unsubscribeGet, async ({ params }) => html(await unsubscribeByGet(params.token))),
  // No cookie is set and no redirect is sent: RFC 8058 asks for a plain 200 to a one-click POST.
  implement(routes.unsubscribePost, async ({ params, headers, rawBody }) =>
    html(await unsubscribeByPost(params.token, () => parseFormBody(headers['content-type'], rawBody).action)),
  ),
]);

/** Routes of the notifications function group (functions/api/notifications.ts implements them). */
import { NotificationHistoryItem } from '#shared/domain/notify/notification.schema.ts';
import { NotificationSettingsUpdate, NotificationSettingsUpdateReply, NotificationSettingsView } from '#shared/domain/notify/prefs.schema.ts';
import { channelTable } from '#shared/domain/notify/channels/table.ts';
import { NotificationTestResult, WebhookSecretReply } from '#shared/use-cases/notify/notification-test.schema.ts';
import { FeedToken } from '#shared/use-cases/notify/settings.ts';
import { CalendarToken } from '#shared/use-cases/schedule/user-calendar.ts';
import { TokenParams, listOf } from '#shared/edges/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';
import { defineRoute, type ApiTag } from '#shared/edges/http/route.ts';

const tags: ApiTag[] = ['notifications'];

export const getNotificationSettings = defineRoute({
  operationId: 'getNotificationSettings',
  description:
    "The caller's notification preferences: channels, alert filters, quiet hours and digests (push_password_set, never the password); creates the RSS and calendar tokens on first read and answers their URLs (rss_feed_url, calendar_url). Signed in.",
  method: 'GET',
  path: '/api/notifications/settings',
  fn: 'notifications',
  auth: 'user',
  summary: 'Notification preferences (push_password_set, never the password); creates the RSS and calendar tokens on first read',
  tags,
  response: () => NotificationSettingsView(),
});

export const putNotificationSettings = defineRoute({
  operationId: 'putNotificationSettings',
  description:
    "Updates the caller's notification preferences (only the fields sent); saving an email address creates its unsubscribe token and changing it replaces the token, so old unsubscribe links answer 404. Signed in; 422 for a push URL on a private address or an unknown time zone; 409 when the settings kept changing under the save (it is retried first).",
  method: 'PUT',
  path: '/api/notifications/settings',
  fn: 'notifications',
  auth: 'user',
  summary:
    'Update preferences (NotificationSettingsUpdate); saving an email address creates the unsubscribe token, changing it replaces the token (old unsubscribe links answer 404); the first saved webhook_url creates webhook_secret, shown in this reply only',
  tags,
  body: () => NotificationSettingsUpdate(),
  response: () => NotificationSettingsUpdateReply(),
});

export const getNotificationHistory = defineRoute({
  operationId: 'getNotificationHistory',
  description: "The caller's notification events, newest first, a page at a time, with each channel's delivery state. Signed in.",
  method: 'GET',
  path: '/api/notifications/history',
  fn: 'notifications',
  auth: 'user',
  summary: 'The notification events of the user with their per-channel state, newest first',
  tags,
  query: () => Paging(),
  response: () => listOf(NotificationHistoryItem()),
});

export const rotateFeedToken = defineRoute({
  operationId: 'rotateFeedToken',
  description: "Replaces the caller's RSS token and answers the new token and feed URL; the old feed URL answers 404 at once. Signed in.",
  method: 'POST',
  path: '/api/notifications/rss/rotate-token',
  fn: 'notifications',
  auth: 'user',
  summary: 'Replace the RSS token: answers the new token and feed URL; the old feed URL answers 404 at once',
  tags,
  response: () => FeedToken(),
});

/**
 * POST /api/notifications/test/{channel}: one route per channel of the
 * channel table, with the text and the request body the channel declares
 * (shared/domain/notify/channels/), each naming its channel for the
 * implementation.
 */
export const CHANNEL_TEST_ROUTES = channelTable().map((c) => ({
  channel: c.name,
  route: defineRoute({
    operationId: c.test.operationId,
    description: c.test.description,
    method: 'POST',
    path: `/api/notifications/test/${c.name}`,
    fn: 'notifications',
    auth: 'user',
    rateLimit: 'testNotification',
    summary: c.test.summary,
    tags,
    ...(c.test.request ? { body: c.test.request } : {}),
    response: () => NotificationTestResult(),
  }),
}));

export const rotateWebhookSecret = defineRoute({
  operationId: 'rotateWebhookSecret',
  description:
    'Creates a new webhook signing secret (whsec_…) and answers it, the only time it is shown; the replaced secret keeps signing alongside it for 24 hours so receivers can switch (the first call creates one with nothing to keep). Signed in.',
  method: 'POST',
  path: '/api/notifications/webhook/rotate-secret',
  fn: 'notifications',
  auth: 'user',
  summary: 'A new webhook_secret (whsec_…), shown this once; the replaced secret keeps signing alongside it for 24 h',
  tags,
  response: () => WebhookSecretReply(),
});

export const getNotificationFeed = defineRoute({
  operationId: 'getNotificationFeed',
  description:
    "The user's notification events as an RSS 2.0 feed, by the token of their feed URL. Anonymous (the token is the credential); 404 for an unknown or rotated token.",
  method: 'GET',
  path: '/api/notifications/feed/{token}',
  fn: 'notifications',
  auth: 'none',
  cache: 'feed',
  summary: "The user's RSS 2.0 feed",
  tags,
  params: () => TokenParams(),
  produces: 'application/rss+xml',
});

export const unsubscribeGet = defineRoute({
  operationId: 'unsubscribeGet',
  description:
    "The unsubscribe page of the List-Unsubscribe header URL and of the link in the email body: in the app's look, it changes nothing (link scanners and prefetchers open links) and offers the unsubscribe button, which POSTs the one-click unsubscribe. Anonymous; 404 page for an unknown token; any query (such as the ?source=link of older emails) is ignored.",
  method: 'GET',
  path: '/api/notifications/unsubscribe/{token}',
  fn: 'notifications',
  auth: 'none',
  summary: 'The unsubscribe confirmation page: changes nothing; its button POSTs the one-click unsubscribe',
  tags,
  params: () => TokenParams(),
  produces: 'text/html',
});

export const unsubscribePost = defineRoute({
  operationId: 'unsubscribePost',
  description:
    'RFC 8058 one-click unsubscribe (form-encoded or multipart List-Unsubscribe=One-Click) turns email off; action=resubscribe turns it back on. Anonymous (the token is the credential); 404 for an unknown token.',
  method: 'POST',
  path: '/api/notifications/unsubscribe/{token}',
  fn: 'notifications',
  auth: 'none',
  summary: 'RFC 8058 one-click unsubscribe (form-encoded or multipart List-Unsubscribe=One-Click); action=resubscribe undoes it',
  tags,
  params: () => TokenParams(),
  produces: 'text/html',
});

export const rotateCalendarToken = defineRoute({
  operationId: 'rotateCalendarToken',
  description:
    "Replaces the caller's calendar token and answers the new token and calendar URL; the old calendar URL answers 404 at once (a leaked URL is revoked this way). Signed in.",
  method: 'POST',
  path: '/api/notifications/calendar-token',
  fn: 'notifications',
  auth: 'user',
  summary: 'Replace the calendar token: answers the new token and calendar URL; the old calendar URL answers 404 at once',
  tags,
  response: () => CalendarToken(),
});

export const getUserCalendar = defineRoute({
  operationId: 'getUserCalendar',
  description:
    "The user's own calendar (RFC 5545) by the token of its URL (calendar_url in the notification settings): the hearings, markups and floor days of the bills and committees (with their subcommittees) they follow, from 90 days ago on, one event per meeting with a stable UID, SEQUENCE its version (it grows with each change), STATUS:CANCELLED for a cancelled meeting and a URL to the meeting's page. Anonymous (the token is the credential); ETag and 304; 404 calendar.not_found for an unknown or rotated token.",
  method: 'GET',
  path: '/api/calendar/{token}.ics',
  fn: 'notifications',
  auth: 'none',
  cache: 'calendar',
  summary: "The user's calendar of the meetings of what they follow",
  tags,
  params: () => TokenParams(),
  produces: 'text/calendar',
});

export const NOTIFICATIONS_ROUTES = [
  getNotificationSettings,
  putNotificationSettings,
  getNotificationHistory,
  rotateFeedToken,
  rotateCalendarToken,
  ...CHANNEL_TEST_ROUTES.map((t) => t.route),
  rotateWebhookSecret,
  getNotificationFeed,
  getUserCalendar,
  unsubscribeGet,
  unsubscribePost,
];

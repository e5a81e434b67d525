/** Routes of the notifications function group (functions/api/notifications.ts implements them). */
import * as z from 'zod';
import { NotificationHistoryItem } from '#shared/domain/notify/notification.schema.ts';
import { NotificationSettingsUpdate, NotificationSettingsUpdateReply, NotificationSettingsView } from '#shared/domain/notify/prefs.schema.ts';
import { EmailTestRequest, NotificationTestResult, PushTestRequest, WebhookSecretReply, WebhookTestRequest } from '#shared/notify/notification-test.schema.ts';
import { FeedToken } from '#shared/notify/settings.ts';
import { TokenParams, listOf } from '#shared/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';
import { defineRoute, type ApiTag } from '#shared/http/route.ts';

const tags: ApiTag[] = ['notifications'];

export const getNotificationSettings = defineRoute({
  operationId: 'getNotificationSettings',
  description:
    "The caller's notification preferences: channels, alert filters, quiet hours and digests (push_password_set, never the password); creates the RSS token on first read. Signed in.",
  method: 'GET',
  path: '/api/notifications/settings',
  fn: 'notifications',
  auth: 'user',
  summary: 'Notification preferences (push_password_set, never the password); creates the RSS token on first read',
  tags,
  response: () => NotificationSettingsView(),
});

export const putNotificationSettings = defineRoute({
  operationId: 'putNotificationSettings',
  description:
    "Updates the caller's notification preferences (only the fields sent); saving an email address creates its unsubscribe token and changing it replaces the token, so old unsubscribe links answer 404. Signed in; 422 for a push URL on a private address or an unknown time zone.",
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

export const testPushNotification = defineRoute({
  operationId: 'testPushNotification',
  description:
    'Sends a real push with the values in the request (not the saved settings) and reports whether it was delivered. Signed in; rate limited per user (testNotification); delivery failures come back as data.',
  method: 'POST',
  path: '/api/notifications/test/push',
  fn: 'notifications',
  auth: 'user',
  rateLimit: 'testNotification',
  summary: 'Send a real push with the values in the request (not the saved settings)',
  tags,
  body: () => PushTestRequest(),
  response: () => NotificationTestResult(),
});

export const testEmailNotification = defineRoute({
  operationId: 'testEmailNotification',
  description:
    'Sends a test email to the address in the request, else the saved one, and reports the outcome; failures come back as descriptive messages. Signed in; rate limited per user (testNotification).',
  method: 'POST',
  path: '/api/notifications/test/email',
  fn: 'notifications',
  auth: 'user',
  rateLimit: 'testNotification',
  summary: 'Send a test email to the address in the request, else the saved one; failures come back as descriptive messages',
  tags,
  body: () => EmailTestRequest(),
  response: () => NotificationTestResult(),
});

export const testRssNotification = defineRoute({
  operationId: 'testRssNotification',
  description: "Checks that the caller's feed token exists and counts the events of the feed. Signed in; rate limited per user (testNotification).",
  method: 'POST',
  path: '/api/notifications/test/rss',
  fn: 'notifications',
  auth: 'user',
  rateLimit: 'testNotification',
  summary: 'Check that the feed token exists and count the feed events',
  tags,
  response: () => NotificationTestResult(),
});

export const testWebhookNotification = defineRoute({
  operationId: 'testWebhookNotification',
  description:
    'Sends a signed notification.test message to the webhook_url in the body, else the saved one, and answers the delivery result (status ok or error with the reason). Signed in; needs a saved webhook secret. A private, loopback or unresolvable URL is a 422; rate-limited.',
  method: 'POST',
  path: '/api/notifications/test/webhook',
  fn: 'notifications',
  auth: 'user',
  rateLimit: 'testNotification',
  summary:
    'Send a signed notification.test message (Standard Webhooks headers, the saved secrets) to the webhook_url in the request, else the saved one; answers the delivery result',
  tags,
  body: () => WebhookTestRequest(),
  response: () => NotificationTestResult(),
});

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
    'An unsubscribe page for the email link: with ?source=link (the email body link) it turns email off and offers to re-subscribe; without it (the List-Unsubscribe URL) it changes nothing and offers the unsubscribe button. Anonymous; 404 page for an unknown token.',
  method: 'GET',
  path: '/api/notifications/unsubscribe/{token}',
  fn: 'notifications',
  auth: 'none',
  summary:
    'With ?source=link (the email body link): set email_enabled false and offer re-subscribe; without it (the List-Unsubscribe URL): change nothing and offer the unsubscribe button',
  tags,
  params: () => TokenParams(),
  query: () => z.object({ source: z.enum(['link']).optional().describe('link when coming from the link in the email body (unsubscribes at once)') }),
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

export const NOTIFICATIONS_ROUTES = [
  getNotificationSettings,
  putNotificationSettings,
  getNotificationHistory,
  rotateFeedToken,
  testPushNotification,
  testEmailNotification,
  testRssNotification,
  testWebhookNotification,
  rotateWebhookSecret,
  getNotificationFeed,
  unsubscribeGet,
  unsubscribePost,
];

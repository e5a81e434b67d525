/** Routes of the notifications function group (functions/api/notifications.ts implements them). */
import * as z from 'zod';
import { NotificationHistoryItem } from '#shared/domain/notify/notification.schema.ts';
import { NotificationSettingsUpdate, NotificationSettingsUpdateReply, NotificationSettingsView } from '#shared/domain/notify/prefs.schema.ts';
import { EmailTestRequest, NotificationTestResult, PushTestRequest, WebhookSecretReply, WebhookTestRequest } from '#shared/notify/notification-test.schema.ts';
import { FeedToken } from '#shared/notify/settings.ts';
import { TokenParams, listOf } from '#shared/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';
import { defineRoute } from '#shared/http/route.ts';

const tags = ['notifications'];

export const getNotificationSettings = defineRoute({
  operationId: 'getNotificationSettings',
  method: 'GET',
  path: '/api/notifications/settings',
  fn: 'notifications',
  auth: 'user',
  summary: 'Notification preferences (push_password_set, never the password); creates the RSS token on first read',
  tags,
  response: NotificationSettingsView,
});

export const putNotificationSettings = defineRoute({
  operationId: 'putNotificationSettings',
  method: 'PUT',
  path: '/api/notifications/settings',
  fn: 'notifications',
  auth: 'user',
  summary:
    'Update preferences (NotificationSettingsUpdate); saving an email address creates the unsubscribe token, changing it replaces the token (old unsubscribe links answer 404); the first saved webhook_url creates webhook_secret, shown in this reply only',
  tags,
  body: NotificationSettingsUpdate,
  response: NotificationSettingsUpdateReply,
});

export const getNotificationHistory = defineRoute({
  operationId: 'getNotificationHistory',
  method: 'GET',
  path: '/api/notifications/history',
  fn: 'notifications',
  auth: 'user',
  summary: 'The notification events of the user with their per-channel state, newest first',
  tags,
  query: Paging,
  response: listOf(NotificationHistoryItem),
});

export const rotateFeedToken = defineRoute({
  operationId: 'rotateFeedToken',
  method: 'POST',
  path: '/api/notifications/rss/rotate-token',
  fn: 'notifications',
  auth: 'user',
  summary: 'Replace the RSS token: answers the new token and feed URL; the old feed URL answers 404 at once',
  tags,
  response: FeedToken,
});

export const testPushNotification = defineRoute({
  operationId: 'testPushNotification',
  method: 'POST',
  path: '/api/notifications/test/push',
  fn: 'notifications',
  auth: 'user',
  rateLimit: 'testNotification',
  summary: 'Send a real push with the values in the request (not the saved settings)',
  tags,
  body: PushTestRequest,
  response: NotificationTestResult,
});

export const testEmailNotification = defineRoute({
  operationId: 'testEmailNotification',
  method: 'POST',
  path: '/api/notifications/test/email',
  fn: 'notifications',
  auth: 'user',
  rateLimit: 'testNotification',
  summary: 'Send a test email to the address in the request, else the saved one; failures come back as descriptive messages',
  tags,
  body: EmailTestRequest,
  response: NotificationTestResult,
});

export const testRssNotification = defineRoute({
  operationId: 'testRssNotification',
  method: 'POST',
  path: '/api/notifications/test/rss',
  fn: 'notifications',
  auth: 'user',
  rateLimit: 'testNotification',
  summary: 'Check that the feed token exists and count the feed events',
  tags,
  response: NotificationTestResult,
});

export const testWebhookNotification = defineRoute({
  operationId: 'testWebhookNotification',
  method: 'POST',
  path: '/api/notifications/test/webhook',
  fn: 'notifications',
  auth: 'user',
  rateLimit: 'testNotification',
  summary:
    'Send a signed notification.test message (Standard Webhooks headers, the saved secrets) to the webhook_url in the request, else the saved one; answers the delivery result',
  tags,
  body: WebhookTestRequest,
  response: NotificationTestResult,
});

export const rotateWebhookSecret = defineRoute({
  operationId: 'rotateWebhookSecret',
  method: 'POST',
  path: '/api/notifications/webhook/rotate-secret',
  fn: 'notifications',
  auth: 'user',
  summary: 'A new webhook_secret (whsec_…), shown this once; the replaced secret keeps signing alongside it for 24 h',
  tags,
  response: WebhookSecretReply,
});

export const getNotificationFeed = defineRoute({
  operationId: 'getNotificationFeed',
  method: 'GET',
  path: '/api/notifications/feed/{token}',
  fn: 'notifications',
  auth: 'none',
  summary: "The user's RSS 2.0 feed",
  tags,
  params: TokenParams,
  produces: 'application/rss+xml',
});

export const unsubscribeGet = defineRoute({
  operationId: 'unsubscribeGet',
  method: 'GET',
  path: '/api/notifications/unsubscribe/{token}',
  fn: 'notifications',
  auth: 'none',
  summary:
    'With ?source=link (the email body link): set email_enabled false and offer re-subscribe; without it (the List-Unsubscribe URL): change nothing and offer the unsubscribe button',
  tags,
  params: TokenParams,
  query: z.object({ source: z.enum(['link']).optional() }),
  produces: 'text/html',
});

export const unsubscribePost = defineRoute({
  operationId: 'unsubscribePost',
  method: 'POST',
  path: '/api/notifications/unsubscribe/{token}',
  fn: 'notifications',
  auth: 'none',
  summary: 'RFC 8058 one-click unsubscribe (form-encoded or multipart List-Unsubscribe=One-Click); action=resubscribe undoes it',
  tags,
  params: TokenParams,
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

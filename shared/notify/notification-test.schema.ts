/**
 * The schemas of the notification test endpoints, apart from the use case
 * (send-test-notifications.ts) so the route table can name them without
 * pulling in the push and email senders.
 */
import * as z from 'zod';
import { PushAuth, PushUrl, WebhookUrl } from '#shared/domain/notify/prefs.schema.ts';

export const PushTestRequest = z.object({
  push_url: PushUrl,
  push_auth: PushAuth.default('none'),
  /** When omitted with token auth, the saved token is used only if push_url and push_username are exactly the saved ones. */
  push_token: z.string().max(512).nullable().optional(),
  push_username: z.string().max(256).nullable().optional(),
  /** When omitted with basic auth, the saved password (never shown) is used only if push_url and push_username are exactly the saved ones. */
  push_password: z.string().max(512).nullable().optional(),
});
export type PushTestRequest = z.infer<typeof PushTestRequest>;

export const EmailTestRequest = z
  .object({
    email_address: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email({ error: 'must be a valid email address' }))
      .optional(),
  })
  .optional();

export const WebhookTestRequest = z
  .object({
    webhook_url: WebhookUrl.optional().describe('Where to send the test; the saved webhook_url when omitted'),
  })
  .strict()
  .optional();
export type WebhookTestRequest = z.infer<typeof WebhookTestRequest>;

/** POST /api/notifications/webhook/rotate-secret: the new secret, shown this once. */
export const WebhookSecretReply = z.object({
  webhook_secret: z.string().describe('The new signing secret (whsec_…); store it now, it is never shown again'),
  previous_secret_expires_at: z
    .string()
    .nullable()
    .describe('Until when (ISO 8601) the replaced secret keeps signing alongside the new one; null when there was none'),
});
export type WebhookSecretReply = z.infer<typeof WebhookSecretReply>;

export const NotificationTestResult = z.object({
  status: z.enum(['ok', 'error']),
  detail: z.string().optional(),
  error: z.string().optional(),
  event_count: z.number().int().optional(),
  feed_url: z.string().optional(),
  webhook_id: z.string().optional().describe('webhook test: the webhook-id of the signed test message sent'),
});
export type NotificationTestResult = z.infer<typeof NotificationTestResult>;

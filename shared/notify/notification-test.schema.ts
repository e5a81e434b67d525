/**
 * The schemas of the notification test endpoints, apart from the use case
 * (send-test-notifications.ts) so the route table can name them without
 * pulling in the push and email senders.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { PushAuth, PushUrl, WebhookUrl } from '#shared/domain/notify/prefs.schema.ts';

export const PushTestRequest = lazySchema(() =>
  z.object({
    push_url: PushUrl().describe('The ntfy-compatible push topic URL'),
    push_auth: PushAuth().default('none').describe('How to authenticate at the push server: none, basic or token'),
    push_token: z
      .string()
      .max(512)
      .nullable()
      .optional()
      .describe('When omitted with token auth, the saved token is used only if push_url and push_username are exactly the saved ones.'),
    push_username: z.string().max(256).nullable().optional().describe('The user name for basic auth at the push server'),
    push_password: z
      .string()
      .max(512)
      .nullable()
      .optional()
      .describe('When omitted with basic auth, the saved password (never shown) is used only if push_url and push_username are exactly the saved ones.'),
  }),
);
export type PushTestRequest = z.infer<ReturnType<typeof PushTestRequest>>;

export const EmailTestRequest = lazySchema(() =>
  z
    .object({
      email_address: z
        .string()
        .trim()
        .toLowerCase()
        .max(254)
        .pipe(z.email({ error: 'must be a valid email address' }))
        .optional()
        .describe('The address notification emails go to'),
    })
    .optional(),
);

export const WebhookTestRequest = lazySchema(() =>
  z
    .object({
      webhook_url: WebhookUrl().optional().describe('Where to send the test; the saved webhook_url when omitted'),
    })
    .strict()
    .optional(),
);
export type WebhookTestRequest = z.infer<ReturnType<typeof WebhookTestRequest>>;

/** POST /api/notifications/webhook/rotate-secret: the new secret, shown this once. */
export const WebhookSecretReply = lazySchema(() =>
  z.object({
    webhook_secret: z.string().describe('The new signing secret (whsec_…); store it now, it is never shown again'),
    previous_secret_expires_at: z
      .string()
      .nullable()
      .describe('Until when (ISO 8601) the replaced secret keeps signing alongside the new one; null when there was none'),
  }),
);
export type WebhookSecretReply = z.infer<ReturnType<typeof WebhookSecretReply>>;

export const NotificationTestResult = lazySchema(() =>
  z.object({
    status: z.enum(['ok', 'error']).describe('ok when the test went through, else error (see detail)'),
    detail: z.string().optional().describe('What went wrong, for people'),
    error: z.string().optional().describe('What went wrong; null when nothing did'),
    event_count: z.number().int().optional().describe('How many events the feed holds'),
    feed_url: z.string().optional().describe('The URL of the personal RSS feed'),
    webhook_id: z.string().optional().describe('webhook test: the webhook-id of the signed test message sent'),
  }),
);
export type NotificationTestResult = z.infer<ReturnType<typeof NotificationTestResult>>;

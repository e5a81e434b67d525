/**
 * The reply schemas of the notification test endpoints and of the webhook
 * secret rotation, apart from the use cases so the route table can name
 * them without pulling in the senders (each channel's test request is
 * declared with the channel, shared/domain/notify/channels/).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

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
    signing_secret: z
      .string()
      .optional()
      .describe(
        'webhook test to a URL other than the saved one: the throw-away secret (whsec_…) that signed the test message, to check its signature; never the saved secret (a test to the saved URL is signed with the saved secret and has none)',
      ),
  }),
);
export type NotificationTestResult = z.infer<ReturnType<typeof NotificationTestResult>>;

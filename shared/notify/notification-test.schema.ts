/**
 * The schemas of the notification test endpoints, apart from the use case
 * (send-test-notifications.ts) so the route table can name them without
 * pulling in the push and email senders.
 */
import * as z from 'zod';
import { PushAuth, PushUrl } from '#shared/domain/notify/prefs.schema.ts';

export const PushTestRequest = z.object({
  push_url: PushUrl,
  push_auth: PushAuth.default('none'),
  push_token: z
    .string()
    .max(512)
    .nullable()
    .optional()
    .describe('When omitted with token auth, the saved token is used only if push_url and push_username are exactly the saved ones.'),
  push_username: z.string().max(256).nullable().optional(),
  push_password: z
    .string()
    .max(512)
    .nullable()
    .optional()
    .describe('When omitted with basic auth, the saved password (never shown) is used only if push_url and push_username are exactly the saved ones.'),
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

export const NotificationTestResult = z.object({
  status: z.enum(['ok', 'error']),
  detail: z.string().optional(),
  error: z.string().optional(),
  event_count: z.number().int().optional(),
  feed_url: z.string().optional(),
});
export type NotificationTestResult = z.infer<typeof NotificationTestResult>;

/**
 * The webhook channel (Standard Webhooks, docs/webhooks.md): its settings
 * and their rules. The signing secret is made by the service when a
 * webhook_url is first saved and shown only in that reply (or a rotation's);
 * it is sealed at rest, as is the secret a rotation replaced while it keeps
 * signing. Removing the URL turns the webhook off. Delivery (the address
 * check, the secret, the send, the test): shared/use-cases/notify/channels/webhook.channel.ts.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { defineChannel, type SettingsError } from './channel.ts';
import { decodes } from './push.ts';

/** An http(s) URL of the user's webhook endpoint. Where it may point is checked by the use case (the SSRF guard needs DNS). */
export const WebhookUrl = lazySchema(() =>
  z
    .string()
    .trim()
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of your webhook endpoint' }))
    .refine((u) => !URL.canParse(u) || decodes(new URL(u).pathname), { error: 'the path has a malformed %-escape' }),
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

export const webhookChannel = defineChannel({
  name: 'webhook',
  delivery: 'send',
  history: { description: 'The signed webhook', since: 'later' },
  stored: () => ({
    webhook_enabled: z.boolean().default(false).describe('Whether notifications are sent to webhook_url'),
    webhook_url: z.string().nullable().default(null).describe('The endpoint webhooks are POSTed to'),
    /** The signing secret (whsec_…), created by the service when a webhook_url is first saved. */
    webhook_secret_sealed: z.string().nullable().default(null),
    /** The secret a rotation replaced: it keeps signing alongside the new one until webhook_previous_secret_expires_at. */
    webhook_previous_secret_sealed: z.string().nullable().default(null),
    webhook_previous_secret_expires_at: z
      .string()
      .nullable()
      .default(null)
      .describe('After a rotation: until when (ISO 8601) the replaced secret still signs alongside the new one; null otherwise'),
  }),
  hidden: ['webhook_secret_sealed', 'webhook_previous_secret_sealed'],
  update: () => ({
    webhook_enabled: z.boolean().describe('Send notifications to webhook_url, signed per the Standard Webhooks specification'),
    webhook_url: WebhookUrl().nullable().describe('The http(s) endpoint webhooks are POSTed to; the first one saved creates webhook_secret (shown once)'),
  }),
  writeOnly: [],
  view: () => ({
    webhook_secret_set: z.boolean().describe('Whether a webhook signing secret exists; the secret itself is shown only when created or rotated'),
  }),
  shownOnSave: () => ({
    webhook_secret: z
      .string()
      .optional()
      .describe('The new webhook signing secret (whsec_…), present only in the reply that created it; store it now, it is never shown again'),
  }),
  isOn: (p) => p.webhook_enabled && Boolean(p.webhook_url) && Boolean(p.webhook_secret_sealed),
  applyUpdate: ({ next, update }) => {
    const errors: SettingsError[] = [];
    if (next.webhook_url === null) next.webhook_enabled = false;
    if (update.webhook_enabled === true && !next.webhook_url)
      errors.push({ path: 'body.webhook_url', message: 'a webhook_url is needed to enable the webhook' });
    return errors;
  },
  test: {
    operationId: 'testWebhookNotification',
    description:
      "Sends a notification.test message to the webhook_url in the body, else the saved one, and answers the delivery result (status ok or error with the reason). To the saved webhook_url it is signed with the saved secret (and a rotated one in its grace), as real messages are, so the receiver's own check proves the setup; to any other URL it is signed with a throw-away secret that the result shows in signing_secret (never the saved secret, so a test to any URL hands out no message a receiver of real ones would accept). Signed in; works before any webhook_url is saved. A private, loopback or unresolvable URL is a 422; rate-limited.",
    summary:
      'Send a notification.test message (Standard Webhooks headers) to the webhook_url in the request, else the saved one: signed with the saved secret when it goes to the saved URL, else with a throw-away secret shown in the result; answers the delivery result',
    request: () => WebhookTestRequest(),
  },
});

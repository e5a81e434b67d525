/**
 * Sending one webhook message for a user: the signing secrets are opened
 * here, at send time (the current one, and the one a rotation replaced while
 * its 24 hours of grace last), the payload is built and signed, and the POST
 * goes through the SSRF guard. A test message (webhookTestTo) is signed
 * with the secrets its caller chose (webhook.channel.ts). The message id is the message's identity
 * (message-identity.ts), so every retry of one message has the same
 * webhook-id and a receiver can drop the repeats (docs/webhooks.md).
 */
import { randomUUID } from 'node:crypto';
import { config } from '#shared/platform/config.ts';
import { open } from '#shared/platform/secret-box.ts';
import { postWebhook } from '#shared/adapters/providers/channels/webhook-sender.ts';
import type { NotificationPrefs } from '#shared/domain/notify/prefs.schema.ts';
import { webhookPayload, webhookTestPayload, type WebhookOccasion, type WebhookPayload } from '#shared/domain/notify/webhook-payload.ts';

/** The secrets that sign a message at `now`: the current one first, then the replaced one while its grace lasts. */
export function webhookSecretsOf(
  prefs: Pick<NotificationPrefs, 'webhook_secret_sealed' | 'webhook_previous_secret_sealed' | 'webhook_previous_secret_expires_at'>,
  now: Date,
): string[] {
  if (!prefs.webhook_secret_sealed) throw new Error('no webhook secret: save a webhook_url to create one');
  const previousLive =
    prefs.webhook_previous_secret_sealed &&
    prefs.webhook_previous_secret_expires_at &&
    new Date(prefs.webhook_previous_secret_expires_at).getTime() > now.getTime();
  return [open(prefs.webhook_secret_sealed), ...(previousLive && prefs.webhook_previous_secret_sealed ? [open(prefs.webhook_previous_secret_sealed)] : [])];
}

/** Signs `payload` with `secrets` and POSTs it to `url`. */
async function send(url: string, secrets: string[], payload: WebhookPayload, now: Date) {
  const timestamp = Math.floor(now.getTime() / 1000);
  return postWebhook({ url, id: payload.id, timestamp, body: JSON.stringify(payload), secrets }, { allowPrivate: config().ALLOW_PRIVATE_PUSH_TARGETS });
}

/** Sends the events of `occasion` to the user's saved webhook as message `id` (its identity), signed with the saved secrets. */
export async function webhookTo(user: { id: string; prefs: NotificationPrefs }, occasion: WebhookOccasion, publicUrl: string, id: string, now = new Date()) {
  if (!user.prefs.webhook_url) throw new Error('no webhook_url saved');
  const payload = webhookPayload(occasion, id, now, publicUrl);
  return send(user.prefs.webhook_url, webhookSecretsOf(user.prefs, now), payload, now);
}

/** Sends a notification.test message to `url`, signed with `secrets`. */
export async function webhookTestTo(url: string, secrets: string[], now = new Date()) {
  const payload = webhookTestPayload(`msg_test_${randomUUID().replace(/-/g, '')}`, now);
  return { id: payload.id, outcome: await send(url, secrets, payload, now) };
}

/**
 * The webhook channel's settings use cases.
 * secret on save: 1. a webhook_url being saved must not point at a private
 *   or reserved address (422; checked again at every send); 2. the first
 *   saved webhook_url creates the signing secret, sealed, and the reply that
 *   saved it is the only one that shows it.
 * rotate: 1. a new secret becomes current; 2. the old one keeps signing
 *   alongside it for 24 hours, so a receiver can switch without dropping a
 *   delivery; 3. the reply shows the new secret, once.
 * test: 1. the request's webhook_url, else the saved one (a request's URL
 *   passes the same address check, 422); 2. a signed notification.test
 *   message with the saved secrets; 3. {status, detail} or {status:
 *   "error", error} with the reason.
 */
import { config } from '#shared/platform/config.ts';
import { seal } from '#shared/platform/secret-box.ts';
import { savePrefs } from '#shared/db/notification-prefs.repository.ts';
import { InvalidInputError, NotFoundError } from '#shared/errors/app-error.ts';
import { generateWebhookSecret, webhookUrlProblem } from '#shared/providers/channels/webhook-sender.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { readPrefs, type NotificationPrefs } from '#shared/domain/notify/prefs.schema.ts';
import type { NotificationTestResult, WebhookSecretReply, WebhookTestRequest } from './notification-test.schema.ts';
import { webhookTestTo } from './webhook-send.ts';
import { errorText } from '#shared/errors/error-text.ts';

/** How long a replaced secret keeps signing alongside the new one. */
export const WEBHOOK_ROTATION_GRACE_HOURS = 24;

const blockedUrl = (problem: string) =>
  new InvalidInputError(`Invalid body.webhook_url: ${problem}`, [{ path: 'body.webhook_url', message: problem }], 'notifications.webhook_url_blocked');

/** Refuses (422) a webhook_url the SSRF guard would never let a delivery reach. */
export async function assertWebhookUrlAllowed(url: string): Promise<void> {
  const problem = await webhookUrlProblem(url, { allowPrivate: config().ALLOW_PRIVATE_PUSH_TARGETS });
  if (problem) throw blockedUrl(problem);
}

/**
 * The webhook part of a settings save: checks a newly saved URL and, when a
 * URL is saved and no secret exists yet, creates the secret. Returns the
 * prefs to store and the new secret, if one was created (shown once).
 */
export async function prepareWebhook(before: NotificationPrefs, next: NotificationPrefs): Promise<{ prefs: NotificationPrefs; secret: string | null }> {
  if (next.webhook_url && next.webhook_url !== before.webhook_url) await assertWebhookUrlAllowed(next.webhook_url);
  if (!next.webhook_url || next.webhook_secret_sealed) return { prefs: next, secret: null };
  const secret = generateWebhookSecret();
  return { prefs: { ...next, webhook_secret_sealed: seal(secret) }, secret };
}

/** POST /api/notifications/webhook/rotate-secret. */
export async function rotateWebhookSecret(user: User, now = new Date()): Promise<WebhookSecretReply> {
  const prefs = readPrefs(user.notification_prefs);
  const secret = generateWebhookSecret();
  // A first secret has nothing to keep signing alongside it.
  const expires = prefs.webhook_secret_sealed ? new Date(now.getTime() + WEBHOOK_ROTATION_GRACE_HOURS * 3600_000).toISOString() : null;
  const next: NotificationPrefs = {
    ...prefs,
    webhook_secret_sealed: seal(secret),
    webhook_previous_secret_sealed: expires ? prefs.webhook_secret_sealed : null,
    webhook_previous_secret_expires_at: expires,
  };
  if (!(await savePrefs(user.id, next))) throw new NotFoundError('No such user', 'user.not_found');
  return { webhook_secret: secret, previous_secret_expires_at: expires };
}

/** POST /api/notifications/test/webhook. */
export async function testWebhook(user: User, req: WebhookTestRequest, now = new Date()): Promise<NotificationTestResult> {
  const prefs = readPrefs(user.notification_prefs);
  if (req?.webhook_url) await assertWebhookUrlAllowed(req.webhook_url);
  const url = req?.webhook_url ?? prefs.webhook_url;
  if (!url) return { status: 'error', error: 'No webhook URL: enter one (or save it) before testing' };
  if (!prefs.webhook_secret_sealed) return { status: 'error', error: 'No webhook secret yet: save a webhook_url to create one, then test' };
  try {
    const { id, outcome } = await webhookTestTo(url, prefs, now);
    return { status: 'ok', detail: `Signed test webhook ${id} delivered: ${outcome.detail}`, webhook_id: id };
  } catch (err) {
    return { status: 'error', error: `Webhook failed: ${errorText(err)}` };
  }
}

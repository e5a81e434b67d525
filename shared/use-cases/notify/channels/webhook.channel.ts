/**
 * The webhook channel's delivery: each message signed with the saved
 * secrets (webhook-send.ts), the save's address check and first secret, and
 * the test. A save: 1. a webhook_url being saved must not point at a private
 * or reserved address (422; checked again at every send); 2. the first
 * saved webhook_url creates the signing secret, sealed, and the reply that
 * saved it is the only one that shows it. A test (test before save, like
 * every channel): 1. the request's webhook_url, else the saved one (a
 * request's URL passes the same address check, 422); 2. a notification.test
 * message: to the saved URL, signed with the saved secrets as a real message
 * is (so the receiver's own check proves the setup; nothing goes anywhere
 * real messages do not); to any other URL, signed with a throw-away secret
 * that the result shows, never the saved one (a test to any URL must not
 * hand out signed messages a receiver of the real ones would accept);
 * 3. {status, detail} or {status: "error", error} with the reason.
 */
import { config } from '#shared/platform/config.ts';
import { seal } from '#shared/platform/secret-box.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { errorText } from '#shared/errors/error-text.ts';
import { generateWebhookSecret, webhookUrlProblem } from '#shared/adapters/providers/channels/webhook-sender.ts';
import { WebhookTestRequest } from '#shared/domain/notify/channels/webhook.ts';
import { readPrefs } from '#shared/domain/notify/prefs.schema.ts';
import { publicUrl } from '../public-url.ts';
import { webhookSecretsOf, webhookTestTo, webhookTo } from '../webhook-send.ts';
import type { ChannelDelivery } from './delivery.ts';

const blockedUrl = (problem: string) =>
  new InvalidInputError(`Invalid body.webhook_url: ${problem}`, [{ path: 'body.webhook_url', message: problem }], 'notifications.webhook_url_blocked');

/** Refuses (422) a webhook_url the SSRF guard would never let a delivery reach. */
export async function assertWebhookUrlAllowed(url: string): Promise<void> {
  const problem = await webhookUrlProblem(url, { allowPrivate: config().ALLOW_PRIVATE_PUSH_TARGETS });
  if (problem) throw blockedUrl(problem);
}

export const webhookDelivery: ChannelDelivery = {
  send: (user, _message, { occasion, identity }) => webhookTo(user, occasion, publicUrl(), identity.webhookId),
  test: async (user, body, now) => {
    const req = WebhookTestRequest().parse(body);
    if (req?.webhook_url) await assertWebhookUrlAllowed(req.webhook_url);
    const prefs = readPrefs(user.notification_prefs);
    const url = req?.webhook_url ?? prefs.webhook_url;
    if (!url) return { status: 'error', error: 'No webhook URL: enter one (or save it) before testing' };
    const toSaved = url === prefs.webhook_url && Boolean(prefs.webhook_secret_sealed);
    const throwAway = toSaved ? null : generateWebhookSecret();
    const signedWith = throwAway ? 'the test secret shown here' : 'your saved webhook secret';
    const shown = throwAway ? { signing_secret: throwAway } : {};
    try {
      const { id, outcome } = await webhookTestTo(url, throwAway ? [throwAway] : webhookSecretsOf(prefs, now), now);
      return { status: 'ok', detail: `Test webhook ${id} delivered, signed with ${signedWith}: ${outcome.detail}`, webhook_id: id, ...shown };
    } catch (err) {
      return { status: 'error', error: `Webhook failed: ${errorText(err)}`, ...shown };
    }
  },
  prepareSave: async ({ before, next }) => {
    if (next.webhook_url && next.webhook_url !== before.webhook_url) await assertWebhookUrlAllowed(next.webhook_url);
    if (!next.webhook_url || next.webhook_secret_sealed) return { prefs: next };
    const secret = generateWebhookSecret();
    return { prefs: { ...next, webhook_secret_sealed: seal(secret) }, shown: { webhook_secret: secret } };
  },
  view: (_user, prefs) => ({ webhook_secret_set: Boolean(prefs.webhook_secret_sealed) }),
};

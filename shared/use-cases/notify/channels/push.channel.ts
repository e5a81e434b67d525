/**
 * The push channel's delivery: publishing to the saved ntfy-compatible
 * target under the message's sequence id, the test push, and the save's
 * address check. The saved secrets (the password, the token) are opened
 * only at send time, and a test push may omit them only when its push_url
 * (server and topic) and push_username are exactly the saved ones:
 * otherwise anyone holding a session could point a test at their own server
 * and receive a secret the API never shows; such a request must carry its
 * own secret (422 naming the field). A push_url on a private or reserved
 * address is refused at save (422) as the send's guard refuses it.
 */
import { config } from '#shared/platform/config.ts';
import { open } from '#shared/platform/secret-box.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { errorText } from '#shared/errors/error-text.ts';
import { publishPush } from '#shared/adapters/providers/channels/push-sender.ts';
import { webhookUrlProblem } from '#shared/adapters/providers/channels/webhook-sender.ts';
import { PushTestRequest } from '#shared/domain/notify/channels/push.ts';
import { readPrefs, type NotificationPrefs } from '#shared/domain/notify/prefs.schema.ts';
import { buildPushRequest, type PushTarget } from '#shared/domain/notify/push-request.ts';
import type { RenderedMessage } from '#shared/domain/notify/render.ts';
import type { ChannelDelivery } from './delivery.ts';
import { testMessage } from './test-message.ts';

/** The push target of stored preferences, with the secrets opened. */
export function pushTargetOf(prefs: NotificationPrefs): PushTarget {
  return {
    push_url: prefs.push_url ?? '',
    push_auth: prefs.push_auth,
    push_token: prefs.push_token_sealed ? open(prefs.push_token_sealed) : null,
    push_username: prefs.push_username,
    push_password: prefs.push_password_sealed ? open(prefs.push_password_sealed) : null,
  };
}

/** Publishes a message to a push target under the deployment's SSRF policy, as `sequenceId` when it has one. */
export const pushTo = (target: PushTarget, message: RenderedMessage, sequenceId?: string) =>
  publishPush(buildPushRequest(message, target, sequenceId), { allowPrivate: config().ALLOW_PRIVATE_PUSH_TARGETS });

/** Whether a test targets exactly the saved push server, topic and user, the only target a saved secret may go to. */
const isSavedTarget = (req: PushTestRequest, saved: NotificationPrefs) =>
  saved.push_url !== null && req.push_url === saved.push_url && (req.push_username ?? null) === saved.push_username;

const secretRequired = (field: 'push_password' | 'push_token') =>
  new InvalidInputError(
    `Invalid body.${field}: enter it to test another server, topic or username; the saved one is only sent to the saved push_url and push_username`,
    [{ path: `body.${field}`, message: 'required unless push_url and push_username are exactly the saved ones' }],
    'notifications.push_secret_required',
  );

/** The secrets a test push may send: the request's own, else the saved ones when the target is exactly the saved one. */
function testSecrets(req: PushTestRequest, saved: NotificationPrefs): { token: string | null; password: string | null } {
  const savedTarget = isSavedTarget(req, saved);
  let token = req.push_token ?? null;
  let password = req.push_password ?? null;
  if (req.push_auth === 'token' && !token) {
    if (!savedTarget || !saved.push_token_sealed) throw secretRequired('push_token');
    token = open(saved.push_token_sealed);
  }
  if (req.push_auth === 'basic' && password === null && saved.push_password_sealed) {
    if (!savedTarget) throw secretRequired('push_password');
    password = open(saved.push_password_sealed);
  }
  return { token, password };
}

/** Refuses (422) a push_url the SSRF guard would never let a push reach. */
async function assertPushUrlAllowed(url: string): Promise<void> {
  const problem = await webhookUrlProblem(url, { allowPrivate: config().ALLOW_PRIVATE_PUSH_TARGETS, channel: 'push' });
  if (problem) {
    throw new InvalidInputError(`Invalid body.push_url: ${problem}`, [{ path: 'body.push_url', message: problem }], 'notifications.push_url_blocked');
  }
}

export const pushDelivery: ChannelDelivery = {
  send: (user, message, { identity }) => pushTo(pushTargetOf(user.prefs), message, identity.id),
  test: async (user, body) => {
    const req = PushTestRequest().parse(body);
    const { token, password } = testSecrets(req, readPrefs(user.notification_prefs));
    try {
      const target: PushTarget = {
        push_url: req.push_url,
        push_auth: req.push_auth,
        push_token: token,
        push_username: req.push_username ?? null,
        push_password: password,
      };
      const outcome = await pushTo(target, testMessage('push'));
      return { status: 'ok', detail: outcome.detail };
    } catch (err) {
      return { status: 'error', error: `Push failed: ${errorText(err)}` };
    }
  },
  prepareSave: async ({ before, next }) => {
    if (next.push_url && next.push_url !== before.push_url) await assertPushUrlAllowed(next.push_url);
    return { prefs: next };
  },
  view: (_user, prefs) => ({ push_token_set: Boolean(prefs.push_token_sealed), push_password_set: Boolean(prefs.push_password_sealed) }),
};

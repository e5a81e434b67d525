/**
 * Sends one rendered message to one user over push, email and/or webhook,
 * and reports each channel's outcome separately so a failure on one channel
 * never resends another. The push password is opened only here, at send
 * time (the webhook secrets in webhook-send.ts). A webhook carries the
 * events themselves (docs/webhooks.md), so callers name them too; they also
 * give each message its identity (message-identity.ts), which every channel
 * carries so a resend is recognised as the same message.
 */
import { config } from '#shared/platform/config.ts';
import type { NotifiableUser } from '#shared/db/notification-prefs.repository.ts';
import { ensureNotificationToken } from '#shared/db/notification-tokens.repository.ts';
import { sendEmail } from '#shared/providers/channels/email-sender.ts';
import { publishPush } from '#shared/providers/channels/push-sender.ts';
import { addressOf, composeEmail, unsubscribeUrls } from '#shared/domain/notify/email-message.ts';
import type { NotificationPrefs } from '#shared/domain/notify/prefs.schema.ts';
import { buildPushRequest, type PushTarget } from '#shared/domain/notify/push-request.ts';
import type { RenderedMessage } from '#shared/domain/notify/render.ts';
import { open } from '#shared/platform/secret-box.ts';
import type { WebhookOccasion } from '#shared/domain/notify/webhook-payload.ts';
import { webhookTo } from './webhook-send.ts';
import { messageIdentity } from './message-identity.ts';
import { emailAccepted } from '#shared/db/email-receipts.repository.ts';
import { errorText } from '#shared/errors/error-text.ts';

export type SendChannel = 'push' | 'email' | 'webhook';
/** The channels that send (RSS is read, not sent). */
export const SEND_CHANNELS: readonly SendChannel[] = ['push', 'email', 'webhook'];
export interface ChannelResult {
  state: 'sent' | 'failed';
  error?: string;
}

/** PUBLIC_URL without a trailing slash. */
export const publicUrl = () => config().PUBLIC_URL.replace(/\/+$/, '');

/** The push target of stored preferences, with the password opened. */
export function pushTargetOf(prefs: NotificationPrefs): PushTarget {
  return {
    push_url: prefs.push_url ?? '',
    push_auth: prefs.push_auth,
    push_token: prefs.push_token,
    push_username: prefs.push_username,
    push_password: prefs.push_password_sealed ? open(prefs.push_password_sealed) : null,
  };
}

/** Publishes a message to a push target under the deployment's SSRF policy, as `sequenceId` when it has one. */
export const pushTo = (target: PushTarget, message: RenderedMessage, sequenceId?: string) =>
  publishPush(buildPushRequest(message, target, sequenceId), { allowPrivate: config().ALLOW_PRIVATE_PUSH_TARGETS });

/** The domain of the sender's address, which names the service in a Message-ID. */
const mailDomain = () => addressOf(config().SMTP_FROM).split('@').pop() || 'billwatch.invalid';

/** Emails a message to `to` with the user's unsubscribe headers and link (creating the token if absent), under `identity` when it has one. */
export async function emailTo(user: Pick<NotifiableUser, 'id' | 'email_unsubscribe_token'>, to: string, message: RenderedMessage, identity?: string) {
  const token = user.email_unsubscribe_token ?? (await ensureNotificationToken(user.id, 'unsubscribe'));
  if (!token) throw new Error('the user no longer exists');
  const c = config();
  return sendEmail(
    composeEmail({
      message,
      to,
      from: c.SMTP_FROM,
      mailto: c.UNSUBSCRIBE_MAILTO ?? addressOf(c.SMTP_FROM),
      urls: unsubscribeUrls(publicUrl(), token),
      identity: identity ? { id: identity, domain: mailDomain() } : undefined,
    }),
  );
}

const reason = (err: unknown) => errorText(err).slice(0, 500);

async function attempt(send: () => Promise<unknown>): Promise<ChannelResult> {
  try {
    await send();
    return { state: 'sent' };
  } catch (err) {
    return { state: 'failed', error: reason(err) };
  }
}

/** How a send is made: `resend`, again after an attempt that died before recording whether it went out. */
export interface SendOptions {
  resend?: boolean;
}

/** Sends `message` (a webhook: the events of `occasion`) on each of `channels`; every channel's outcome is independent. */
export async function sendOnChannels(
  user: NotifiableUser,
  message: RenderedMessage,
  channels: SendChannel[],
  occasion: WebhookOccasion,
  options: SendOptions = {},
): Promise<Partial<Record<SendChannel, ChannelResult>>> {
  const out: Partial<Record<SendChannel, ChannelResult>> = {};
  await Promise.all(
    channels.map(async (channel) => {
      out[channel] = await sendOnChannel(user, message, channel, occasion, options);
    }),
  );
  return out;
}

/**
 * Whether a resent email already went out: SES replaces the Message-ID, so
 * no mailbox would recognise the repeat; what SES reported accepting under
 * the identity (infra/constructs/email-receipts.ts) says it was sent. Over
 * SMTP the Message-ID is kept and the repeat is the same email.
 */
async function acceptedBefore(channel: SendChannel, identity: string, options: SendOptions): Promise<boolean> {
  const c = config();
  return Boolean(options.resend && channel === 'email' && !c.SMTP_HOST && c.SES_CONFIGURATION_SET && (await emailAccepted(identity)));
}

/** Sends `message` (a webhook: the events of `occasion`) on one channel, under the message's identity; a failure is reported, never thrown. */
export function sendOnChannel(
  user: NotifiableUser,
  message: RenderedMessage,
  channel: SendChannel,
  occasion: WebhookOccasion,
  options: SendOptions = {},
): Promise<ChannelResult> {
  const identity = messageIdentity(user.id, occasion);
  const send: Record<SendChannel, () => Promise<unknown>> = {
    push: () => pushTo(pushTargetOf(user.prefs), message, identity.id),
    // A failed lookup fails the attempt (retried later), rather than risking a second copy.
    email: async () => (await acceptedBefore(channel, identity.id, options)) || emailTo(user, user.prefs.email_address ?? '', message, identity.id),
    webhook: () => webhookTo(user, occasion, publicUrl(), identity.webhookId),
  };
  return attempt(send[channel]);
}

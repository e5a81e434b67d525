/**
 * Sends one rendered message to one user on the channels of the table that
 * are sent (channels/), and reports each channel's outcome separately so a
 * failure on one channel never resends another. Each channel's secrets are
 * opened only in its delivery module, at send time. A webhook carries the
 * events themselves (docs/webhooks.md), so callers name them too; they also
 * give each message its identity (message-identity.ts), which every channel
 * carries so a resend is recognised as the same message.
 */
import type { NotifiableUser } from '#shared/adapters/db/notification-prefs.repository.ts';
import { sendChannels, type SendChannel } from '#shared/domain/notify/channels/table.ts';
import type { RenderedMessage } from '#shared/domain/notify/render.ts';
import type { WebhookOccasion } from '#shared/domain/notify/webhook-payload.ts';
import { errorText } from '#shared/errors/error-text.ts';
import { deliveryOf } from './channels/deliveries.ts';
import { messageIdentity } from './message-identity.ts';

export { publicUrl } from './public-url.ts';
export type { SendChannel } from '#shared/domain/notify/channels/table.ts';
/** The channels that send (RSS is read, not sent), in table order. */
export const SEND_CHANNELS: readonly SendChannel[] = sendChannels();
export interface ChannelResult {
  state: 'sent' | 'failed';
  error?: string;
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

/** Sends `message` (a webhook: the events of `occasion`) on one channel, under the message's identity; a failure is reported, never thrown. */
export function sendOnChannel(
  user: NotifiableUser,
  message: RenderedMessage,
  channel: SendChannel,
  occasion: WebhookOccasion,
  options: SendOptions = {},
): Promise<ChannelResult> {
  const identity = messageIdentity(user.id, occasion);
  const { send } = deliveryOf(channel);
  if (!send) return Promise.resolve({ state: 'failed', error: `${channel} is read, not sent` });
  return attempt(() => send(user, message, { occasion, identity, resend: options.resend === true }));
}

/**
 * The delivery table: each channel of the channel table
 * (shared/domain/notify/channels/index.ts) with its delivery module. A
 * channel missing here is a type error.
 */
import type { ChannelName } from '#shared/domain/notify/channels/table.ts';
import type { ChannelDelivery } from './delivery.ts';
import { emailDelivery } from './email.channel.ts';
import { pushDelivery } from './push.channel.ts';
import { rssDelivery } from './rss.channel.ts';
import { webhookDelivery } from './webhook.channel.ts';

export const DELIVERY_TABLE: Record<ChannelName, ChannelDelivery> = {
  push: pushDelivery,
  email: emailDelivery,
  rss: rssDelivery,
  webhook: webhookDelivery,
};

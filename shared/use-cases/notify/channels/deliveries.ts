/** Reading the delivery table (index.ts): a channel's delivery module by name. */
import type { ChannelDelivery } from './delivery.ts';
import { DELIVERY_TABLE } from './index.ts';

/** The delivery module of a channel. */
export function deliveryOf(channel: string): ChannelDelivery {
  const found = (DELIVERY_TABLE as Readonly<Record<string, ChannelDelivery>>)[channel];
  if (!found) throw new Error(`no delivery module for channel ${channel}`);
  return found;
}

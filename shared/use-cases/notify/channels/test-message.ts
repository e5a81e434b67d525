/** The message every channel's test sends. */
import type { RenderedMessage } from '#shared/domain/notify/render.ts';
import { publicUrl } from '../public-url.ts';

export const testMessage = (channel: string): RenderedMessage => ({
  title: 'BillWatch test notification',
  body: `If you can read this, ${channel} notifications from BillWatch work.`,
  click: `${publicUrl()}/notifications`,
  priority: 'default',
  tags: ['white_check_mark'],
  actions: [],
});

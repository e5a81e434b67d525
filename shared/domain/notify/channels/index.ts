/**
 * The channel table: every notification channel, in the order the settings
 * and the history list them. Adding a channel is a declaration module in
 * this folder, a row here, its delivery module and a row in
 * shared/use-cases/notify/channels/index.ts (docs/how-to.md, "Add a notification
 * channel"); everything else iterates the tables (table.ts reads this one).
 */
import { emailChannel } from './email.ts';
import { pushChannel } from './push.ts';
import { rssChannel } from './rss.ts';
import { webhookChannel } from './webhook.ts';

export const CHANNEL_TABLE = [pushChannel, emailChannel, rssChannel, webhookChannel] as const;

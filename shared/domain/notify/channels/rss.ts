/**
 * The RSS channel: a personal feed the user reads, addressed by their
 * token. It is marked at once (neither quiet hours nor digests apply to a
 * feed read when the reader wants). Delivery (the feed URL in the view, the
 * test): shared/use-cases/notify/channels/rss.channel.ts; the feed itself:
 * shared/use-cases/notify/feed-and-unsubscribe.ts.
 */
import * as z from 'zod';
import { defineChannel } from './channel.ts';

export const rssChannel = defineChannel({
  name: 'rss',
  delivery: 'read',
  history: { description: 'The RSS feed', since: 'first' },
  stored: () => ({
    rss_enabled: z.boolean().default(false).describe('Whether events are added to the RSS feed'),
  }),
  hidden: [],
  update: () => ({
    rss_enabled: z.boolean().describe('Whether events are added to the RSS feed'),
  }),
  writeOnly: [],
  view: () => ({
    rss_feed_url: z.string().describe('The URL of the personal RSS feed (its token is the credential)'),
  }),
  isOn: (p) => p.rss_enabled,
  applyUpdate: () => [],
  test: {
    operationId: 'testRssNotification',
    description: "Checks that the caller's feed token exists and counts the events of the feed. Signed in; rate limited per user (testNotification).",
    summary: 'Check that the feed token exists and count the feed events',
  },
});

/**
 * The RSS channel: a personal feed the user reads, addressed by their
 * token. It is marked at once (neither quiet hours nor digests apply to a
 * feed read when the reader wants). Delivery (the feed URL in the view, the
 * test): shared/use-cases/notify/channels/rss.channel.ts; the feed itself:
 * shared/use-cases/notify/feed-and-unsubscribe.ts.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { defineChannel } from './channel.ts';

/** The feed's test takes its on/off as on screen (test before save, as every channel); the saved one when omitted. */
export const RssTestRequest = lazySchema(() =>
  z
    .object({
      rss_enabled: z.boolean().optional().describe('Whether RSS is on, as on screen; the saved setting when omitted'),
    })
    .strict()
    .optional(),
);

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
    description:
      "Checks that the caller's feed token exists and counts the events of the feed. With RSS off (rss_enabled in the request, else the saved setting) the test does not pass: status error says the feed answers 404 until RSS is on. Signed in; rate limited per user (testNotification).",
    summary: 'Check that the feed token exists and RSS is on, and count the feed events',
    request: () => RssTestRequest(),
  },
});

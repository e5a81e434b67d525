/**
 * Test-before-save: what a channel's test sends (its unsaved values), and whether the values on screen are the ones
 * that last passed a test. A channel that is on and changed since it was saved must pass a test before Save.
 * The channels are the ones the client's paths have a test route for, so a new test route fails the build here
 * until it has a label, a request and a readiness rule.
 */
import type { BillWatchClient, paths, Schemas } from '../../../../typescript/index.ts';

export type Settings = Schemas['NotificationSettings'];
export type Draft = Omit<
  Settings,
  'push_password_set' | 'push_token_set' | 'webhook_secret_set' | 'rss_feed_url' | 'telegram' | 'discord' | 'webhook_previous_secret_expires_at'
> & {
  /** Write-only, like the password: empty keeps the saved one. */
  push_password: string;
  push_token: string;
};

type TestPath = Extract<keyof paths, `/api/notifications/test/${string}`>;
export type Channel = TestPath extends `/api/notifications/test/${infer C}` ? C : never;
/** What every channel's test answers (the four routes share one reply). */
export type TestResult = NonNullable<Awaited<ReturnType<typeof runChannelTest>>>;

const LABELS: Record<Channel, string> = { push: 'Push', email: 'Email', rss: 'RSS feed', webhook: 'Webhook' };

export const CHANNELS: { channel: Channel; label: string }[] = (Object.keys(LABELS) as Channel[]).map((channel) => ({ channel, label: LABELS[channel] }));

export const channelLabel = (channel: Channel): string => LABELS[channel];

/** Whether the values on screen are enough to test the channel with (the RSS feed needs none). */
export function testable(draft: Draft, channel: Channel): boolean {
  return { push: Boolean(draft.push_url), email: Boolean(draft.email_address), rss: true, webhook: Boolean(draft.webhook_url) }[channel];
}

/**
 * Runs a channel's test with the unsaved values on screen. The password and the token are sent only when typed:
 * the service then uses the saved ones for an unchanged URL and user name.
 */
export async function runChannelTest(client: BillWatchClient, channel: Channel, draft: Draft) {
  switch (channel) {
    case 'push':
      return (
        await client.POST('/api/notifications/test/push', {
          body: {
            push_url: draft.push_url ?? '',
            push_auth: draft.push_auth,
            ...(draft.push_token ? { push_token: draft.push_token } : {}),
            push_username: draft.push_username,
            ...(draft.push_password ? { push_password: draft.push_password } : {}),
          },
        })
      ).data;
    case 'email':
      return (await client.POST('/api/notifications/test/email', { body: { email_address: draft.email_address ?? '' } })).data;
    case 'rss':
      return (await client.POST('/api/notifications/test/rss')).data;
    case 'webhook':
      return (await client.POST('/api/notifications/test/webhook', { body: { webhook_url: draft.webhook_url ?? '' } })).data;
  }
}

/** The values of one channel a test checks, as a string to compare (the key of a passed test). */
export function channelValues(draft: Draft, channel: Channel): string {
  switch (channel) {
    case 'push':
      return JSON.stringify([draft.push_url, draft.push_auth, draft.push_token, draft.push_username, draft.push_password]);
    case 'email':
      return JSON.stringify([draft.email_address]);
    case 'rss':
      return JSON.stringify([draft.rss_enabled]);
    case 'webhook':
      return JSON.stringify([draft.webhook_url]);
  }
}

export function channelEnabled(draft: Draft, channel: Channel): boolean {
  return draft[`${channel}_enabled`];
}

/** The channels that are on, changed from what is saved, and not tested with the values on screen. */
export function untestedChannels(draft: Draft, saved: Draft, passed: Partial<Record<Channel, string>>): Channel[] {
  return CHANNELS.map((c) => c.channel).filter((c) => {
    if (!channelEnabled(draft, c)) return false;
    const changed = channelValues(draft, c) !== channelValues(saved, c) || channelEnabled(saved, c) !== channelEnabled(draft, c);
    return changed && passed[c] !== channelValues(draft, c);
  });
}

export function draftOf(s: Settings): Draft {
  return {
    push_enabled: s.push_enabled,
    push_url: s.push_url,
    push_auth: s.push_auth,
    push_token: '',
    push_username: s.push_username,
    push_password: '',
    email_enabled: s.email_enabled,
    email_address: s.email_address,
    webhook_enabled: s.webhook_enabled,
    webhook_url: s.webhook_url,
    digest_mode: s.digest_mode,
    rss_enabled: s.rss_enabled,
    quiet_hours_start: s.quiet_hours_start,
    quiet_hours_end: s.quiet_hours_end,
    timezone: s.timezone,
    alert_filters: s.alert_filters,
    follow_reintroductions: s.follow_reintroductions,
  };
}

/**
 * Test-before-save: what a channel's test sends (its unsaved values), and whether the values on screen are the ones
 * that last passed a test. A channel that is on and changed since it was saved must pass a test before Save.
 */
import type { Schemas } from '../../../../typescript/index.ts';

export type Settings = Schemas['NotificationSettings'];
export type Draft = Omit<
  Settings,
  'push_password_set' | 'push_token_set' | 'webhook_secret_set' | 'rss_feed_url' | 'telegram' | 'discord' | 'webhook_previous_secret_expires_at'
> & {
  /** Write-only, like the password: empty keeps the saved one. */
  push_password: string;
  push_token: string;
};
export type Channel = 'push' | 'email' | 'rss' | 'webhook';

export const CHANNELS: { channel: Channel; label: string }[] = [
  { channel: 'push', label: 'Push' },
  { channel: 'email', label: 'Email' },
  { channel: 'rss', label: 'RSS feed' },
  { channel: 'webhook', label: 'Webhook' },
];

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
  return { push: draft.push_enabled, email: draft.email_enabled, rss: draft.rss_enabled, webhook: draft.webhook_enabled }[channel];
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

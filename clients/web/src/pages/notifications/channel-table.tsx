/**
 * The notification channels as the app shows them, one row each: the only place the web app spells a channel.
 * The settings form (its fieldsets, fields and test-before-save), the Test buttons and the history's labels all read
 * this table, so a new channel is one row here. The channel names come from the typed client's test routes
 * (`/api/notifications/test/{channel}`): a channel the service adds and this table lacks fails the build, and so does
 * a setting of the settings update (PUT) that no row or common key covers (see `Uncovered` below).
 */
import type { ComponentType } from 'react';
import type { paths, Schemas } from '../../../../typescript/index.ts';
import { RotateSecret, RssFeed, type ExtraProps } from './channel-extras.tsx';

export type Settings = Schemas['NotificationSettings'];
/** What the form edits: every key of the settings update, secrets (write-only) null until typed. */
export type Draft = Required<NonNullable<paths['/api/notifications/settings']['put']['requestBody']>['content']['application/json']>;
type TestPath = Extract<keyof paths, `/api/notifications/test/${string}`>;
export type Channel = TestPath extends `/api/notifications/test/${infer C}` ? C : never;
/** The text settings a channel's fields edit (a select's value is text too). */
export type TextKey = { [K in keyof Draft]: Draft[K] extends string | null ? K : never }[keyof Draft];

export interface ChannelField {
  key: TextKey;
  label: string;
  hint?: string;
  type?: 'url' | 'email' | 'password' | 'text';
  autoComplete?: string;
  /** A select's options: value and words. */
  options?: readonly (readonly [string, string])[];
  /** The channel's test (and its sending) needs a value here. */
  needed?: boolean;
  /** Write-only: never read back, sent only when typed; the hint says when one is saved. */
  secret?: (saved: Settings) => string | undefined;
  /** Shown only for some values of the others (the push server's sign-in). */
  shownWhen?: (draft: Draft) => boolean;
}

export interface ChannelRow {
  /** The fieldset's legend, the Test button's words and the history's name for it. */
  label: string;
  /** The words of its on/off box. */
  turnOn: string;
  /** Its settings besides `{name}_enabled`; a test sends their values on screen (POST /api/notifications/test/{name}). */
  fields: readonly ChannelField[];
  /** What it shows beyond its fields (the feed URL, the signing secret's rotation). */
  Extra?: ComponentType<ExtraProps>;
}

export const CHANNEL_TABLE = {
  push: {
    label: 'Push',
    turnOn: 'Send notifications by push',
    fields: [
      { key: 'push_url', label: 'Push topic URL', hint: 'An ntfy-compatible topic, such as https://ntfy.sh/my-secret-topic', type: 'url', needed: true },
      {
        key: 'push_auth',
        label: 'Sign-in at the push server',
        options: [
          ['none', 'None'],
          ['token', 'Access token'],
          ['basic', 'User name and password'],
        ],
      },
      {
        key: 'push_token',
        label: 'Access token',
        type: 'password',
        autoComplete: 'off',
        secret: (s) => (s.push_token_set ? 'A token is saved; leave this empty to keep it.' : undefined),
        shownWhen: (d) => d.push_auth === 'token',
      },
      { key: 'push_username', label: 'User name', autoComplete: 'off', shownWhen: (d) => d.push_auth === 'basic' },
      {
        key: 'push_password',
        label: 'Password',
        type: 'password',
        autoComplete: 'new-password',
        secret: (s) => (s.push_password_set ? 'A password is saved; leave this empty to keep it.' : undefined),
        shownWhen: (d) => d.push_auth === 'basic',
      },
    ],
  },
  email: {
    label: 'Email',
    turnOn: 'Send notifications by email',
    fields: [{ key: 'email_address', label: 'Email address', type: 'email', autoComplete: 'email', needed: true }],
  },
  rss: { label: 'RSS feed', turnOn: 'Add notifications to my RSS feed', fields: [], Extra: RssFeed },
  webhook: {
    label: 'Webhook',
    turnOn: 'Send notifications to the webhook',
    fields: [
      { key: 'webhook_url', label: 'Webhook URL', hint: 'Events are POSTed here, signed per the Standard Webhooks specification.', type: 'url', needed: true },
    ],
    Extra: RotateSecret,
  },
} as const satisfies Record<Channel, ChannelRow>;

/** The channels in the order the app shows them. */
export const CHANNELS = Object.keys(CHANNEL_TABLE) as Channel[];

export const channelRow = (channel: Channel): ChannelRow => CHANNEL_TABLE[channel];

/** The settings that belong to no channel (quiet hours, filters, digests). */
export const COMMON_KEYS = ['digest_mode', 'quiet_hours_start', 'quiet_hours_end', 'timezone', 'alert_filters', 'follow_reintroductions'] as const;

// Every key of the settings update is a common key, a channel's on/off or one of its fields: a key the service adds
// and nothing here covers fails the build (the form would otherwise never send it).
type Covered = (typeof COMMON_KEYS)[number] | `${Channel}_enabled` | (typeof CHANNEL_TABLE)[Channel]['fields'][number]['key'];
type Uncovered = Exclude<keyof Draft, Covered>;
const everyKeyCovered: [Uncovered] extends [never] ? true : Uncovered = true;
void everyKeyCovered;
